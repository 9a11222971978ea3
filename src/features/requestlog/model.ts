// The request-log query as it lives in the URL (PascalCase names, as in the interface), and the pure helpers of
// the screen: cursor paging, overview statistics, CSV, curl. No React here, so all of it is unit-tested.
import { formatTimeSpan, parseTimeSpan } from '../../contract/codecs';
import type { RequestLogEntry } from '../../contract/dtos';
import type { RequestOf } from '../../contract/operations';
import { csvCell } from '../../ui/csv';

export type LogRequest = RequestOf<'RequestLogs'>;

/** Every query parameter of operation 20 except the tracking switches. */
export interface LogQuery {
  beforeSecs?: number;
  afterSecs?: number;
  ipAddress?: string;
  forwardedFor?: string;
  userAuthId?: string;
  sessionId?: string;
  referer?: string;
  pathInfo?: string;
  ids?: number[];
  beforeId?: number;
  afterId?: number;
  hasResponse?: boolean;
  withErrors?: boolean;
  skip?: number;
  take?: number;
  /** Milliseconds (ISO 8601 duration in the URL and on the wire). */
  durationLongerThan?: number;
  durationLessThan?: number;
}

export const DEFAULT_TAKE = 100;
export const MAX_TAKE = 10_000;

type Kind = 'int' | 'string' | 'ids' | 'bool' | 'duration';
export const PARAMS: ReadonlyArray<{ key: keyof LogQuery; name: string; kind: Kind }> = [
  { key: 'beforeSecs', name: 'BeforeSecs', kind: 'int' },
  { key: 'afterSecs', name: 'AfterSecs', kind: 'int' },
  { key: 'ipAddress', name: 'IpAddress', kind: 'string' },
  { key: 'forwardedFor', name: 'ForwardedFor', kind: 'string' },
  { key: 'userAuthId', name: 'UserAuthId', kind: 'string' },
  { key: 'sessionId', name: 'SessionId', kind: 'string' },
  { key: 'referer', name: 'Referer', kind: 'string' },
  { key: 'pathInfo', name: 'PathInfo', kind: 'string' },
  { key: 'ids', name: 'Ids', kind: 'ids' },
  { key: 'beforeId', name: 'BeforeId', kind: 'int' },
  { key: 'afterId', name: 'AfterId', kind: 'int' },
  { key: 'hasResponse', name: 'HasResponse', kind: 'bool' },
  { key: 'withErrors', name: 'WithErrors', kind: 'bool' },
  { key: 'skip', name: 'Skip', kind: 'int' },
  { key: 'take', name: 'Take', kind: 'int' },
  { key: 'durationLongerThan', name: 'DurationLongerThan', kind: 'duration' },
  { key: 'durationLessThan', name: 'DurationLessThan', kind: 'duration' },
];

/** URL names of what is not a service parameter: the open entry and the pages behind the cursor. */
export const ENTRY_PARAM = 'entry';
export const TRAIL_PARAM = 'trail';

const INT = /^\d{1,10}$/;
const toInt = (v: string) => (INT.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : undefined);

/** Reads the query from the URL, case-insensitively; values that do not parse are dropped. */
export function parseLogQuery(search: URLSearchParams): LogQuery {
  const byLower = new Map<string, string>();
  for (const [k, v] of search) byLower.set(k.toLowerCase(), v.trim());
  const q: LogQuery = {};
  for (const { key, name, kind } of PARAMS) {
    const raw = byLower.get(name.toLowerCase());
    if (raw === undefined || raw === '') continue;
    let value: unknown;
    if (kind === 'int') value = toInt(raw);
    else if (kind === 'string') value = raw;
    else if (kind === 'bool') value = raw === 'true' ? true : raw === 'false' ? false : undefined;
    else if (kind === 'duration') {
      const ms = parseTimeSpan(raw);
      value = ms !== undefined && ms >= 0 ? ms : undefined;
    } else {
      const ids = raw
        .split(',')
        .map((s) => toInt(s.trim()))
        .filter((n): n is number => n !== undefined);
      value = ids.length ? ids : undefined;
    }
    if (value !== undefined) (q as Record<string, unknown>)[key] = value;
  }
  if (q.take !== undefined) q.take = Math.min(Math.max(q.take, 1), MAX_TAKE);
  return q;
}

/** Writes the query into URL parameters (PascalCase, durations as ISO 8601), keeping other parameters. */
export function writeLogQuery(q: LogQuery, base = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams();
  const ours = new Set(PARAMS.map((p) => p.name.toLowerCase()));
  for (const [k, v] of base) if (!ours.has(k.toLowerCase())) out.append(k, v);
  for (const { key, name, kind } of PARAMS) {
    const v = q[key];
    if (v === undefined || v === null || v === '') continue;
    if (kind === 'ids') {
      if ((v as number[]).length) out.set(name, (v as number[]).join(','));
    } else if (kind === 'duration') out.set(name, formatTimeSpan(v as number));
    else out.set(name, String(v));
  }
  return out;
}

/** The request sent for a query (what the client encodes). */
export function toRequest(q: LogQuery): LogRequest {
  const r: Record<string, unknown> = {};
  for (const { key } of PARAMS) if (q[key] !== undefined) r[key] = q[key];
  return r as LogRequest;
}

/** The filters of a query: everything but the cursor and paging. */
export function filtersOf(q: LogQuery): LogQuery {
  const { beforeId: _b, skip: _s, take: _t, ...rest } = q;
  return rest;
}

export function hasFilters(q: LogQuery): boolean {
  return Object.keys(filtersOf(q)).length > 0;
}

/** Trail of cursors of earlier pages ("-" = the newest page), kept in the URL so Back and reload work. */
export function parseTrail(value: string | null): Array<number | undefined> {
  if (!value) return [];
  return value.split('.').map((s) => (s === '-' ? undefined : toInt(s)));
}

export function writeTrail(trail: Array<number | undefined>): string {
  return trail.map((n) => (n === undefined ? '-' : String(n))).join('.');
}

/** The older page after `rows` (newest first): the cursor goes below the last id. */
export function nextCursor(rows: RequestLogEntry[]): number | undefined {
  const last = rows.at(-1)?.id;
  return last !== undefined && last > 1 ? last - 1 : undefined;
}

// ---- entries ----

export function isError(e: RequestLogEntry): boolean {
  return e.errorResponse !== undefined && e.errorResponse !== null;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export interface FieldErrorView {
  fieldName?: string;
  errorCode?: string;
  message?: string;
}

/** Error code, message and field errors of a logged error response (any case of the names). */
export function errorInfo(e: RequestLogEntry): {
  errorCode?: string;
  message?: string;
  fieldErrors: FieldErrorView[];
} {
  const r = asRecord(e.errorResponse);
  if (!r) return { fieldErrors: [] };
  const get = (o: Record<string, unknown> | undefined, name: string) =>
    o ? Object.entries(o).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] : undefined;
  const status = asRecord(get(r, 'responseStatus'));
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const errors = get(status, 'errors');
  const fieldErrors = Array.isArray(errors)
    ? errors.map(asRecord).flatMap((x) =>
        x
          ? [
              {
                fieldName: str(get(x, 'fieldName')),
                errorCode: str(get(x, 'errorCode')),
                message: str(get(x, 'message')),
              },
            ]
          : [],
      )
    : [];
  return {
    errorCode: str(get(status, 'errorCode')) ?? str(get(r, 'errorCode')) ?? 'Error',
    message: str(get(r, 'uiErrorMessage')) ?? str(get(status, 'message')) ?? str(get(r, 'message')),
    fieldErrors,
  };
}

/** The operation a logged request was sent to (from the log's items, else its JSON reply route). */
export function operationOf(e: RequestLogEntry): string | undefined {
  const fromItems = e.items?.operation;
  if (fromItems) return fromItems;
  const m = /\/json\/reply\/([A-Za-z0-9_]+)/i.exec(e.pathInfo ?? '');
  return m?.[1];
}

/** Human duration: 840 µs, 12.3 ms, 1.24 s, 2 min 3 s. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const min = Math.floor(ms / 60_000);
  return `${min} min ${Math.round((ms - min * 60_000) / 1000)} s`;
}

const logTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** Local time of a log entry, to the second: "Nov 21, 6:57:03 PM". */
export function formatLogTime(date: Date | undefined): string {
  return date instanceof Date && !Number.isNaN(date.getTime()) ? logTime.format(date) : '—';
}

const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'narrow' });

/** "5 s ago", "3 min ago", "2 days ago". */
export function relativeAge(date: Date | undefined, now: number): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return '';
  // A clock a little ahead of ours reads as now, not "in 1 s".
  const s = Math.min(0, Math.round((date.getTime() - now) / 1000));
  const a = Math.abs(s);
  if (a < 60) return rtf.format(s, 'second');
  if (a < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (a < 86_400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86_400), 'day');
}

// ---- overview ----

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number | undefined {
  if (!sorted.length) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1];
}

export interface MinuteBucket {
  minute: number;
  ok: number;
  errors: number;
}

/** Requests per minute, split by errors, oldest first, with empty minutes filled (at most 240 minutes). */
export function timeline(rows: RequestLogEntry[]): MinuteBucket[] {
  const map = new Map<number, MinuteBucket>();
  for (const r of rows) {
    const t = r.dateTime?.getTime();
    if (t === undefined || Number.isNaN(t)) continue;
    const minute = Math.floor(t / 60_000) * 60_000;
    let b = map.get(minute);
    if (!b) map.set(minute, (b = { minute, ok: 0, errors: 0 }));
    if (isError(r)) b.errors++;
    else b.ok++;
  }
  if (!map.size) return [];
  const keys = [...map.keys()];
  const last = Math.max(...keys);
  const first = Math.max(Math.min(...keys), last - 239 * 60_000);
  const out: MinuteBucket[] = [];
  for (let m = first; m <= last; m += 60_000) out.push(map.get(m) ?? { minute: m, ok: 0, errors: 0 });
  return out;
}

/** Short label of a histogram bound: 1ms, 500ms, 2s. */
export function boundLabel(ms: number): string {
  if (ms === Infinity) return '∞';
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}

export interface HistogramBin {
  /** Upper bound in ms (exclusive); Infinity for the last bin. */
  upTo: number;
  count: number;
}

const BOUNDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, Infinity];

export function durationStats(rows: RequestLogEntry[]): {
  bins: HistogramBin[];
  p50?: number;
  p95?: number;
  p99?: number;
  count: number;
} {
  const values = rows
    .map((r) => r.requestDuration)
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .sort((a, b) => a - b);
  const bins = BOUNDS.map((upTo) => ({ upTo, count: 0 }));
  for (const v of values) bins[BOUNDS.findIndex((b) => v < b)].count++;
  // Trim empty bins at both ends so the chart shows where the requests are.
  let lo = 0;
  let hi = bins.length - 1;
  while (lo < hi && bins[lo].count === 0) lo++;
  while (hi > lo && bins[hi].count === 0) hi--;
  return {
    bins: values.length ? bins.slice(lo, hi + 1) : [],
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    count: values.length,
  };
}

export interface PathStat {
  path: string;
  count: number;
  errors: number;
  max: number;
  p95: number;
}

export function pathStats(rows: RequestLogEntry[]): { slowest: PathStat[]; failing: PathStat[] } {
  const by = new Map<string, { count: number; errors: number; durations: number[] }>();
  for (const r of rows) {
    const path = r.pathInfo ?? '';
    let s = by.get(path);
    if (!s) by.set(path, (s = { count: 0, errors: 0, durations: [] }));
    s.count++;
    if (isError(r)) s.errors++;
    if (typeof r.requestDuration === 'number') s.durations.push(r.requestDuration);
  }
  const stats: PathStat[] = [...by].map(([path, s]) => {
    const d = s.durations.sort((a, b) => a - b);
    return { path, count: s.count, errors: s.errors, max: d.at(-1) ?? 0, p95: percentile(d, 95) ?? 0 };
  });
  return {
    slowest: [...stats].sort((a, b) => b.p95 - a.p95 || b.max - a.max).slice(0, 5),
    failing: stats
      .filter((s) => s.errors > 0)
      .sort((a, b) => b.errors - a.errors || b.count - a.count)
      .slice(0, 5),
  };
}

// ---- export ----

export const CSV_COLUMNS = [
  'Id',
  'DateTime',
  'HttpMethod',
  'PathInfo',
  'UserAuthId',
  'IpAddress',
  'ForwardedFor',
  'SessionId',
  'Referer',
  'DurationMs',
  'Error',
  'ErrorCode',
] as const;

export function toCsv(rows: RequestLogEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const err = isError(r) ? errorInfo(r) : undefined;
    lines.push(
      [
        r.id,
        r.dateTime,
        r.httpMethod,
        r.pathInfo,
        r.userAuthId,
        r.ipAddress,
        r.forwardedFor,
        r.sessionId,
        r.referer,
        typeof r.requestDuration === 'number' ? r.requestDuration.toFixed(3) : '',
        err ? 'true' : 'false',
        err?.errorCode,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const SKIPPED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'authorization',
  'cookie',
  'user-agent',
  'accept-encoding',
]);

/**
 * The logged request as a curl command. Secrets stay out: the session key in the body becomes
 * `$PM_SESSION_KEY` (to be set by whoever runs it), authorization and cookies are not copied.
 */
export function toCurl(e: RequestLogEntry): string {
  const method = (e.httpMethod ?? 'GET').toUpperCase();
  const parts = [`curl -X ${method} ${shellQuote(e.absoluteUri ?? e.pathInfo ?? '/')}`];
  for (const [name, value] of Object.entries(e.headers ?? {})) {
    if (SKIPPED_HEADERS.has(name.toLowerCase()) || value.includes('***')) continue;
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  const body = e.requestBody ?? (e.requestDto !== undefined ? JSON.stringify(e.requestDto) : undefined);
  if (body !== undefined && method !== 'GET') {
    // Inside the single-quoted body, the key is spliced in as "'"$PM_SESSION_KEY"'".
    const quoted = shellQuote(body).replace(/("authSessionKey"\s*:\s*)"\*\*\*"/gi, `$1"'"$PM_SESSION_KEY"'"`);
    parts.push(`--data-raw ${quoted}`);
  }
  return parts.join(' \\\n  ');
}

// ---- masking (the service masks already; the console never shows a secret even if one slipped through) ----

const SECRET_NAME =
  /(authorization|cookie|password|passwd|secret|token|api-?key|session-?key|authsessionkey|ss-id|ss-pid)/i;

export function maskHeaders(headers: Record<string, string> | undefined): Array<[string, string]> {
  return Object.entries(headers ?? {}).map(([k, v]) => [k, SECRET_NAME.test(k) && v !== '' ? '***' : v]);
}

/** A copy of a JSON value with the values of secret-named keys replaced by `***`. */
export function maskDeep(value: unknown, depth = 0): unknown {
  if (depth > 50 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      SECRET_NAME.test(k) && v !== null && typeof v !== 'object' && v !== '' ? '***' : maskDeep(v, depth + 1);
  }
  return out;
}

/** A logged body as JSON when it is JSON, else as text. */
export function parseBody(body: string | undefined): { json?: unknown; text?: string } {
  if (body === undefined || body === '') return {};
  try {
    return { json: JSON.parse(body) };
  } catch {
    return { text: body };
  }
}
