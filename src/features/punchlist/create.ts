// Sending the grid with operation 5: batches of at most 1,000 rows (and well under the 1 MiB body limit), each
// retried with the same TempItemIds after a lost connection or a 5xx (the service returns rows it already
// created instead of creating them twice). A 400 that names rows (`punchlistList[3].dueDate`) created nothing:
// those rows are set aside with the reason and the rest of the batch is sent again.
import { ApiError } from '../../api/errors';
import type { PunchList } from '../../contract/dtos';
import { PUNCH_LIST_MAX_ROWS } from '../../contract/limits';
import { parseFieldPath, type ColumnKey } from './model';

export const MAX_BATCH_ROWS = PUNCH_LIST_MAX_ROWS;
export const MAX_BATCH_BYTES = 700_000;

export interface Outcome {
  created: Map<string, { number: string; id: string }>;
  refused: Map<string, Partial<Record<ColumnKey | '_row', string>>>;
  /** Set when sending stopped before every row was answered (the rest can be sent again safely). */
  error?: ApiError;
}

export interface Progress {
  done: number;
  total: number;
  /** Shown while waiting to try again after a lost connection or a 5xx. */
  retry?: { attempt: number; of: number; inMs: number; reason: string };
}

export interface CreateOptions {
  send: (list: PunchList[]) => Promise<Array<Record<string, string>>>;
  onProgress?: (p: Progress) => void;
  /** Waits before retry n (1-based); default 1 s, 2 s, 4 s, 8 s. */
  delays?: number[];
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Splits rows into batches by count and by the size of their JSON. */
export function toBatches(items: PunchList[]): PunchList[][] {
  const batches: PunchList[][] = [];
  let current: PunchList[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (current.length && (current.length >= MAX_BATCH_ROWS || bytes + size > MAX_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

export async function createItems(items: PunchList[], options: CreateOptions): Promise<Outcome> {
  const delays = options.delays ?? [1000, 2000, 4000, 8000];
  const sleep = options.sleep ?? defaultSleep;
  const outcome: Outcome = { created: new Map(), refused: new Map() };
  const total = items.length;
  let done = 0;
  const report = (retry?: Progress['retry']) => options.onProgress?.({ done, total, retry });
  report();

  const queue = toBatches(items);
  while (queue.length) {
    let batch = queue.shift()!;
    let attempt = 0;
    while (batch.length) {
      let reply: Array<Record<string, string>>;
      try {
        reply = await options.send(batch);
      } catch (e) {
        const err =
          e instanceof ApiError
            ? e
            : new ApiError({ status: 0, errorCode: 'Error', message: String(e), isNetworkError: true });
        if (err.isTransient && attempt < delays.length) {
          const inMs = delays[attempt++];
          report({ attempt, of: delays.length, inMs, reason: err.message });
          await sleep(inMs);
          report();
          continue;
        }
        if (err.status === 413 && batch.length > 1) {
          // Too large after all: halve it.
          const half = Math.ceil(batch.length / 2);
          queue.unshift(batch.slice(half));
          batch = batch.slice(0, half);
          continue;
        }
        const rowErrors = err.status === 400 ? rowErrorsOf(err, batch) : undefined;
        if (rowErrors && rowErrors.size) {
          for (const [tempId, reasons] of rowErrors) outcome.refused.set(tempId, reasons);
          batch = batch.filter((item) => !rowErrors.has(item.tempItemId!));
          done += rowErrors.size;
          report();
          continue;
        }
        outcome.error = err;
        return outcome;
      }
      for (const entry of reply) {
        const tempId = entry.TempItemId ?? entry.tempItemId;
        const number = entry.PunchListNumber ?? entry.punchListNumber;
        const id = entry.PunchListId ?? entry.punchListId;
        if (tempId && number !== undefined) outcome.created.set(tempId, { number, id: id ?? '' });
      }
      for (const item of batch) {
        if (!outcome.created.has(item.tempItemId!)) {
          outcome.refused.set(item.tempItemId!, { _row: 'The service did not return this row.' });
        }
      }
      done += batch.length;
      report();
      batch = [];
    }
  }
  return outcome;
}

/** Field errors of a 400 → reasons per row of the batch (by TempItemId); undefined if any error names no row. */
function rowErrorsOf(
  err: ApiError,
  batch: PunchList[],
): Map<string, Partial<Record<ColumnKey | '_row', string>>> | undefined {
  if (!err.fieldErrorList.length) return undefined;
  const out = new Map<string, Partial<Record<ColumnKey | '_row', string>>>();
  for (const fe of err.fieldErrorList) {
    const at = parseFieldPath(fe.fieldName ?? '');
    const item = at ? batch[at.index] : undefined;
    if (!at || !item) return undefined;
    const reasons = out.get(item.tempItemId!) ?? {};
    const text = fe.message ?? fe.errorCode ?? 'Not accepted.';
    reasons[at.column] = reasons[at.column] ? `${reasons[at.column]} ${text}` : text;
    out.set(item.tempItemId!, reasons);
  }
  return out;
}
