// The rows the explorer shows: the loaded rows filtered by status code and sorted by a column (the view in the
// URL, src/routes/logView.ts). Client-side over the rows held, which the screen says.
import type { RequestLogEntry } from '../../../contract/dtos';
import { statusMatches, type LogSort, type SortKey, type StatusFilter } from '../../../routes/logView';

/** A row's status code, from `Items.statusCode` (the reference service's; other services may not write it). */
export const statusOf = (e: RequestLogEntry): string | undefined => e.items?.statusCode;

/** The user a row shows: its user, else the user name a failed sign-in tried. */
export const triedName = (e: RequestLogEntry): string | undefined =>
  e.userAuthId ? undefined : e.items?.userNameTried || undefined;

type Value = number | string | undefined;

const VALUE: Record<SortKey, (e: RequestLogEntry) => Value> = {
  id: (e) => e.id,
  time: (e) => {
    const t = e.dateTime?.getTime();
    return t === undefined || Number.isNaN(t) ? undefined : t;
  },
  method: (e) => e.httpMethod,
  path: (e) => e.pathInfo,
  user: (e) => e.userAuthId ?? triedName(e),
  ip: (e) => e.ipAddress,
  duration: (e) => e.requestDuration,
  status: (e) => {
    const s = statusOf(e);
    return s !== undefined && /^\d+$/.test(s) ? Number(s) : undefined;
  },
};

const text = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text.compare(String(a), String(b));
}

/**
 * The rows filtered and sorted; the same array when neither applies. Stable: equal values keep the log's
 * order (newest first). Rows without the value go last, whichever the direction.
 */
export function viewRows(
  rows: RequestLogEntry[],
  sort: LogSort | undefined,
  status: StatusFilter | undefined,
): RequestLogEntry[] {
  let out = status ? rows.filter((e) => statusMatches(status, statusOf(e))) : rows;
  if (!sort) return out;
  const value = VALUE[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = out.map((e, i) => ({ e, i, v: value(e) }));
  keyed.sort((a, b) => {
    const am = a.v === undefined || a.v === '';
    const bm = b.v === undefined || b.v === '';
    if (am || bm) return am === bm ? a.i - b.i : am ? 1 : -1;
    return sign * compare(a.v, b.v) || a.i - b.i;
  });
  out = keyed.map((k) => k.e);
  return out;
}
