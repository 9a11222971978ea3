// The request-log query as it lives in the URL (PascalCase names, as in the interface), the request sent for it,
// and its filters. No React in model/, so all of it is unit-tested.
import { formatTimeSpan, parseTimeSpan } from '../../../contract/codecs';
import type { RequestOf } from '../../../contract/operations';
import { MAX_TAKE } from '../../../contract/requestLog';

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
export const toInt = (v: string) => (INT.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : undefined);

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
