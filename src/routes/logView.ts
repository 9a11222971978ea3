// How the request-log explorer shows the rows it holds: the column it sorts by and the status codes it keeps.
// Console-only URL parameters (`sort`, `status`), beside the service's query (logQuery.ts): the service's query has
// no status filter and no order but newest first, so both work over the rows loaded, never the whole log. Here,
// below the features, because analytics links into the explorer sorted by what was clicked.

export const SORT_PARAM = 'sort';
export const STATUS_PARAM = 'status';

export const SORT_KEYS = ['id', 'time', 'method', 'path', 'user', 'ip', 'duration', 'status'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';
export interface LogSort {
  key: SortKey;
  dir: SortDir;
}

/** The order a column takes on its first click: numbers and times biggest first, text A to Z. */
export const FIRST_DIR: Record<SortKey, SortDir> = {
  id: 'desc',
  time: 'desc',
  method: 'asc',
  path: 'asc',
  user: 'asc',
  ip: 'asc',
  duration: 'desc',
  status: 'desc',
};

/** `duration` (ascending) or `-duration` (descending); undefined for anything else. */
export function parseSort(raw: string | null | undefined): LogSort | undefined {
  const m = /^\s*(-?)([a-z]+)\s*$/i.exec(raw ?? '');
  if (!m) return undefined;
  const key = m[2].toLowerCase() as SortKey;
  if (!SORT_KEYS.includes(key)) return undefined;
  return { key, dir: m[1] ? 'desc' : 'asc' };
}

export const formatSort = (s: LogSort): string => `${s.dir === 'desc' ? '-' : ''}${s.key}`;

/** The sort after a click on `key`'s heading: its first order, then the other way. */
export function nextSort(current: LogSort | undefined, key: SortKey): LogSort {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: FIRST_DIR[key] };
}

/** Status codes kept: exact codes (`404`) and classes (`4xx`), any of them. */
export interface StatusFilter {
  codes: number[];
  classes: number[];
}

/**
 * Reads `404`, `4xx`, `5XX` or a list of them (`404, 5xx`; commas or spaces). Undefined for an empty text;
 * an error message for a text that is not such a list.
 */
export function parseStatusFilter(raw: string | null | undefined): StatusFilter | string | undefined {
  const parts = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  if (!parts.length) return undefined;
  const codes: number[] = [];
  const classes: number[] = [];
  for (const part of parts) {
    const exact = /^([1-5]\d\d)$/.exec(part);
    const cls = /^([1-5])xx$/i.exec(part);
    if (exact) {
      const n = Number(exact[1]);
      if (!codes.includes(n)) codes.push(n);
    } else if (cls) {
      const n = Number(cls[1]);
      if (!classes.includes(n)) classes.push(n);
    } else return `"${part}" is not a status code (404) or a class (4xx)`;
  }
  return { codes, classes };
}

/** The filter as the URL and the field write it: `404,5xx`. */
export function formatStatusFilter(f: StatusFilter): string {
  return [...f.codes.map(String), ...f.classes.map((c) => `${c}xx`)].join(',');
}

/** Whether a status (the row's `Items.statusCode`, text) passes; a row without one passes no filter. */
export function statusMatches(f: StatusFilter, statusCode: string | undefined): boolean {
  const n = statusCode !== undefined && /^\d{3}$/.test(statusCode) ? Number(statusCode) : undefined;
  if (n === undefined) return false;
  return f.codes.includes(n) || f.classes.includes(Math.floor(n / 100));
}

/** The view's parameters in a URL (others kept); an absent sort or filter removes its parameter. */
export function writeLogView(
  view: { sort?: LogSort; status?: StatusFilter },
  base: URLSearchParams,
): URLSearchParams {
  const out = new URLSearchParams(base);
  if (view.sort) out.set(SORT_PARAM, formatSort(view.sort));
  else out.delete(SORT_PARAM);
  const status = view.status && formatStatusFilter(view.status);
  if (status) out.set(STATUS_PARAM, status);
  else out.delete(STATUS_PARAM);
  return out;
}
