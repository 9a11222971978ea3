// The analytics page's figures from the request-log rows read (src/api/requestLogReader): requests over time
// (ok / client error / server error), duration percentiles over time, tables by operation, user, IP, status,
// project and record, the slowest and the most-failing operations — and for every figure the explorer's filters
// that list exactly its requests. Pure functions, run in the analytics worker; no DOM, no React.
import { MAX_IDS } from '../../../contract/requestLog';
import { statusClass, type LogRow, type StatusClass } from '../../../api/requestLogReader/row';
import type { TargetKind } from '../../../api/rules/requestTargets';
import type { LogQuery } from '../../../routes/logQuery';
import type { ResolvedWindow } from './window';

/** Explorer filters for a figure; `exact: false` means the list is wider than the figure (`note` says how). */
export interface LinkSpec {
  query: LogQuery;
  exact: boolean;
  note?: string;
}

export interface Figures {
  count: number;
  errors: number;
  /** errors / count (0..1); 0 for no requests. */
  errorRate: number;
  p50: number;
  p95: number;
  p99: number;
}

export type TableName = 'operation' | 'user' | 'ip' | 'status' | 'project' | 'record';

export interface GroupRow extends Figures {
  key: string;
  label: string;
  /** For project and record rows: the record, to be named from the console's reads. */
  target?: { kind: TargetKind; id: number; role: string };
  /** Requests per twelfth of the window. */
  trend: number[];
  link: LinkSpec;
  errorLink?: LinkSpec;
}

export interface Bucket extends Figures {
  start: number;
  classes: Record<StatusClass, number>;
  link: LinkSpec;
  classLinks: Partial<Record<StatusClass, LinkSpec>>;
}

export interface Table {
  rows: GroupRow[];
  /** Groups in all (rows holds the largest `TABLE_ROWS`). */
  groups: number;
}

export interface Analytics {
  window: ResolvedWindow;
  user?: string;
  total: Figures & { link: LinkSpec; errorLink: LinkSpec };
  classes: Record<StatusClass, number>;
  buckets: Bucket[];
  tables: Record<TableName, Table>;
  slowest: GroupRow[];
  failing: GroupRow[];
  limits: {
    /** Rows without a status code (an older service): classed ok / error by their error reply. */
    withoutStatus: number;
    /** Rows whose request DTO was not stored, or only as a truncated preview: no project or record known. */
    dtoAbsent: number;
    dtoTruncated: number;
    oldestMs?: number;
    newestMs?: number;
  };
}

export const TABLE_ROWS = 500;
export const TREND_POINTS = 12;
const CLASSES: StatusClass[] = ['ok', 'client', 'server', 'error'];

/** Nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i];
}

function figures(rows: LogRow[]): Figures {
  const ms = new Float64Array(rows.length);
  let errors = 0;
  for (let i = 0; i < rows.length; i++) {
    ms[i] = rows[i].ms;
    if (rows[i].error) errors++;
  }
  ms.sort();
  return {
    count: rows.length,
    errors,
    errorRate: rows.length ? errors / rows.length : 0,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    p99: percentile(ms, 0.99),
  };
}

const SLOTS = 2 ** 21;

/**
 * The window's durations ranked once: `order` holds the rows' indices in ascending order of duration. The
 * percentiles of any grouping of the rows are then one pass over `order` (groupPercentiles), not a sort per
 * group and table: 100,000 rows are ranked by one native sort of durations rounded to the µs and packed with
 * their index in a float64 (rows the rounding made equal are put in exact order after).
 */
export interface Ranked {
  ms: Float64Array;
  order: Uint32Array;
}

export function rankByDuration(rows: LogRow[]): Ranked {
  const n = rows.length;
  const ms = new Float64Array(n);
  let max = 0;
  for (let i = 0; i < n; i++) {
    ms[i] = rows[i].ms;
    if (ms[i] > max) max = ms[i];
  }
  const order = new Uint32Array(n);
  if (n >= SLOTS || Math.round(max * 1000) * SLOTS + SLOTS > Number.MAX_SAFE_INTEGER) {
    const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => ms[a] - ms[b]);
    order.set(idx);
    return { ms, order };
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = Math.round(Math.max(0, ms[i]) * 1000) * SLOTS + i;
  keys.sort();
  for (let i = 0; i < n; i++) order[i] = keys[i] % SLOTS;
  for (let i = 1; i < n; i++) {
    if (ms[order[i]] >= ms[order[i - 1]]) continue;
    const at = order[i];
    let j = i - 1;
    while (j >= 0 && ms[order[j]] > ms[at]) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = at;
  }
  return { ms, order };
}

/**
 * Nearest-rank p50 / p95 / p99 of each group, where `groupOf[i]` is the group of row i (−1: none) and `counts`
 * the size of each group: one pass over the ranked rows.
 */
export function groupPercentiles(ranked: Ranked, groupOf: Int32Array, counts: ArrayLike<number>) {
  const g = counts.length;
  const seen = new Int32Array(g);
  const at = (p: number) => Int32Array.from({ length: g }, (_, k) => Math.max(1, Math.ceil(p * counts[k])));
  const t50 = at(0.5);
  const t95 = at(0.95);
  const t99 = at(0.99);
  const p50 = new Float64Array(g);
  const p95 = new Float64Array(g);
  const p99 = new Float64Array(g);
  const { ms, order } = ranked;
  for (let j = 0; j < order.length; j++) {
    const i = order[j];
    const k = groupOf[i];
    if (k < 0) continue;
    const c = ++seen[k];
    if (c === t50[k]) p50[k] = ms[i];
    if (c === t95[k]) p95[k] = ms[i];
    if (c === t99[k]) p99[k] = ms[i];
  }
  return { p50, p95, p99 };
}

/** Figures of a group whose percentiles are known (groupPercentiles). */
function figuresWith(rows: LogRow[], p: { p50: number; p95: number; p99: number }): Figures {
  let errors = 0;
  for (let i = 0; i < rows.length; i++) if (rows[i].error) errors++;
  return {
    count: rows.length,
    errors,
    errorRate: rows.length ? errors / rows.length : 0,
    p50: rows.length ? p.p50 : 0,
    p95: rows.length ? p.p95 : 0,
    p99: rows.length ? p.p99 : 0,
  };
}

/** Index of the first id ≥ `id` in ascending `ids`. */
function lowerBound(ids: ArrayLike<number>, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Context {
  /** Ids (ascending) of every row read that passes the page's own filter (user), in the window or not. */
  allIds: ArrayLike<number>;
  /** The window's rows as an id range (undefined for no rows), and whether that range holds only them. */
  base: LogQuery;
  baseExact: boolean;
  userFilter: LogQuery;
  /** The window's rows ranked by duration. */
  ranked: Ranked;
}

/** Rows read with `low ≤ id ≤ high` that pass the page's filter. */
const countInRange = (c: Context, low: number, high: number) =>
  lowerBound(c.allIds, high + 1) - lowerBound(c.allIds, low);

const WIDER =
  'Opens a wider list: the explorer cannot filter by this, and there are more than 1,000 requests.';

/**
 * The link of a figure over `rows`: `filter` on the window's id range when it lists exactly these rows
 * (`exact`), else their ids when there are at most 1,000, else `filter` anyway, marked wider.
 */
function linkFor(
  c: Context,
  rows: LogRow[],
  filter: LogQuery,
  exact: boolean,
  query = { ...c.base, ...filter },
) {
  if (exact) return { query, exact: true } satisfies LinkSpec;
  if (rows.length <= MAX_IDS && rows.length > 0)
    return { query: { ids: rows.map((r) => r.id).sort((a, b) => b - a) }, exact: true } satisfies LinkSpec;
  return { query, exact: false, note: WIDER } satisfies LinkSpec;
}

/** Counts of the window's rows by one attribute (to tell whether a filter on it lists exactly a group). */
function countBy(rows: LogRow[], key: (r: LogRow) => string | undefined): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = key(r);
    if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function trendOf(rows: LogRow[], win: ResolvedWindow): number[] {
  const out = new Array<number>(TREND_POINTS).fill(0);
  const span = Math.max(win.toMs - win.fromMs, 1);
  for (const r of rows) {
    const i = Math.min(TREND_POINTS - 1, Math.max(0, Math.floor(((r.t - win.fromMs) / span) * TREND_POINTS)));
    out[i]++;
  }
  return out;
}

/** The project keys (`1`) or the record keys (`folder:101`) of a row's targets: one string for the usual one. */
function targetKeys(r: LogRow, projects: boolean): string | string[] | undefined {
  const ts = r.targets;
  if (!ts) return undefined;
  let one: string | undefined;
  let many: string[] | undefined;
  for (const t of ts) {
    if ((t.kind === 'project') !== projects) continue;
    const k = projects ? String(t.id) : `${t.kind}:${t.id}`;
    if (one === undefined) one = k;
    else (many ??= [one]).push(k);
  }
  return many ?? one;
}

export function statusKey(r: LogRow): string {
  if (r.status !== undefined) return String(r.status);
  return r.error ? `error (${r.errorCode ?? 'no code'})` : 'ok';
}

interface GroupSpec {
  /** The group(s) of a row: one key, several, or none. */
  key: (r: LogRow) => string | string[] | undefined;
  label?: (key: string, first: LogRow) => string;
  target?: (key: string, first: LogRow) => GroupRow['target'];
  /** The explorer filter of a group, and whether it lists exactly the group's rows in the window. */
  filter: (key: string, first: LogRow, count: number) => { filter: LogQuery; exact: boolean };
}

function table(rows: LogRow[], win: ResolvedWindow, c: Context, spec: GroupSpec): Table {
  const groups = new Map<string, { list: LogRow[]; index: number }>();
  // The group of each row, for the percentiles in one pass; a row in several groups (a request naming two
  // records) makes the table sort each group instead.
  const groupOf = new Int32Array(rows.length).fill(-1);
  let several = false;
  const add = (k: string, r: LogRow) => {
    let g = groups.get(k);
    if (g) g.list.push(r);
    else groups.set(k, (g = { list: [r], index: groups.size }));
    return g.index;
  };
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const k = spec.key(r);
    if (typeof k === 'string') groupOf[i] = add(k, r);
    else if (k) {
      several = true;
      for (const one of k) add(one, r);
    }
  }
  const pct = several
    ? undefined
    : groupPercentiles(
        c.ranked,
        groupOf,
        Array.from(groups.values(), (g) => g.list.length),
      );
  const sorted = [...groups].sort((a, b) => b[1].list.length - a[1].list.length || (a[0] < b[0] ? -1 : 1));
  const out: GroupRow[] = sorted.slice(0, TABLE_ROWS).map(([key, { list, index }]) => {
    const f = pct
      ? figuresWith(list, { p50: pct.p50[index], p95: pct.p95[index], p99: pct.p99[index] })
      : figures(list);
    const { filter, exact } = spec.filter(key, list[0], list.length);
    const link = linkFor(c, list, filter, exact && c.baseExact);
    const errorRows = list.filter((r) => r.error);
    const errorLink = errorRows.length
      ? linkFor(c, errorRows, { ...filter, withErrors: true }, exact && c.baseExact)
      : undefined;
    return {
      key,
      label: spec.label?.(key, list[0]) ?? key,
      target: spec.target?.(key, list[0]),
      ...f,
      trend: trendOf(list, win),
      link,
      errorLink,
    };
  });
  return { rows: out, groups: groups.size };
}

/**
 * The figures of the window. `all` holds every row read, ascending by id (the window's and others); `user`
 * limits everything to one user's requests (and every link carries it).
 */
export function aggregate(all: LogRow[], win: ResolvedWindow, user?: string): Analytics {
  const mine = user ? all.filter((r) => r.user === user) : all;
  const rows = mine.filter((r) => r.t >= win.fromMs && r.t <= win.toMs);
  const userFilter: LogQuery = user ? { userAuthId: user } : {};
  const allIds = mine.length === all.length ? all.map((r) => r.id) : mine.map((r) => r.id);
  let base: LogQuery = userFilter;
  let baseExact = false;
  if (rows.length) {
    const first = rows[0].id;
    const last = rows[rows.length - 1].id;
    base = { ...userFilter, afterId: first - 1, beforeId: last };
    baseExact = lowerBound(allIds, last + 1) - lowerBound(allIds, first) === rows.length;
  }
  const ranked = rankByDuration(rows);
  const c: Context = { allIds, base, baseExact, userFilter, ranked };

  // Totals.
  const classes: Record<StatusClass, number> = { ok: 0, client: 0, server: 0, error: 0 };
  let withoutStatus = 0;
  let dtoAbsent = 0;
  let dtoTruncated = 0;
  for (const r of rows) {
    classes[statusClass(r)]++;
    if (r.status === undefined) withoutStatus++;
    if (r.dto === 'absent') dtoAbsent++;
    else if (r.dto === 'truncated') dtoTruncated++;
  }
  const { order, ms } = ranked;
  const nth = (p: number) => (rows.length ? ms[order[Math.max(1, Math.ceil(p * rows.length)) - 1]] : 0);
  const totalFigures = figuresWith(rows, { p50: nth(0.5), p95: nth(0.95), p99: nth(0.99) });
  const errorRows = rows.filter((r) => r.error);
  const total = {
    ...totalFigures,
    link: linkFor(c, rows, {}, baseExact),
    errorLink: linkFor(c, errorRows, { withErrors: true }, baseExact),
  };

  // Buckets over time.
  const n = Math.max(1, Math.ceil((win.toMs - win.fromMs) / win.bucketMs));
  const perBucket: LogRow[][] = Array.from({ length: n }, () => []);
  const bucketOf = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const b = Math.min(n - 1, Math.max(0, Math.floor((rows[i].t - win.fromMs) / win.bucketMs)));
    bucketOf[i] = b;
    perBucket[b].push(rows[i]);
  }
  const bucketPct = groupPercentiles(
    ranked,
    bucketOf,
    perBucket.map((l) => l.length),
  );
  const buckets: Bucket[] = perBucket.map((list, i) => {
    const start = win.fromMs + i * win.bucketMs;
    const counts: Record<StatusClass, number> = { ok: 0, client: 0, server: 0, error: 0 };
    let low = Infinity;
    let high = -Infinity;
    for (const r of list) {
      counts[statusClass(r)]++;
      if (r.id < low) low = r.id;
      if (r.id > high) high = r.id;
    }
    const f = figuresWith(list, { p50: bucketPct.p50[i], p95: bucketPct.p95[i], p99: bucketPct.p99[i] });
    if (!list.length)
      return { start, ...f, classes: counts, link: { query: {}, exact: true }, classLinks: {} };
    const range = { ...userFilter, afterId: low - 1, beforeId: high };
    const exact = countInRange(c, low, high) === list.length;
    const classLinks: Bucket['classLinks'] = {};
    for (const k of CLASSES) {
      if (!counts[k]) continue;
      const of = list.filter((r) => statusClass(r) === k);
      const withErrors = k !== 'ok';
      // ok ⇔ not failed; an error class is exact when the bucket's failures are all of it.
      const classExact = exact && (k === 'ok' || counts[k] === f.errors);
      classLinks[k] = linkFor(c, of, {}, classExact, { ...range, withErrors });
    }
    return { start, ...f, classes: counts, link: linkFor(c, list, {}, exact, range), classLinks };
  });

  // Tables.
  const byPath = countBy(rows, (r) => r.path);
  const byUser = countBy(rows, (r) => r.user);
  const byIp = countBy(rows, (r) => r.ip);
  const failed = totalFigures.errors;
  const ok = rows.length - failed;
  const tables: Record<TableName, Table> = {
    operation: table(rows, win, c, {
      key: (r) => r.op ?? r.path,
      label: (k, r) => (r.op ? k : `${k} (no operation)`),
      filter: (_k, r, count) => ({ filter: { pathInfo: r.path }, exact: byPath.get(r.path) === count }),
    }),
    user: table(rows, win, c, {
      key: (r) => r.user ?? '',
      label: (k) => k || '(no user)',
      filter: (k, _r, count) =>
        k ? { filter: { userAuthId: k }, exact: byUser.get(k) === count } : { filter: {}, exact: false },
    }),
    ip: table(rows, win, c, {
      key: (r) => r.ip ?? '',
      label: (k) => k || '(no address)',
      filter: (k, _r, count) =>
        k ? { filter: { ipAddress: k }, exact: byIp.get(k) === count } : { filter: {}, exact: false },
    }),
    status: table(rows, win, c, {
      key: statusKey,
      filter: (_k, r, count) => ({
        filter: { withErrors: r.error },
        exact: count === (r.error ? failed : ok),
      }),
    }),
    project: table(rows, win, c, {
      key: (r) => targetKeys(r, true),
      label: (k) => `Project ${k}`,
      target: (k) => ({ kind: 'project', id: Number(k), role: 'project' }),
      filter: () => ({ filter: {}, exact: false }),
    }),
    record: table(rows, win, c, {
      key: (r) => targetKeys(r, false),
      label: (k, r) => {
        const t = r.targets?.find((x) => `${x.kind}:${x.id}` === k);
        return t ? `${t.role} ${t.id}` : k;
      },
      target: (k, r) => {
        const t = r.targets?.find((x) => `${x.kind}:${x.id}` === k);
        return t ? { kind: t.kind, id: t.id, role: t.role } : undefined;
      },
      filter: () => ({ filter: {}, exact: false }),
    }),
  };

  const ops = tables.operation.rows;
  const slowest = [...ops].sort((a, b) => b.p95 - a.p95).slice(0, 5);
  const failing = ops
    .filter((r) => r.errors > 0)
    .sort((a, b) => b.errors - a.errors || b.errorRate - a.errorRate)
    .slice(0, 5);

  return {
    window: win,
    user,
    total,
    classes,
    buckets,
    tables,
    slowest,
    failing,
    limits: {
      withoutStatus,
      dtoAbsent,
      dtoTruncated,
      oldestMs: all.length ? all[0].t : undefined,
      newestMs: all.length ? all[all.length - 1].t : undefined,
    },
  };
}
