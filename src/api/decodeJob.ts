// Fetch + JSON.parse + contract decode of one large reply, written to run in a Web Worker (decodeWorker.ts),
// and the messages it sends back. Pure: no DOM, no React; the worker passes in `fetch` and `postMessage`.
//
// Protocol (worker → page), in this order:
//   { kind: 'head', value, lists }       the decoded response with every list longer than `chunkSize` left
//                                         empty; `lists` names them with their lengths
//   { kind: 'rows', key, rows }          the next `chunkSize` items of list `key` (repeated)
//   { kind: 'end' }
// or one of (the page turns them into the same ApiError `call()` would throw):
//   { kind: 'failed', status, body }     HTTP error or a reply reporting an error (errorFromReply)
//   { kind: 'unreadable', status, contentType }
//   { kind: 'network', message }
// Each message is one task on the page's side (its structured clone is read there), so a chunk of rows is kept
// small enough to stay far below a long task (50 ms) even on a slow machine.
import { decodeLenient } from '../contract/codecs';
import { operations, type OperationName } from '../contract/operations';
import { replyReportsError } from './errors';

export interface DecodeJob {
  operation: OperationName;
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
  chunkSize: number;
}

export type DecodeMessage =
  | { kind: 'head'; value: Record<string, unknown>; lists: Record<string, number> }
  | { kind: 'rows'; key: string; rows: unknown[] }
  | { kind: 'end' }
  | { kind: 'failed'; status: number; body: unknown }
  | { kind: 'unreadable'; status: number; contentType: string | null }
  | { kind: 'network'; message: string };

/** Runs one job: every outcome, success or failure, is posted (this never throws). */
export async function runDecodeJob(
  job: DecodeJob,
  fetchFn: typeof fetch,
  post: (message: DecodeMessage) => void,
): Promise<void> {
  let status: number;
  let contentType: string | null;
  let text: string;
  try {
    const res = await fetchFn(job.url, job.init);
    status = res.status;
    contentType = res.headers.get('content-type');
    text = await res.text();
    if (!res.ok) {
      // An HTTP error: its body, if it is JSON, says what went wrong.
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return post({ kind: 'unreadable', status, contentType });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return post({ kind: 'unreadable', status, contentType });
      return post({ kind: 'failed', status, body });
    }
  } catch (e) {
    return post({ kind: 'network', message: e instanceof Error ? e.message : String(e) });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return post({ kind: 'unreadable', status, contentType });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return post({ kind: 'unreadable', status, contentType });
  if (replyReportsError(json)) return post({ kind: 'failed', status, body: json });

  const decoded = decodeLenient(operations[job.operation].response, json) as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  const lists: Record<string, number> = {};
  for (const [key, v] of Object.entries(decoded)) {
    if (Array.isArray(v) && v.length > job.chunkSize) {
      lists[key] = v.length;
      value[key] = [];
    } else {
      value[key] = v;
    }
  }
  post({ kind: 'head', value, lists });
  for (const key of Object.keys(lists)) {
    const list = decoded[key] as unknown[];
    for (let i = 0; i < list.length; i += job.chunkSize)
      post({ kind: 'rows', key, rows: list.slice(i, i + job.chunkSize) });
  }
  post({ kind: 'end' });
}
