// The analytics worker's work (analyticsWorker.ts runs it): keep the rows read (memory + IndexedDB, per admin
// and service), read what a window needs through operation 20 (src/api/requestLogReader), aggregate
// (model/aggregate.ts) and post figures — never rows — to the page. No DOM, no React.
import { errorFromReply } from '../../api/errors';
import { toQueryString } from '../../api/client';
import { readLog, type Coverage, type PageReply, type PageRequest } from '../../api/requestLogReader/read';
import { wireLogRow, type LogRow } from '../../api/requestLogReader/row';
import { openLogStore, type LogStore } from '../../api/requestLogReader/store';
import { operations } from '../../contract/operations';
import { aggregate, type Analytics } from './model/aggregate';
import { resolveWindow, type WindowChoice } from './model/window';

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
      final: boolean;
      /** The service's log starts inside the window (retention, or a young log). */
      retentionLimited: boolean;
      stored: boolean;
    }
  | { kind: 'error'; runId: number; status: number; message: string }
  | { kind: 'cancelled'; runId: number };

function insertRows(all: LogRow[], rows: LogRow[]): LogRow[] {
  if (!rows.length) return all;
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  if (!all.length || sorted[0].id > all[all.length - 1].id) {
    for (const r of sorted) all.push(r);
    return all;
  }
  if (sorted[sorted.length - 1].id < all[0].id) return sorted.concat(all);
  const byId = new Map(all.map((r) => [r.id, r]));
  for (const r of sorted) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** One worker's state: the rows read so far, kept across runs (a refresh reads only newer rows). */
export function createAnalyticsJob(post: (m: FromWorker) => void, fetchFn: typeof fetch = fetch) {
  let scope: string | undefined;
  let store: LogStore | undefined;
  let all: LogRow[] = [];
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
    try {
      if (signal.aborted) throw signal.reason;
      if (scope !== req.scope) {
        store?.close();
        scope = req.scope;
        store = await openLogStore(req.scope);
        const loaded = store ? await store.load().catch(() => undefined) : undefined;
        all = loaded ? loaded.rows.sort((a, b) => a.id - b.id) : [];
        coverage = loaded?.coverage;
        if (!coverage) all = [];
      }
      const win = resolveWindow(req.choice, Date.now());
      const user = req.choice.user;
      const choiceKey = JSON.stringify(req.choice);
      const refresh = shown === choiceKey;
      let lastPost = 0;
      // A refresh keeps the figures on screen until the new rows are in: one aggregation, at the end.
      let firstPosted = refresh;
      const publish = (final: boolean, retentionLimited = false) => {
        post({
          kind: 'result',
          runId: req.runId,
          analytics: aggregate(all, win, user),
          final,
          retentionLimited,
          stored: !!store,
        });
        lastPost = Date.now();
        firstPosted = true;
        shown = choiceKey;
      };
      // What is kept already covers the window's newest part: show it at once.
      if (all.length && !refresh) publish(false);
      const result = await readLog({
        fetchPage: (r, s) => fetchPage(req, r, s),
        fromMs: win.fromMs,
        cached: coverage,
        signal,
        onReset: async () => {
          all = [];
          coverage = undefined;
          await store?.clear().catch(() => undefined);
        },
        onRows: async (rows, c) => {
          all = insertRows(all, rows);
          coverage = c;
          await store?.add(rows, c).catch(() => undefined);
          // The first figures as soon as there are rows, then at most once a second while reading.
          if (!signal.aborted && (!firstPosted || Date.now() - lastPost > 1000) && rows.length)
            publish(false);
        },
        onProgress: (p) => post({ kind: 'progress', runId: req.runId, read: p.read, estimate: p.estimate }),
        countSince: (fromMs) => {
          let n = 0;
          for (let i = all.length - 1; i >= 0 && all[i].t >= fromMs; i--)
            if (all[i].t <= win.toMs && (!user || all[i].user === user)) n++;
          return n;
        },
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
