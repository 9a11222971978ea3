// Reading a record's History from the request log (operation 20): every logged request of the record's write
// operations, newest first in pages (`BeforeId` cursors), up to a cap; and, apart (one answer for every record),
// whether the log still holds its first request (retention). The page reader is passed in, so this is tested
// without a service.
import type { RequestLogEntry } from '../../contract/dtos';
import { buildHistory, historyPaths, type HistoryEntry, type HistoryRecord, type Unmatched } from './model';

export interface PageRequest {
  pathInfo?: string;
  beforeId?: number;
  take: number;
}

export interface PageReply {
  rows: RequestLogEntry[];
  /** The service stopped the reply at its byte bound: go on with this `BeforeId`. */
  nextBeforeId?: number;
}

export type ReadPage = (request: PageRequest) => Promise<PageReply>;

/** Rows per request: far below the interface's 10,000, so decoding a page stays a short task. */
export const PAGE_SIZE = 500;
/** Rows read per path at most: past it the tab says older requests were not read. */
export const ROW_CAP = 10_000;

export interface RecordHistory {
  entries: HistoryEntry[];
  unmatched: Unmatched;
  /** Logged requests of the record's operations that were read. */
  read: number;
  /** A path had more rows than the cap: requests older than `oldestReadDate` were not read. */
  capped: boolean;
  oldestReadDate?: Date;
}

/** The log no longer holds its first request (retention deleted the oldest rows): its oldest row now. */
export interface Retention {
  oldestId: number;
  oldestDate?: Date;
}

interface PathRead {
  rows: RequestLogEntry[];
  capped: boolean;
}

async function readPath(read: ReadPage, pathInfo: string, cap: number, pageSize: number): Promise<PathRead> {
  const rows: RequestLogEntry[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const take = Math.min(pageSize, cap - rows.length);
    const reply = await read({ pathInfo, beforeId, take });
    rows.push(...reply.rows);
    const oldest = reply.rows.reduce((min, r) => Math.min(min, r.id ?? min), Number.POSITIVE_INFINITY);
    const next = reply.nextBeforeId ?? (reply.rows.length >= take ? oldest - 1 : undefined);
    if (next === undefined || !Number.isFinite(next) || next < 1 || reply.rows.length === 0) {
      return { rows, capped: false };
    }
    if (rows.length >= cap) return { rows, capped: true };
    beforeId = next;
  }
}

/**
 * The log's oldest row when retention has deleted its first ones, else null. Ids start at 1 and are never
 * reused, so row 1 still there means nothing was deleted; otherwise a binary search over `BeforeId` (the newest
 * row at or below an id, one row per request: about 20 requests for a million ids) finds the oldest.
 */
export async function oldestWhenTrimmed(read: ReadPage): Promise<Retention | null> {
  const [first, newest] = await Promise.all([read({ beforeId: 1, take: 1 }), read({ take: 1 })]);
  let top = newest.rows[0];
  if (first.rows.length || top?.id === undefined) return null; // nothing deleted, or an empty log
  let lo = 1;
  while (lo < top.id!) {
    const mid = Math.floor((lo + top.id!) / 2);
    const row = (await read({ beforeId: mid, take: 1 })).rows[0];
    if (row?.id !== undefined && row.id <= mid) top = row;
    else lo = mid + 1;
  }
  return { oldestId: top.id!, oldestDate: top.dateTime };
}

/** Reads the History of a record: its operations' paths in parallel. */
export async function readRecordHistory(
  record: HistoryRecord,
  read: ReadPage,
  { cap = ROW_CAP, pageSize = PAGE_SIZE }: { cap?: number; pageSize?: number } = {},
): Promise<RecordHistory> {
  const paths = await Promise.all(historyPaths(record.kind).map((p) => readPath(read, p, cap, pageSize)));
  const rows = paths.flatMap((p) => p.rows);
  const capped = paths.some((p) => p.capped);
  // The oldest row read on a capped path: requests before it were not read.
  const cappedOldest = paths
    .filter((p) => p.capped)
    .flatMap((p) => p.rows)
    .reduce<RequestLogEntry | undefined>((a, r) => (a && a.id! <= r.id! ? a : r), undefined);
  const { entries, unmatched } = buildHistory(rows, record);
  return {
    entries,
    unmatched,
    read: rows.length,
    capped,
    oldestReadDate: cappedOldest?.dateTime,
  };
}
