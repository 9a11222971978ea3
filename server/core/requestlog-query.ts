// Queries of the request log (operation 20): the plan — which index drives the walk, which filters are checked on
// the way — and the reply's rows, written straight from the stored row (`entryJson`). See docs/service.md,
// "Request log" (Query semantics, Query plan).
import type { Database } from 'better-sqlite3';
import { canonicalPath } from './log-row';
import { encode, formatTimeSpan, stringifyWire } from '../../src/contract/codecs';
import { RequestLogEntry as RequestLogEntrySchema, type RequestLogEntry } from '../../src/contract/dtos';
import type { Schema } from '../../src/contract/schema';
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

const parse = (s: string | null) => (s === null ? undefined : JSON.parse(s));

/** A request-log row as stored. */
export interface StoredEntry {
  id: number;
  date_ms: number;
  http_method: string;
  absolute_uri: string | null;
  path_info: string | null;
  request_body: string | null;
  request_dto: string | null;
  user_auth_id: string | null;
  session_id: string | null;
  ip_address: string | null;
  forwarded_for: string | null;
  referer: string | null;
  headers: string | null;
  form_data: string | null;
  items: string | null;
  session: string | null;
  response_dto: string | null;
  error_response: string | null;
  duration_ms: number;
}

/** The columns of a StoredEntry, in the order `stored` reads them. */
const COLUMNS =
  'id, date_ms, http_method, absolute_uri, path_info, request_body, request_dto, user_auth_id, session_id, ' +
  'ip_address, forwarded_for, referer, headers, form_data, items, session, response_dto, error_response, duration_ms';

/** A raw row (the values of COLUMNS) as a StoredEntry. */
function stored(v: unknown[]): StoredEntry {
  return {
    id: v[0],
    date_ms: v[1],
    http_method: v[2],
    absolute_uri: v[3],
    path_info: v[4],
    request_body: v[5],
    request_dto: v[6],
    user_auth_id: v[7],
    session_id: v[8],
    ip_address: v[9],
    forwarded_for: v[10],
    referer: v[11],
    headers: v[12],
    form_data: v[13],
    items: v[14],
    session: v[15],
    response_dto: v[16],
    error_response: v[17],
    duration_ms: v[18],
  } as StoredEntry;
}

/** What a row costs one reply's byte budget: its stored text, field by field. */
function storedBytes(r: StoredEntry): number {
  // The row's text, field by field (Object.values over 10,000 rows cost ~50 ms a page).
  return (
    100 +
    r.http_method.length +
    (r.absolute_uri?.length ?? 0) +
    (r.path_info?.length ?? 0) +
    (r.request_body?.length ?? 0) +
    (r.request_dto?.length ?? 0) +
    (r.user_auth_id?.length ?? 0) +
    (r.session_id?.length ?? 0) +
    (r.ip_address?.length ?? 0) +
    (r.forwarded_for?.length ?? 0) +
    (r.referer?.length ?? 0) +
    (r.headers?.length ?? 0) +
    (r.form_data?.length ?? 0) +
    (r.items?.length ?? 0) +
    (r.session?.length ?? 0) +
    (r.response_dto?.length ?? 0) +
    (r.error_response?.length ?? 0)
  );
}

export function toEntry(r: StoredEntry): RequestLogEntry {
  return {
    id: r.id,
    dateTime: new Date(r.date_ms),
    httpMethod: r.http_method,
    absoluteUri: r.absolute_uri ?? undefined,
    pathInfo: r.path_info ?? undefined,
    requestBody: r.request_body ?? undefined,
    requestDto: parse(r.request_dto),
    userAuthId: r.user_auth_id ?? undefined,
    sessionId: r.session_id ?? undefined,
    ipAddress: r.ip_address ?? undefined,
    forwardedFor: r.forwarded_for ?? undefined,
    referer: r.referer ?? undefined,
    headers: parse(r.headers),
    formData: parse(r.form_data),
    items: parse(r.items),
    session: parse(r.session),
    responseDto: parse(r.response_dto),
    errorResponse: parse(r.error_response),
    requestDuration: r.duration_ms,
  };
}

/** A string as the wire writes it (stringifyWire: a "/Date(…)/" string has its slashes escaped). */
const wireString = (v: string) => (v.includes('/Date(') ? stringifyWire(v) : JSON.stringify(v));

/**
 * A stored JSON column as `stringifyWire(encode(schema, JSON.parse(text)))` writes it. The log stores what
 * JSON.stringify made, so the text is that already, unless it holds a null (encode leaves null properties out)
 * or a "/Date(…)/" string (escaped on the wire): those two go the long way.
 */
function jsonColumn(text: string, schema: Schema): string | undefined {
  if (!text.includes('null') && !text.includes('/Date(')) return text;
  const value = encode(schema, JSON.parse(text));
  return value === undefined ? undefined : stringifyWire(value);
}

const ENTRY = RequestLogEntrySchema.fields;

/** `,"name":"text"` of a text column, or '' for a null. */
const textField = (name: string, v: string | null) => (v === null ? '' : `,"${name}":${wireString(v)}`);

/** `,"name":<json>` of a JSON column, or '' for a null (or a value encode leaves out). */
function jsonField(name: keyof typeof ENTRY, v: string | null): string {
  const wire = v === null ? undefined : jsonColumn(v, ENTRY[name]);
  return wire === undefined ? '' : `,"${name}":${wire}`;
}

/**
 * One row of the reply of operation 20, written straight from the stored row: the same text as
 * `stringifyWire(encode(RequestLogEntry, toEntry(row)))` (tests/service pin it), without decoding and encoding
 * its JSON columns — most of the service's work for a page of 10,000 rows. The DateTime is written as
 * `stringifyWire(formatDateTime(…))` would (`"\/Date(ms-0000)\/"`), without the regular expression.
 */
export function entryJson(r: StoredEntry): string {
  return (
    `{"id":${r.id},"dateTime":"\\/Date(${Math.trunc(r.date_ms)}-0000)\\/","httpMethod":${wireString(r.http_method)}` +
    textField('absoluteUri', r.absolute_uri) +
    textField('pathInfo', r.path_info) +
    textField('requestBody', r.request_body) +
    jsonField('requestDto', r.request_dto) +
    textField('userAuthId', r.user_auth_id) +
    textField('sessionId', r.session_id) +
    textField('ipAddress', r.ip_address) +
    textField('forwardedFor', r.forwarded_for) +
    textField('referer', r.referer) +
    jsonField('headers', r.headers) +
    jsonField('formData', r.form_data) +
    jsonField('items', r.items) +
    jsonField('session', r.session) +
    jsonField('responseDto', r.response_dto) +
    jsonField('errorResponse', r.error_response) +
    `,"requestDuration":"${formatTimeSpan(r.duration_ms)}"}`
  );
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
