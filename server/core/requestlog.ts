// The request log: every API request (except queries of the log itself) becomes a row; writes are batched
// into one transaction per tick so logging costs the request path almost nothing.
import type { Database, Statement } from 'better-sqlite3';
import type { RequestLogEntry } from '../../src/contract/dtos';
import type { RequestOf } from '../../src/contract/operations';

export interface LogRecord {
  dateMs: number;
  httpMethod: string;
  absoluteUri: string;
  pathInfo: string;
  requestBody?: string;
  requestDto?: unknown;
  userAuthId?: string;
  sessionId?: string;
  ipAddress?: string;
  forwardedFor?: string;
  referer?: string;
  headers?: Record<string, string>;
  formData?: Record<string, string>;
  items?: Record<string, string>;
  session?: unknown;
  responseDto?: unknown;
  errorResponse?: unknown;
  durationMs: number;
}

export interface Tracking {
  enableSessionTracking: boolean;
  enableResponseTracking: boolean;
  enableErrorTracking: boolean;
}

export const DEFAULT_TAKE = 100;
export const MAX_TAKE = 10_000;

/** JSON text that is already written (a reply), stored as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

const json = (v: unknown) => (v === undefined ? null : v instanceof RawJson ? v.text : JSON.stringify(v));
const parse = (s: string | null) => (s === null ? undefined : JSON.parse(s));

interface Row {
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

export class RequestLog {
  private pending: LogRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private insert: Statement;
  private trim: Statement;
  private writes = 0;
  tracking: Tracking;

  constructor(
    private db: Database,
    readonly retention: number,
    tracking: Partial<Tracking> = {},
  ) {
    this.tracking = {
      enableSessionTracking: false,
      enableResponseTracking: true,
      enableErrorTracking: true,
    };
    for (const [k, v] of Object.entries(tracking)) {
      if (typeof v === 'boolean') this.tracking[k as keyof Tracking] = v;
    }
    this.insert = db.prepare(`INSERT INTO request_log (date_ms, http_method, absolute_uri, path_info,
      request_body, request_dto, user_auth_id, session_id, ip_address, forwarded_for, referer, headers,
      form_data, items, session, response_dto, error_response, has_error, duration_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.trim = db.prepare('DELETE FROM request_log WHERE id <= (SELECT max(id) FROM request_log) - ?');
  }

  add(record: LogRecord, isError: boolean): void {
    const r = { ...record };
    if (!this.tracking.enableSessionTracking) r.session = undefined;
    if (!this.tracking.enableResponseTracking) r.responseDto = undefined;
    if (!this.tracking.enableErrorTracking) r.errorResponse = undefined;
    (r as LogRecord & { isError: boolean }).isError = isError;
    this.pending.push(r);
    if (this.pending.length >= 500) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), 20);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    this.db.transaction(() => {
      for (const r of batch) {
        this.insert.run(
          r.dateMs,
          r.httpMethod,
          r.absoluteUri,
          r.pathInfo,
          r.requestBody ?? null,
          json(r.requestDto),
          r.userAuthId ?? null,
          r.sessionId ?? null,
          r.ipAddress ?? null,
          r.forwardedFor ?? null,
          r.referer ?? null,
          json(r.headers),
          json(r.formData),
          json(r.items),
          json(r.session),
          json(r.responseDto),
          json(r.errorResponse),
          (r as LogRecord & { isError: boolean }).isError ? 1 : 0,
          r.durationMs,
        );
      }
      this.writes += batch.length;
      if (this.writes >= 1000) {
        this.writes = 0;
        this.trim.run(this.retention);
      }
    })();
  }

  /** Runs a query of operation 20 (DESIGN.md "Request log" semantics), newest first. */
  query(q: RequestOf<'RequestLogs'>, nowMs = Date.now()): RequestLogEntry[] {
    this.flush();
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (sql: string, ...values: unknown[]) => {
      where.push(sql);
      args.push(...values);
    };
    // One exact-match column drives the query through its (column, id) index, the most selective first; the
    // others are written as `+column` so SQLite checks them on the way instead of choosing another index.
    const exact: [string, string | undefined][] = [
      ['session_id', q.sessionId],
      ['forwarded_for', q.forwardedFor],
      ['ip_address', q.ipAddress],
      ['referer', q.referer],
      ['user_auth_id', q.userAuthId],
      ['path_info', q.pathInfo],
    ];
    let driver = q.ids?.length ? 'id' : undefined;
    for (const [column, value] of exact) {
      if (!value) continue;
      if (!driver) {
        driver = column;
        add(`${column} = ?`, value);
      } else add(`+${column} = ?`, value);
    }
    if (q.ids?.length) add(`id IN (${q.ids.map(() => '?').join(',')})`, ...q.ids);
    // Ids grow with time, so a time window becomes an id range found through the date index.
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
    if (q.hasResponse != null) add(q.hasResponse ? 'response_dto IS NOT NULL' : 'response_dto IS NULL');
    if (q.withErrors != null) add('has_error = ?', q.withErrors ? 1 : 0);
    if (q.durationLongerThan != null) add('duration_ms > ?', q.durationLongerThan);
    if (q.durationLessThan != null) add('duration_ms < ?', q.durationLessThan);
    const take = Math.min(Math.max(q.take ?? DEFAULT_TAKE, 0), MAX_TAKE);
    const skip = Math.max(q.skip ?? 0, 0);
    const sql = `SELECT * FROM request_log ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
      ORDER BY id DESC LIMIT ? OFFSET ?`;
    const rows = this.db.prepare(sql).all(...args, take, skip) as Row[];
    return rows.map(toEntry);
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

function toEntry(r: Row): RequestLogEntry {
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

/** The `Usage` map of the reply: "type Name" → what the parameter does. */
export const requestLogUsage: Record<string, string> = {
  'int? BeforeSecs': 'Requests newer than this many seconds ago',
  'int? AfterSecs': 'Requests older than this many seconds ago',
  'string IpAddress': 'Requests from this IP address (exact)',
  'string ForwardedFor': 'Requests with this X-Forwarded-For value (exact)',
  'string UserAuthId': 'Requests of this user (user name, exact)',
  'string SessionId': 'Requests of this session (the masked session id shown in the log, exact)',
  'string Referer': 'Requests with this Referer (exact)',
  'string PathInfo': 'Requests to this path (exact)',
  'long[] Ids': 'Requests with any of these ids (comma-separated)',
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
