// Fetch + incremental JSON parse + contract decode of one large reply, written to run in a Web Worker
// (decodeWorker.ts), and the messages it sends back. Pure: no DOM, no React; the worker passes in `fetch`,
// `postMessage` and a clock.
//
// The reply is read as a stream and parsed as it arrives (jsonStream.ts): the fields before the first list go out
// as the head as soon as the list begins (the service writes its one big list last), then the list's rows as their
// text arrives — at most `chunkSize` per message, and what has arrived at least every FLUSH_MS, so the first rows
// show at once even when the rest is slow.
//
// Protocol (worker → page), in this order:
//   { kind: 'head', value, total }     the decoded fields before the first list (the lists absent); `total`: the
//                                       row count the service announced (X-Total-Count), if it did
//   { kind: 'rows', key, rows }        the next rows of list `key` (repeated)
//   { kind: 'end', value }             the reply is complete; `value`: fields that came after the lists
// or one of (the page turns them into the same ApiError `call()` would throw):
//   { kind: 'failed', status, body }     HTTP error or a reply reporting an error (errorFromReply)
//   { kind: 'unreadable', status, contentType }   not JSON, not an object, or cut short without a network error
//   { kind: 'network', message }          the connection failed, before or during the reply
// Each message is one task on the page's side (its structured clone is read there), so a chunk of rows is kept
// small enough to stay far below a long task (50 ms) even on a slow machine.
import { decodeLenient, fieldIndex } from '../contract/codecs';
import { operations, type OperationName } from '../contract/operations';
import type { ObjectSchema, Schema } from '../contract/schema';
import { replyReportsError } from './errors';
import { ObjectStreamParser } from './jsonStream';

export interface DecodeJob {
  operation: OperationName;
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
  chunkSize: number;
}

export type DecodeMessage =
  | { kind: 'head'; value: Record<string, unknown>; total?: number }
  | { kind: 'rows'; key: string; rows: unknown[] }
  | { kind: 'end'; value: Record<string, unknown> }
  | { kind: 'failed'; status: number; body: unknown }
  | { kind: 'unreadable'; status: number; contentType: string | null }
  | { kind: 'network'; message: string };

/** Rows that have arrived are posted at least this often (ms), fewer than `chunkSize` if need be. */
export const FLUSH_MS = 50;

export interface DecodeClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: DecodeClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The X-Total-Count header as a row count, or undefined. */
function totalOf(header: string | null): number | undefined {
  if (header === null || !/^\d{1,9}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** Runs one job: every outcome, success or failure, is posted (this never throws). */
export async function runDecodeJob(
  job: DecodeJob,
  fetchFn: typeof fetch,
  post: (message: DecodeMessage) => void,
  clock: DecodeClock = realClock,
): Promise<void> {
  let res: Response;
  try {
    res = await fetchFn(job.url, job.init);
  } catch (e) {
    return post({ kind: 'network', message: e instanceof Error ? e.message : String(e) });
  }
  const status = res.status;
  const contentType = res.headers.get('content-type');
  if (!res.ok) {
    // An HTTP error: its body, if it is a JSON object, says what went wrong.
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      return post({ kind: 'network', message: e instanceof Error ? e.message : String(e) });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return post({ kind: 'unreadable', status, contentType });
    }
    if (!isObject(body)) return post({ kind: 'unreadable', status, contentType });
    return post({ kind: 'failed', status, body });
  }

  const schema: ObjectSchema = operations[job.operation].response;
  const fields = fieldIndex(schema);
  const total = totalOf(res.headers.get('x-total-count'));
  // Fields before the first list (the head), and after it (sent with the end).
  const head: Record<string, unknown> = {};
  const tail: Record<string, unknown> = {};
  let headSent = false;
  let failed = false;
  let pending: { key: string; rows: unknown[] } | undefined;
  let lastPost = -Infinity;
  let timer: unknown;

  /** Lists begun, by declared name: false until a row of it has been posted. */
  const lists = new Map<string, boolean>();
  const declaredName = (key: string) => fields.get(key.toLowerCase()) ?? key;

  const sendHead = () => {
    headSent = true;
    if (replyReportsError(head)) {
      failed = true;
      return post({ kind: 'failed', status, body: head });
    }
    const value = decodeLenient(schema, head) as Record<string, unknown>;
    // The list that begins is there at once, empty; its rows follow.
    for (const key of lists.keys()) value[key] = [];
    post({ kind: 'head', value, total });
  };
  const flush = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    if (!pending || failed) return;
    const { key, rows } = pending;
    for (let i = 0; i < rows.length; i += job.chunkSize) {
      post({ kind: 'rows', key, rows: rows.slice(i, i + job.chunkSize) });
    }
    pending = undefined;
    lastPost = clock.now();
  };
  /** Posts full chunks at once; the rest when FLUSH_MS have passed since the last post (now or by a timer). */
  const settle = () => {
    if (!pending || failed) return;
    if (pending.rows.length >= job.chunkSize) {
      const whole = pending.rows.length - (pending.rows.length % job.chunkSize);
      const rest = pending.rows.slice(whole);
      pending.rows.length = whole;
      const key = pending.key;
      flush();
      if (rest.length) pending = { key, rows: rest };
    }
    if (!pending) return;
    const wait = lastPost + FLUSH_MS - clock.now();
    if (wait <= 0) flush();
    else timer ??= clock.setTimeout(flush, wait);
  };

  const parser = new ObjectStreamParser({
    field: (key, value) => {
      if (headSent) tail[key] = value;
      else head[key] = value;
    },
    listStart: (key) => {
      const name = declaredName(key);
      if (pending && pending.key !== name) flush();
      if (!lists.has(name)) lists.set(name, false);
      if (!headSent) sendHead();
    },
    items: (key, items) => {
      const declared = fields.get(key.toLowerCase());
      const field: Schema | undefined = declared === undefined ? undefined : schema.fields[declared];
      const rows =
        field?.kind === 'list' ? items.map((item) => decodeLenient(field.of, item)) : items.slice();
      const name = declared ?? key;
      lists.set(name, true);
      if (pending && pending.key !== name) flush();
      if (pending) for (const row of rows) pending.rows.push(row);
      else pending = { key: name, rows };
    },
  });

  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  try {
    if (reader) {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (e) {
          if (timer !== undefined) clock.clearTimeout(timer);
          return post({ kind: 'network', message: e instanceof Error ? e.message : String(e) });
        }
        if (chunk.done) break;
        parser.push(decoder.decode(chunk.value, { stream: true }));
        if (failed) {
          void reader.cancel().catch(() => undefined);
          return;
        }
        settle();
      }
    }
    parser.push(decoder.decode());
    parser.end();
  } catch {
    // Not JSON, or not an object.
    if (timer !== undefined) clock.clearTimeout(timer);
    void reader?.cancel().catch(() => undefined);
    if (!failed) post({ kind: 'unreadable', status, contentType });
    return;
  }
  if (failed) return;
  flush();
  if (!headSent) {
    // No list in the reply: it is all head.
    sendHead();
    if (failed) return;
  } else if (replyReportsError({ ...head, ...tail })) {
    return post({ kind: 'failed', status, body: { ...head, ...tail } });
  }
  const rest = decodeLenient(schema, tail) as Record<string, unknown>;
  // A list begun after the head that had no rows.
  for (const [key, hasRows] of lists) if (!hasRows) rest[key] = [];
  post({ kind: 'end', value: rest });
}
