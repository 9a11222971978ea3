// The request log: every API request (except queries of the log itself) becomes a row. The request path hands
// over the raw facts of each request (log-row.ts); they are batched (at most 100 ms or 500 requests) and a worker
// thread (log-writer.mjs) builds the masked rows and writes them on its own connection, so the request path
// neither masks nor writes; an in-memory database is written in-thread instead.
import type { Database } from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { createWriter, type LogWriter } from './log-writer.mjs';
import {
  canonicalPath,
  forHandOff,
  rowsOf,
  TRACK_ERROR,
  TRACK_RESPONSE,
  TRACK_SESSION,
  type LogFacts,
} from './log-row';
import { encode, formatDateTime, formatTimeSpan, stringifyWire } from '../../src/contract/codecs';
import { RequestLogEntry as RequestLogEntrySchema, type RequestLogEntry } from '../../src/contract/dtos';
import type { Schema } from '../../src/contract/schema';
import type { RequestOf } from '../../src/contract/operations';
import {
  DEFAULT_TAKE,
  DEFAULT_TRACKING,
  MAX_IDS,
  MAX_TAKE,
  type Tracking,
} from '../../src/contract/requestLog';
import { readerOf } from '../db/db';
import { ServiceError } from '../handler';

export { LOG_TEXT_MAX } from './log-row';

/** Default byte budget of the log (the sum of its rows' text); the oldest rows go first past it. */
export const DEFAULT_LOG_MAX_BYTES = 1024 * 1024 * 1024;
/** Default bound of one query's reply (the rows' stored text): fewer rows than `Take` past it, and it says so. */
export const DEFAULT_REPLY_MAX_BYTES = 32 * 1024 * 1024;

/** Where the byte budget of one reply stopped a query: the rows returned, their bytes, the id to ask from next. */
export interface LogCut {
  rows: number;
  bytes: number;
  nextBeforeId: number;
}

export interface LogLimits {
  /** Rows kept (default 1,000,000). */
  retention: number;
  /** Bytes kept (sum of the rows' text; default 1 GiB). */
  maxBytes: number;
  /** Bytes of rows in one query reply (default 32 MiB). */
  replyMaxBytes: number;
  /** Rows of a burst held before they go to the writer (default HOLD_MAX_ROWS; 0: none held). */
  holdRows: number;
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

/**
 * How long the facts of a request wait for others before they go to the writer thread, and how many go at most
 * in one message. Each message wakes the writer and costs it a transaction (a commit, the index pages it touched
 * written again to the WAL): in batches of 500 a row costs the writer ~10 µs, in batches of 150 (20 ms at 7,500
 * requests a second) ~11–12, in batches of 50 ~16–18 (measured alone over the 1,000,000-row log). A query of the
 * log hands over what waits first (`written`), so it never waits for the timer.
 */
const BATCH_MS = 100;
export const BATCH_ROWS = 500;
/**
 * A burst is absorbed: while requests come faster than BATCH_ROWS in BATCH_MS (5,000 a second), their batches
 * are held on the main thread instead of going to the writer, up to HOLD_MAX_ROWS rows and HOLD_MAX_BYTES (past
 * either, the oldest held batch goes as a new one comes: the writer keeps pace, rows stay in order). They go once
 * no batch has been held for HOLD_CHECK_MS, one per turn of the event loop, or all at once when the log is
 * queried (`written`) or closed, so a query still sees every request answered before it. On 2 cores the writer's
 * work (taking each batch from the main thread, building and inserting its rows: ~15–20 µs a row) competes with
 * the request path and the clients for the cores: a service writing its log during a burst answered it at
 * 0.45–0.55× a bare server's rate, 0.7–0.9× when it held the log (docs/performance.md, "Sixth step"). A crash
 * loses what is held (at most HOLD_MAX_ROWS rows) where it lost at most one batch before. REQUEST_LOG_HOLD_ROWS
 * (LogLimits.holdRows) sets the row bound; 0 holds nothing.
 */
export const HOLD_MAX_ROWS = 50_000;
const HOLD_MAX_BYTES = 128 * 1024 * 1024;
export const HOLD_CHECK_MS = 200;
/**
 * What a held request is taken to cost in memory: its texts and headers, plus the arrays, objects and strings
 * around them (~2 KB a request of the bench's client, measured as the service's resident memory with 45,000 held).
 */
function factsBytes(f: LogFacts): number {
  let n = 2048 + (f[13]?.length ?? 0) + (f[20]?.length ?? 0);
  const headers = f[11];
  for (const name in headers) {
    const v = headers[name];
    n += name.length + (typeof v === 'string' ? v.length : 256);
  }
  return n;
}

export class RequestLog {
  private pending: LogFacts[] = [];
  private timer: NodeJS.Timeout | undefined;
  private worker: Worker | undefined;
  private inThread: LogWriter | undefined;
  private acks = new Map<number, () => void>();
  private nextAck = 0;
  /** Batches handed to the writer thread, and how many of them it has confirmed written (`written`). */
  private handedOver = 0;
  private confirmed = 0;
  /** Batches held during a burst (HOLD_MAX_ROWS), oldest first, their rows and bytes. */
  private held: { batch: LogFacts[]; bytes: number }[] = [];
  private heldRows = 0;
  private heldBytes = 0;
  /** A batch was held since the last check (`checkBurst`). */
  private heldLately = false;
  private checkTimer: NodeJS.Timeout | undefined;
  private releasing = false;
  tracking: Tracking;

  readonly limits: LogLimits;

  constructor(
    private db: Database,
    limits: Partial<LogLimits> | number = {},
    tracking: Partial<Tracking> = {},
  ) {
    const given = typeof limits === 'number' ? { retention: limits } : limits;
    this.limits = {
      retention: given.retention ?? 1_000_000,
      maxBytes: given.maxBytes ?? DEFAULT_LOG_MAX_BYTES,
      replyMaxBytes: given.replyMaxBytes ?? DEFAULT_REPLY_MAX_BYTES,
      holdRows: given.holdRows ?? HOLD_MAX_ROWS,
    };
    this.tracking = { ...DEFAULT_TRACKING };
    for (const [k, v] of Object.entries(tracking)) {
      if (typeof v === 'boolean') this.tracking[k as keyof Tracking] = v;
    }
    const writerLimits = { retention: this.limits.retention, maxBytes: this.limits.maxBytes };
    if (db.memory) this.inThread = createWriter(db, writerLimits);
    else {
      this.worker = new Worker(new URL('./log-writer.mjs', import.meta.url), {
        workerData: { file: db.name, limits: writerLimits },
      });
      this.worker.on('message', (id: number) => {
        this.acks.get(id)?.();
        this.acks.delete(id);
      });
      this.worker.unref();
    }
  }

  get retention(): number {
    return this.limits.retention;
  }

  /** Takes the facts of an answered request (log-record.ts); the row is built and written off the request path. */
  add(facts: LogFacts): void {
    const t = this.tracking;
    const tracking =
      (t.enableSessionTracking ? TRACK_SESSION : 0) |
      (t.enableResponseTracking ? TRACK_RESPONSE : 0) |
      (t.enableErrorTracking ? TRACK_ERROR : 0);
    this.pending.push(forHandOff(facts, tracking));
    if (this.pending.length >= BATCH_ROWS) this.flush(true);
    else this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  /** Hands the waiting records to the writer; holds them when they filled a batch (`burst`: HOLD_MAX_ROWS). */
  flush(burst = false): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    if (this.inThread) return this.inThread.write(rowsOf(batch));
    if (burst) {
      this.hold(batch);
      this.heldLately = true;
      while (this.heldRows > this.limits.holdRows || this.heldBytes > HOLD_MAX_BYTES)
        this.handOver(this.unhold());
      if (!this.checkTimer) {
        this.checkTimer = setTimeout(() => this.checkBurst(), HOLD_CHECK_MS);
        this.checkTimer.unref();
      }
    } else if (this.held.length) {
      this.hold(batch);
      this.release();
    } else this.handOver(batch);
  }

  /** A burst is over once no batch was held since the last check: the held batches go. */
  private checkBurst(): void {
    this.checkTimer = undefined;
    if (!this.held.length) return;
    if (!this.heldLately) return this.release();
    this.heldLately = false;
    this.checkTimer = setTimeout(() => this.checkBurst(), HOLD_CHECK_MS);
    this.checkTimer.unref();
  }

  /** The held batches go to the writer, one per turn of the event loop (requests in between are answered). */
  private release(): void {
    if (this.releasing) return;
    this.releasing = true;
    this.heldLately = false;
    const next = () => {
      if (this.heldLately || !this.held.length) {
        // A new burst: its batches keep the rest company (checkBurst).
        this.releasing = false;
        return;
      }
      this.handOver(this.unhold());
      setImmediate(next);
    };
    next();
  }

  private hold(batch: LogFacts[]): void {
    let bytes = 0;
    for (const f of batch) bytes += factsBytes(f);
    this.held.push({ batch, bytes });
    this.heldRows += batch.length;
    this.heldBytes += bytes;
  }

  /** The oldest held batch, no longer held. */
  private unhold(): LogFacts[] {
    const { batch, bytes } = this.held.shift()!;
    this.heldRows -= batch.length;
    this.heldBytes -= bytes;
    return batch;
  }

  private handOver(batch: LogFacts[]): void {
    this.handedOver++;
    try {
      this.worker!.postMessage({ facts: batch });
    } catch {
      // A value the structured clone refuses (none is expected: the facts come from JSON and headers): the
      // rows are built here instead, and only they are handed over.
      this.worker!.postMessage({ rows: rowsOf(batch) });
    }
  }

  /**
   * Resolves once every record handed over so far is in the database. When the writer has confirmed every batch
   * already, at once: a query of the log does not wait behind the writer's idle trimming (a step of 5–20 ms)
   * when there is nothing to wait for.
   */
  written(): Promise<void> {
    this.flush();
    while (this.held.length) this.handOver(this.unhold());
    if (!this.worker || this.confirmed === this.handedOver) return Promise.resolve();
    const id = this.nextAck++;
    const upTo = this.handedOver;
    return new Promise((resolve) => {
      this.acks.set(id, () => {
        this.confirmed = Math.max(this.confirmed, upTo);
        resolve();
      });
      this.worker!.postMessage({ ack: id });
    });
  }

  async close(): Promise<void> {
    // Keep the process alive until the last rows are written and the writer has closed its connection.
    this.worker?.ref();
    await this.written();
    this.inThread?.stop();
    if (this.worker) {
      const exited = new Promise((resolve) => this.worker!.once('exit', resolve));
      this.worker.postMessage({ close: true });
      await exited;
    }
  }

  /** Runs a query of operation 20 (semantics: docs/service.md, "Request log"), newest first. */
  async query(
    q: RequestOf<'RequestLogs'>,
    nowMs = Date.now(),
  ): Promise<{ results: RequestLogEntry[]; cut?: LogCut }> {
    const { rows, cut } = await this.queryRows(q, nowMs);
    const results = [...rows];
    return { results, cut: cut() };
  }

  /**
   * The same query, its rows read one by one as the caller iterates (the reply streams them); `cut()` tells,
   * once they are read, whether the byte budget stopped them. Iterate in one synchronous pass: an open
   * statement keeps the connection busy for writes.
   */
  async queryRows(
    q: RequestOf<'RequestLogs'>,
    nowMs = Date.now(),
  ): Promise<{ rows: Generator<RequestLogEntry, void>; cut: () => LogCut | undefined; pausable: boolean }> {
    const { rows, cut, pausable } = await this.queryStored(q, nowMs);
    function* entries() {
      for (const row of rows) yield toEntry(row);
    }
    return { rows: entries(), cut, pausable };
  }

  /**
   * The same query, its rows as stored (the reply writes each with `entryJson`, no decoding and encoding of its
   * JSON columns): iterate in one synchronous pass, as queryRows.
   */
  async queryStored(
    q: RequestOf<'RequestLogs'>,
    nowMs = Date.now(),
  ): Promise<{ rows: Generator<StoredEntry, void>; cut: () => LogCut | undefined; pausable: boolean }> {
    checkBounds(q);
    await this.written();
    // Trimming waits while the log is read (log-writer.mjs, `reading`).
    if (this.worker) this.worker.postMessage({ reading: true });
    else this.inThread!.reading();
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
      add('id >= ?', this.firstIdFrom(from));
    }
    if (q.afterSecs != null) {
      const to = nowMs - q.afterSecs * 1000;
      add('+date_ms <= ?', to);
      add('id <= ?', this.lastIdUpTo(to));
    }
    if (q.beforeId != null) add('id <= ?', q.beforeId);
    if (q.afterId != null) add('id > ?', q.afterId);
    const take = Math.max(q.take ?? DEFAULT_TAKE, 0);
    const skip = Math.max(q.skip ?? 0, 0);
    const sql = `SELECT * FROM request_log ${index ? `INDEXED BY ${index}` : ''}
      ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id DESC LIMIT ? OFFSET ?`;
    // The reply is bounded in bytes as well as rows: rows are read one by one and the walk stops once their
    // stored text passes the budget (at least one row is always returned).
    // Through the database's reader (when it has one), so a reply that streams may pause between rows.
    const reader = readerOf(this.db);
    const statement = (reader ?? this.db).prepare(sql);
    const budget = this.limits.replyMaxBytes;
    let cut: LogCut | undefined;
    function* rows() {
      let bytes = 0;
      let count = 0;
      for (const row of statement.iterate(...args, take, skip) as IterableIterator<StoredEntry>) {
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

  private firstIdFrom(dateMs: number): number {
    const row = this.db
      .prepare('SELECT id FROM request_log WHERE date_ms >= ? ORDER BY date_ms LIMIT 1')
      .get(dateMs) as { id: number } | undefined;
    return row?.id ?? Number.MAX_SAFE_INTEGER;
  }

  private lastIdUpTo(dateMs: number): number {
    const row = this.db
      .prepare('SELECT id FROM request_log WHERE date_ms <= ? ORDER BY date_ms DESC LIMIT 1')
      .get(dateMs) as { id: number } | undefined;
    return row?.id ?? 0;
  }
}

/** `Ids` and `Take` past their limits are refused (a long `Ids` list would also pass SQLite's variable limit). */
function checkBounds(q: RequestOf<'RequestLogs'>): void {
  if (q.ids && q.ids.length > MAX_IDS) {
    throw ServiceError.field('ids', `At most ${MAX_IDS} Ids per query (got ${q.ids.length}).`, 'TooMany');
  }
  if (q.take != null && q.take > MAX_TAKE) {
    throw ServiceError.field('take', `Take is at most ${MAX_TAKE} (got ${q.take}).`, 'TooMany');
  }
}

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

/**
 * One row of the reply of operation 20, written straight from the stored row: the same text as
 * `stringifyWire(encode(RequestLogEntry, toEntry(row)))` (tests/service pin it), without decoding and encoding
 * its JSON columns — most of the service's work for a page of 10,000 rows.
 */
export function entryJson(r: StoredEntry): string {
  let out = `{"id":${r.id},"dateTime":${stringifyWire(formatDateTime(new Date(r.date_ms)))},"httpMethod":${wireString(r.http_method)}`;
  const text = (name: string, v: string | null) => {
    if (v !== null) out += `,"${name}":${wireString(v)}`;
  };
  const json = (name: keyof typeof ENTRY, v: string | null) => {
    const wire = v === null ? undefined : jsonColumn(v, ENTRY[name]);
    if (wire !== undefined) out += `,"${name}":${wire}`;
  };
  text('absoluteUri', r.absolute_uri);
  text('pathInfo', r.path_info);
  text('requestBody', r.request_body);
  json('requestDto', r.request_dto);
  text('userAuthId', r.user_auth_id);
  text('sessionId', r.session_id);
  text('ipAddress', r.ip_address);
  text('forwardedFor', r.forwarded_for);
  text('referer', r.referer);
  json('headers', r.headers);
  json('formData', r.form_data);
  json('items', r.items);
  json('session', r.session);
  json('responseDto', r.response_dto);
  json('errorResponse', r.error_response);
  return `${out},"requestDuration":${JSON.stringify(formatTimeSpan(r.duration_ms))}}`;
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
