// Queries of the request log (operation 20): the plan — which index drives the walk, which filters are checked on
// the way — and the stored rows it reads, one by one within a reply's byte budget (each written to the reply by
// `entryJson`, stored-entry.ts). See docs/service.md, "Request log" (Query semantics, Query plan).
import type { Database } from 'better-sqlite3';
import { canonicalPath } from './log-row';
import { COLUMNS, stored, storedBytes, type StoredEntry } from './stored-entry';
import type { RequestOf } from '../../src/contract/operations';
import { DEFAULT_TAKE, MAX_IDS, MAX_TAKE } from '../../src/contract/requestLog';
import { readerOf } from '../db/db';
import { ServiceError } from '../handler';

/** Where the byte budget of one reply stopped a query: the rows returned, their bytes, the id to ask from next. */
export interface LogCut {
  rows: number;
  bytes: number;
  nextBeforeId: number;
}

export interface StoredRows {
  rows: Generator<StoredEntry, void>;
  cut: () => LogCut | undefined;
  pausable: boolean;
}

/**
 * A query's rows as stored, newest first, read one by one as the caller iterates (iterate in one synchronous
 * pass: an open statement keeps the connection busy for writes). The reply stops once the rows' stored text
 * passes `replyMaxBytes` (`cut()` says where, once they are read).
 */
export function queryStored(
  db: Database,
  replyMaxBytes: number,
  q: RequestOf<'RequestLogs'>,
  nowMs = Date.now(),
): StoredRows {
  checkBounds(q);
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    args.push(...values);
  };
  // The plan is chosen here, not by SQLite (which has no statistics): one filter "drives" the query through
  // an index that is ordered by id, so the newest matches come first and the walk stops after Skip + Take;
  // every other filter is written so that no index applies to it (`+column`) and is checked on the way.
  // Drivers, most selective first: ids, the exact-match columns that narrow most, failures (few; their
  // index holds every filtered column, so the other filters are checked without reading rows), rows without
  // a response (few while response tracking is on), the broad exact-match columns; otherwise the walk is over
  // the whole log by id (durations are checked on the way).
  let index: string | undefined;
  let driven = false;
  const drive = (sql: string, plain: string, value?: unknown, via?: string) => {
    if (driven) return add(plain, ...(value === undefined ? [] : [value]));
    driven = true;
    index = via;
    add(sql, ...(value === undefined ? [] : [value]));
  };
  if (q.ids?.length) {
    driven = true;
    add(`id IN (${q.ids.map(() => '?').join(',')})`, ...q.ids);
  }
  const exact = (column: string, value: string | undefined) => {
    if (value) drive(`${column} = ?`, `+${column} = ?`, value);
  };
  exact('session_id', q.sessionId);
  exact('forwarded_for', q.forwardedFor);
  exact('ip_address', q.ipAddress);
  if (q.withErrors === true) drive('has_error = 1', '+has_error = 1', undefined, 'request_log_failures');
  if (q.withErrors === false) add('+has_error = 0');
  exact('referer', q.referer);
  if (q.hasResponse === false) {
    drive('response_dto IS NULL', '+response_dto IS NULL', undefined, 'request_log_no_response');
  }
  if (q.hasResponse === true) add('+response_dto IS NOT NULL');
  exact('user_auth_id', q.userAuthId);
  exact('path_info', q.pathInfo === undefined ? undefined : canonicalPath(q.pathInfo));
  if (q.durationLongerThan != null) add('duration_ms > ?', q.durationLongerThan);
  if (q.durationLessThan != null) add('duration_ms < ?', q.durationLessThan);
  // Ids grow with time, so a time window is also an id range (found through the date index), which every
  // driving index, ordered by id, can use.
  if (q.beforeSecs != null) {
    const from = nowMs - q.beforeSecs * 1000;
    add('+date_ms >= ?', from);
    add('id >= ?', firstIdFrom(db, from));
  }
  if (q.afterSecs != null) {
    const to = nowMs - q.afterSecs * 1000;
    add('+date_ms <= ?', to);
    add('id <= ?', lastIdUpTo(db, to));
  }
  if (q.beforeId != null) add('id <= ?', q.beforeId);
  if (q.afterId != null) add('id > ?', q.afterId);
  const take = Math.max(q.take ?? DEFAULT_TAKE, 0);
  const skip = Math.max(q.skip ?? 0, 0);
  const sql = `SELECT ${COLUMNS} FROM request_log ${index ? `INDEXED BY ${index}` : ''}
    ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id DESC LIMIT ? OFFSET ?`;
  // The reply is bounded in bytes as well as rows: rows are read one by one and the walk stops once their
  // stored text passes the budget (at least one row is always returned).
  // Through the database's reader (when it has one), so a reply that streams may pause between rows.
  const reader = readerOf(db);
  // Rows come as arrays (raw): better-sqlite3 builds an object of 19 named properties at about twice the cost of
  // an array, and `stored` makes the same object from the array as a literal of one fixed shape.
  const statement = (reader ?? db).prepare(sql).raw(true);
  const budget = replyMaxBytes;
  let cut: LogCut | undefined;
  function* rows() {
    let bytes = 0;
    let count = 0;
    for (const values of statement.iterate(...args, take, skip) as IterableIterator<unknown[]>) {
      const row = stored(values);
      const size = storedBytes(row);
      if (count && bytes + size > budget) {
        cut = { rows: count, bytes, nextBeforeId: row.id };
        return;
      }
      bytes += size;
      count++;
      yield row;
    }
  }
  return { rows: rows(), cut: () => cut, pausable: reader !== undefined };
}

function firstIdFrom(db: Database, dateMs: number): number {
  const row = db
    .prepare('SELECT id FROM request_log WHERE date_ms >= ? ORDER BY date_ms LIMIT 1')
    .get(dateMs) as { id: number } | undefined;
  return row?.id ?? Number.MAX_SAFE_INTEGER;
}

function lastIdUpTo(db: Database, dateMs: number): number {
  const row = db
    .prepare('SELECT id FROM request_log WHERE date_ms <= ? ORDER BY date_ms DESC LIMIT 1')
    .get(dateMs) as { id: number } | undefined;
  return row?.id ?? 0;
}

/** `Ids` and `Take` past their limits are refused (a long `Ids` list would also pass SQLite's variable limit). */
export function checkBounds(q: RequestOf<'RequestLogs'>): void {
  if (q.ids && q.ids.length > MAX_IDS) {
    throw ServiceError.field('ids', `At most ${MAX_IDS} Ids per query (got ${q.ids.length}).`, 'TooMany');
  }
  if (q.take != null && q.take > MAX_TAKE) {
    throw ServiceError.field('take', `Take is at most ${MAX_TAKE} (got ${q.take}).`, 'TooMany');
  }
}

/** The `Usage` map of the reply: "type Name" → what the parameter does. */
export const requestLogUsage: Record<string, string> = {
  'int? BeforeSecs': 'Requests newer than this many seconds ago',
  'int? AfterSecs': 'Requests older than this many seconds ago',
  'string IpAddress': 'Requests from this IP address (exact)',
  'string ForwardedFor': 'Requests with this X-Forwarded-For value (exact)',
  'string UserAuthId': 'Requests of this user (user name, exact)',
  'string SessionId': 'Requests of this session (the masked session id shown in the log, exact)',
  'string Referer': 'Requests with this Referer (exact)',
  'string PathInfo':
    "Requests to this operation path (exact, as the contract writes it: '/api/internal/project/get'; odd case, a .json suffix or escapes are read as the same path)",
  'long[] Ids': `Requests with any of these ids (comma-separated, at most ${MAX_IDS})`,
  'int? BeforeId': 'Requests with id <= this',
  'int? AfterId': 'Requests with id > this',
  'bool? HasResponse': 'Requests whose response was tracked (true) or not (false)',
  'bool? WithErrors': 'Requests that failed (true) or succeeded (false)',
  'int Skip': 'Skip this many results (newest first)',
  'int? Take': `Return at most this many results (default ${DEFAULT_TAKE}, max ${MAX_TAKE})`,
  'bool? EnableSessionTracking': 'Turn session tracking on or off for the running service',
  'bool? EnableResponseTracking': 'Turn response tracking on or off for the running service',
  'bool? EnableErrorTracking': 'Turn error tracking on or off for the running service',
  'TimeSpan? DurationLongerThan': 'Requests that took longer than this (ISO 8601, e.g. PT0.5S)',
  'TimeSpan? DurationLessThan': 'Requests that took less than this (ISO 8601, e.g. PT0.01S)',
};
