// The request-log explorer's filters as they live in the address (PascalCase names, as in the interface): read
// from and written to URL parameters. Here, below the features, because the explorer reads them and other screens
// (analytics) link into the explorer with them.
import { formatTimeSpan, parseTimeSpan } from '../contract/timeSpan';
import { MAX_TAKE } from '../contract/requestLog';

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
