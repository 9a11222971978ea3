// The analytics worker's work (analyticsWorker.ts runs it): keep the rows read (memory + IndexedDB, per admin
// and service), read what a window needs through operation 20 (src/api/requestLogReader), aggregate
// (model/aggregate.ts) and post figures — never rows — to the page. No DOM, no React.
import { errorFromReply } from '../../api/errors';
import { toQueryString } from '../../api/client';
import { readLog, type Coverage, type PageReply, type PageRequest } from '../../api/requestLogReader/read';
import { wireLogRow, type LogRow } from '../../api/requestLogReader/row';
import { openLogStore, type LogStore } from '../../api/requestLogReader/store';
import { operations } from '../../contract/operations';
import type { Analytics } from './model/aggregate';
import { AnalyticsIndex, type SignInFigures } from './model/signins';
import { resolveWindow, type WindowChoice } from './model/window';

/** The first page's size when nothing is kept (the reader's pages are 10,000 rows). */
const FIRST_TAKE = 2_000;

export interface RunRequest {
  kind: 'run';
  runId: number;
  /** Who and where: the rows are kept per admin and service. */
  scope: string;
  /** The request log's URL (absolute, no query) and the headers carrying the admin's API key. */
  url: string;
  headers: Record<string, string>;
  choice: WindowChoice;
}

export type ToWorker = RunRequest | { kind: 'cancel'; runId: number };

export type FromWorker =
  | { kind: 'progress'; runId: number; read: number; estimate: number }
  | {
      kind: 'result';
      runId: number;
      analytics: Analytics;
      /** Failed sign-ins by the user name tried (model/signins.ts). */
      signIns: SignInFigures;
      final: boolean;
      /** The service's log starts inside the window (retention, or a young log). */
      retentionLimited: boolean;
      stored: boolean;
      /** Where the run's time went so far (ms): since it started, and in this aggregation (bench/analytics.ts). */
      timing: { sinceStartMs: number; aggregateMs: number };
    }
  | { kind: 'error'; runId: number; status: number; message: string }
  | { kind: 'cancelled'; runId: number };

/** One worker's state: the rows read so far, kept across runs (a refresh reads only newer rows). */
export function createAnalyticsJob(post: (m: FromWorker) => void, fetchFn: typeof fetch = fetch) {
  let scope: string | undefined;
  let store: LogStore | undefined;
  // Every row read, grouped once as it comes in (a refresh aggregates 1,000 new rows, not everything again).
  let index = new AnalyticsIndex();
  // IndexedDB writes go one after another, after the reading: figures never wait for them.
  let writes: Promise<unknown> = Promise.resolve();
  let coverage: Coverage | undefined;
  /** The window and user of the figures the page shows (a refresh of the same needs no early figures). */
  let shown: string | undefined;
  const running = new Map<number, AbortController>();
  // Runs follow each other: a new one waits until the one it replaces has stopped touching the rows.
  let previous: Promise<void> = Promise.resolve();

  async function fetchPage(run: RunRequest, req: PageRequest, signal: AbortSignal): Promise<PageReply> {
    const query = toQueryString(operations.RequestLogs.request, req);
    const res = await fetchFn(`${run.url}?${query}`, { method: 'GET', headers: run.headers, signal });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw Object.assign(
        new Error(`The request log answered ${res.status} with something that is not JSON.`),
        {
          status: res.status,
        },
      );
    }
    if (!res.ok) throw errorFromReply(res.status, json, 'RequestLogs');
    // Only the fields a row keeps are decoded (wireLogRow), not whole entries.
    const reply = json as { results?: unknown[]; responseStatus?: { meta?: Record<string, string> } };
    const rows: LogRow[] = [];
    for (const e of Array.isArray(reply.results) ? reply.results : []) {
      const row = wireLogRow(e);
      if (row) rows.push(row);
    }
    const meta = reply.responseStatus?.meta;
    const cut = meta?.truncated === 'true' ? Number(meta.nextBeforeId) : NaN;
    return { rows, cutAt: Number.isSafeInteger(cut) && cut > 0 ? cut : undefined };
  }

  async function run(req: RunRequest, controller: AbortController) {
    const { signal } = controller;
    const startedAt = performance.now();
    // Writes the pages read to IndexedDB (set once the run knows its store).
    let keep = () => {};
    try {
      if (signal.aborted) throw signal.reason;
      if (scope !== req.scope) {
        store?.close();
        scope = req.scope;
        store = await openLogStore(req.scope);
        const loaded = store ? await store.load().catch(() => undefined) : undefined;
        index = new AnalyticsIndex();
        coverage = loaded?.coverage;
        if (loaded && coverage) index.add(loaded.rows);
      }
      const win = resolveWindow(req.choice, Date.now());
      const user = req.choice.user;
      const choiceKey = JSON.stringify(req.choice);
      const refresh = shown === choiceKey;
      // (a refresh publishes once, at the end)
      let lastPost = Date.now();
      // A refresh keeps the figures on screen until the new rows are in: one aggregation, at the end.
      let firstPosted = refresh;
      const publish = (final: boolean, retentionLimited = false) => {
        const before = performance.now();
        const analytics = index.aggregate(win, user);
        const signIns = index.failedSignIns(win, user);
        const after = performance.now();
        post({
          kind: 'result',
          runId: req.runId,
          analytics,
          signIns,
          final,
          retentionLimited,
          stored: !!store,
          timing: { sinceStartMs: Math.round(after - startedAt), aggregateMs: Math.round(after - before) },
        });
        lastPost = Date.now();
        firstPosted = true;
        shown = choiceKey;
      };
      // What is kept already covers the window's newest part: show it at once.
      if (index.size && !refresh) publish(false);
      // The pages read, kept in IndexedDB once the reading ends (see `finally`): its copy of the rows (~1.3 s of
      // this thread for 1,000,000) would otherwise hold up the reading, and the figures, of a long window.
      const unsaved: [LogRow[], Coverage][] = [];
      keep = () => {
        const kept = store;
        for (const [rows, c] of unsaved.splice(0)) {
          if (kept)
            writes = writes
              .then(() => new Promise((later) => setTimeout(later, 0)))
              .then(() => kept.add(rows, c).catch(() => undefined));
        }
      };
      const result = await readLog({
        fetchPage: (r, s) => fetchPage(req, r, s),
        fromMs: win.fromMs,
        cached: coverage,
        // The first figures after 2,000 rows (then pages of 10,000): on screen sooner, on a busy machine too.
        firstTake: FIRST_TAKE,
        signal,
        onReset: async () => {
          index = new AnalyticsIndex();
          coverage = undefined;
          await writes;
          await store?.clear().catch(() => undefined);
        },
        onRows: (rows, c) => {
          index.add(rows);
          coverage = c;
          unsaved.push([rows, c]);
          // The first figures as soon as there are rows, then at most once a second while reading.
          if (!signal.aborted && (!firstPosted || Date.now() - lastPost > 1000) && rows.length)
            publish(false);
        },
        onProgress: (p) => post({ kind: 'progress', runId: req.runId, read: p.read, estimate: p.estimate }),
        countSince: (fromMs) => index.countSince(fromMs, win.toMs, user),
      });
      publish(true, result.retentionLimited);
    } catch (e) {
      if (signal.aborted) post({ kind: 'cancelled', runId: req.runId });
      else {
        const err = e as { status?: number; message?: string };
        post({
          kind: 'error',
          runId: req.runId,
          status: typeof err.status === 'number' ? err.status : 0,
          message: err.message ?? String(e),
        });
      }
    } finally {
      // Also what a cancelled or failed run read: each page goes with the coverage it extended, in order.
      keep();
      running.delete(req.runId);
    }
  }

  return {
    handle(message: ToWorker) {
      if (message.kind === 'cancel') running.get(message.runId)?.abort();
      else {
        // One run at a time: a new one replaces what was running.
        for (const c of running.values()) c.abort();
        const controller = new AbortController();
        running.set(message.runId, controller);
        previous = previous.then(() => run(message, controller));
      }
    },
  };
}
