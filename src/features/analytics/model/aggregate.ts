// The analytics page's figures from the request-log rows read (src/api/requestLogReader): requests over time
// (ok / client error / server error), duration percentiles over time, tables by operation, user, IP, status,
// project and record, the slowest and the most-failing operations — and for every figure the explorer's filters
// that list exactly its requests. Pure functions, run in the analytics worker; no DOM, no React.
import { MAX_IDS } from '../../../contract/requestLog';
import { statusClass, type LogRow, type StatusClass } from '../../../api/requestLogReader/row';
import type { LogQuery } from '../../../routes/logQuery';
import type { ResolvedWindow } from './window';
import {
  classIndex,
  Dim,
  DIMS,
  DTO_ABSENT,
  DTO_TRUNCATED,
  ERROR,
  grown,
  KEYS,
  lowerBound,
  merge,
  NO_STATUS,
  type DimName,
} from './columns';
import { figuresOf, groupPercentiles, NONE, SEVERAL, type Ranked } from './percentiles';
import type { Analytics, Bucket, GroupRow, LinkSpec, Table, TableName } from './types';
import { TABLE_ROWS, TREND_POINTS } from './types';
import { groupSpecs, TABLE_NAMES, type GroupSpec } from './groups';

export * from './types';
export { groupPercentiles, percentile, type Ranked } from './percentiles';
export { statusKey } from './columns';

const CLASSES: StatusClass[] = ['ok', 'client', 'server', 'error'];

const WIDER =
  'Opens a wider list: the explorer cannot filter by this, and there are more than 1,000 requests.';

/**
 * The rows read, kept in columns for aggregating: each row's groups are found once, when it is added, and the
 * rows are kept ranked by id and by duration (new rows are merged in). A window's figures are then a few passes
 * over typed arrays — a refresh that adds 1,000 rows to 100,000 costs the 1,000 and those passes, not a new
 * grouping of everything. Order of adding is free; a row already added (same id) is skipped.
 */
export class LogIndex {
  private readonly rows: LogRow[] = [];
  private readonly known = new Set<number>();
  private t = new Float64Array(1024);
  private ms = new Float64Array(1024);
  private id = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  private readonly dims = Object.fromEntries(DIMS.map((d) => [d, new Dim()])) as Record<DimName, Dim>;
  /** Row indices ascending by id, and by duration. */
  private byId = new Uint32Array(0);
  private byMs = new Uint32Array(0);

  get size() {
    return this.rows.length;
  }

  add(rows: readonly LogRow[]) {
    const start = this.rows.length;
    for (const r of rows) {
      if (this.known.has(r.id)) continue;
      this.known.add(r.id);
      const i = this.rows.length;
      this.rows.push(r);
      this.t = grown(this.t, i + 1);
      this.ms = grown(this.ms, i + 1);
      this.id = grown(this.id, i + 1);
      this.flags = grown(this.flags, i + 1);
      this.t[i] = r.t;
      this.ms[i] = r.ms;
      this.id[i] = r.id;
      this.flags[i] =
        (r.error ? ERROR : 0) |
        (CLASSES.indexOf(statusClass(r)) << 1) |
        (r.status === undefined ? NO_STATUS : 0) |
        (r.dto === 'absent' ? DTO_ABSENT : r.dto === 'truncated' ? DTO_TRUNCATED : 0);
      for (const d of DIMS) this.dims[d].set(i, KEYS[d](r));
    }
    const added = this.rows.length - start;
    if (!added) return;
    const fresh = Uint32Array.from({ length: added }, (_, k) => start + k);
    const { id, ms } = this;
    this.byId = merge(
      this.byId,
      fresh.slice().sort((a, b) => id[a] - id[b]),
      id,
    );
    this.byMs = merge(
      this.byMs,
      fresh.sort((a, b) => ms[a] - ms[b]),
      ms,
    );
  }

  /** Rows from `fromMs` up to `toMs` (of `user`), counted from the newest id down while their time is ≥ fromMs. */
  countSince(fromMs: number, toMs: number, user?: string): number {
    const uid = user === undefined ? NONE : (this.dims.user.find(user) ?? -3);
    let n = 0;
    for (let k = this.byId.length - 1; k >= 0; k--) {
      const i = this.byId[k];
      if (this.t[i] < fromMs) break;
      if (this.t[i] <= toMs && (uid === NONE || this.dims.user.of[i] === uid)) n++;
    }
    return n;
  }

  /** The figures of the window; `user` limits everything to one user's requests (and every link carries it). */
  aggregate(win: ResolvedWindow, user?: string): Analytics {
    const n = this.rows.length;
    const { t, id, flags, byId, byMs, dims } = this;
    const uid = user === undefined ? NONE : (dims.user.find(user) ?? -3);
    const userFilter: LogQuery = user ? { userAuthId: user } : {};

    // The window's rows ascending by id, and the ids of every row read that passes the user filter.
    const mineIds = new Float64Array(n);
    let mine = 0;
    const inWindow = new Uint8Array(n);
    const inWin = new Uint32Array(n);
    let w = 0;
    for (let k = 0; k < n; k++) {
      const i = byId[k];
      if (uid !== NONE && dims.user.of[i] !== uid) continue;
      mineIds[mine++] = id[i];
      if (t[i] >= win.fromMs && t[i] <= win.toMs) {
        inWin[w++] = i;
        inWindow[i] = 1;
      }
    }
    const rows = inWin.subarray(0, w);
    const allIds = mineIds.subarray(0, mine);
    const countInRange = (low: number, high: number) =>
      lowerBound(allIds, high + 1) - lowerBound(allIds, low);
    const order = new Uint32Array(w);
    for (let k = 0, j = 0; k < n; k++) if (inWindow[byMs[k]]) order[j++] = byMs[k];
    const ranked: Ranked = { ms: this.ms, order };

    let base: LogQuery = userFilter;
    let baseExact = false;
    if (w) {
      const first = id[rows[0]];
      const last = id[rows[w - 1]];
      base = { ...userFilter, afterId: first - 1, beforeId: last };
      baseExact = countInRange(first, last) === w;
    }

    // Links that must list their rows' ids get an empty list here, filled by one pass at the end.
    let wantIds = false;
    const linkFor = (
      count: number,
      query: LogQuery,
      exact: boolean,
      slot: (number[] | undefined)[],
      at: number,
    ): LinkSpec => {
      if (exact) return { query, exact: true };
      if (count > 0 && count <= MAX_IDS) {
        const ids: number[] = [];
        slot[at] = ids;
        wantIds = true;
        return { query: { ids }, exact: true };
      }
      return { query, exact: false, note: WIDER };
    };

    // Totals, and each row's bucket and twelfth of the window.
    const nb = Math.max(1, Math.ceil((win.toMs - win.fromMs) / win.bucketMs));
    const span = Math.max(win.toMs - win.fromMs, 1);
    const bucketOf = new Int32Array(n).fill(NONE);
    const twelfth = new Uint8Array(n);
    const bCount = new Int32Array(nb);
    const bErrors = new Int32Array(nb);
    const bClass = new Int32Array(nb * 4);
    const bLow = new Float64Array(nb).fill(Infinity);
    const bHigh = new Float64Array(nb).fill(-Infinity);
    const classCounts = new Int32Array(4);
    let errors = 0;
    let withoutStatus = 0;
    let dtoAbsent = 0;
    let dtoTruncated = 0;
    for (let k = 0; k < w; k++) {
      const i = rows[k];
      const f = flags[i];
      const err = f & ERROR;
      const cls = classIndex(f);
      errors += err;
      classCounts[cls]++;
      if (f & NO_STATUS) withoutStatus++;
      if (f & DTO_ABSENT) dtoAbsent++;
      else if (f & DTO_TRUNCATED) dtoTruncated++;
      const b = Math.min(nb - 1, Math.max(0, Math.floor((t[i] - win.fromMs) / win.bucketMs)));
      bucketOf[i] = b;
      bCount[b]++;
      bErrors[b] += err;
      bClass[b * 4 + cls]++;
      if (id[i] < bLow[b]) bLow[b] = id[i];
      if (id[i] > bHigh[b]) bHigh[b] = id[i];
      twelfth[i] = Math.min(
        TREND_POINTS - 1,
        Math.max(0, Math.floor(((t[i] - win.fromMs) / span) * TREND_POINTS)),
      );
    }
    const classes = Object.fromEntries(CLASSES.map((k, c) => [k, classCounts[c]])) as Record<
      StatusClass,
      number
    >;
    const nth = (p: number) => (w ? this.ms[ranked.order[Math.max(1, Math.ceil(p * w)) - 1]] : 0);
    const totalFigures = figuresOf(w, errors, nth(0.5), nth(0.95), nth(0.99));
    const totalIds: (number[] | undefined)[] = [];
    const total = {
      ...totalFigures,
      link: linkFor(w, base, baseExact, totalIds, 0),
      errorLink: linkFor(errors, { ...base, withErrors: true }, baseExact, totalIds, 1),
    };

    // Buckets over time.
    const bPct = groupPercentiles(ranked, bucketOf, bCount);
    const bIds: (number[] | undefined)[] = [];
    const bClassIds: (number[] | undefined)[] = [];
    const buckets: Bucket[] = Array.from({ length: nb }, (_, b) => {
      const start = win.fromMs + b * win.bucketMs;
      const counts = Object.fromEntries(CLASSES.map((k, c) => [k, bClass[b * 4 + c]])) as Record<
        StatusClass,
        number
      >;
      const f = figuresOf(bCount[b], bErrors[b], bPct.p50[b], bPct.p95[b], bPct.p99[b]);
      if (!bCount[b])
        return { start, ...f, classes: counts, link: { query: {}, exact: true }, classLinks: {} };
      const range = { ...userFilter, afterId: bLow[b] - 1, beforeId: bHigh[b] };
      const exact = countInRange(bLow[b], bHigh[b]) === bCount[b];
      const classLinks: Bucket['classLinks'] = {};
      CLASSES.forEach((k, c) => {
        if (!counts[k]) return;
        // ok ⇔ not failed; an error class is exact when the bucket's failures are all of it.
        const classExact = exact && (k === 'ok' || counts[k] === f.errors);
        classLinks[k] = linkFor(
          counts[k],
          { ...range, withErrors: k !== 'ok' },
          classExact,
          bClassIds,
          b * 4 + c,
        );
      });
      return { start, ...f, classes: counts, link: linkFor(f.count, range, exact, bIds, b), classLinks };
    });

    // Tables.
    const counted = (d: Dim) => {
      const counts = new Int32Array(d.keys.length);
      for (let k = 0; k < w; k++) d.each(rows[k], (g) => counts[g]++);
      return counts;
    };
    const pathCounts = counted(dims.path);
    const pathCount = (path: string) => pathCounts[dims.path.find(path) ?? -1] ?? 0;
    const failed = errors;
    const ok = w - failed;
    const idsOf: Partial<
      Record<TableName, { all: (number[] | undefined)[]; errors: (number[] | undefined)[] }>
    > = {};
    const table = (name: TableName, spec: GroupSpec): Table => {
      const d = dims[name];
      const G = d.keys.length;
      const counts = new Int32Array(G);
      const errs = new Int32Array(G);
      const first = new Int32Array(G).fill(NONE);
      const trend = new Int32Array(G * TREND_POINTS);
      let several = false;
      for (let k = 0; k < w; k++) {
        const i = rows[k];
        const g = d.of[i];
        const err = flags[i] & ERROR;
        if (g >= 0) {
          counts[g]++;
          errs[g] += err;
          if (first[g] === NONE) first[g] = i;
          trend[g * TREND_POINTS + twelfth[i]]++;
        } else if (g === SEVERAL) {
          several = true;
          for (const one of d.several.get(i)!) {
            counts[one]++;
            errs[one] += err;
            if (first[one] === NONE) first[one] = i;
            trend[one * TREND_POINTS + twelfth[i]]++;
          }
        }
      }
      const pct = groupPercentiles(ranked, d.of, counts, several ? (i) => d.several.get(i) : undefined);
      const present: number[] = [];
      for (let g = 0; g < G; g++) if (counts[g]) present.push(g);
      const keys = d.keys;
      present.sort((a, b) => counts[b] - counts[a] || (keys[a] < keys[b] ? -1 : 1));
      const lists = { all: [] as (number[] | undefined)[], errors: [] as (number[] | undefined)[] };
      idsOf[name] = lists;
      const out: GroupRow[] = present.slice(0, TABLE_ROWS).map((g) => {
        const key = keys[g];
        const r = this.rows[first[g]];
        const { filter, exact } = spec.filter(key, r, counts[g]);
        const link = linkFor(counts[g], { ...base, ...filter }, exact && baseExact, lists.all, g);
        const errorLink = errs[g]
          ? linkFor(errs[g], { ...base, ...filter, withErrors: true }, exact && baseExact, lists.errors, g)
          : undefined;
        return {
          key,
          label: spec.label?.(key, r) ?? key,
          target: spec.target?.(key, r),
          ...figuresOf(counts[g], errs[g], pct.p50[g], pct.p95[g], pct.p99[g]),
          trend: Array.from(trend.subarray(g * TREND_POINTS, (g + 1) * TREND_POINTS)),
          link,
          errorLink,
        };
      });
      return { rows: out, groups: present.length };
    };

    const specs = groupSpecs({ pathCount, failed, ok });
    const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, table(name, specs[name])])) as Record<
      TableName,
      Table
    >;

    // The ids of the links that list them: one pass over the window, newest first.
    if (wantIds) {
      const withIds = (Object.keys(idsOf) as TableName[]).filter(
        (name) => idsOf[name]!.all.length || idsOf[name]!.errors.length,
      );
      for (let k = w - 1; k >= 0; k--) {
        const i = rows[k];
        const rid = id[i];
        const err = flags[i] & ERROR;
        totalIds[0]?.push(rid);
        if (err) totalIds[1]?.push(rid);
        const b = bucketOf[i];
        bIds[b]?.push(rid);
        bClassIds[b * 4 + classIndex(flags[i])]?.push(rid);
      }
      for (const name of withIds) {
        const { all, errors: errorIds } = idsOf[name]!;
        const d = dims[name];
        for (let k = w - 1; k >= 0; k--) {
          const i = rows[k];
          const g = d.of[i];
          if (g === NONE) continue;
          const err = flags[i] & ERROR;
          if (g >= 0) {
            all[g]?.push(id[i]);
            if (err) errorIds[g]?.push(id[i]);
          } else
            for (const one of d.several.get(i)!) {
              all[one]?.push(id[i]);
              if (err) errorIds[one]?.push(id[i]);
            }
        }
      }
    }

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
        oldestMs: n ? t[byId[0]] : undefined,
        newestMs: n ? t[byId[n - 1]] : undefined,
      },
    };
  }
}

/**
 * The figures of the window over `all` (every row read, the window's and others, in any order); `user` limits
 * everything to one user's requests. The analytics worker keeps a LogIndex instead, to add rows as they come.
 */
export function aggregate(all: readonly LogRow[], win: ResolvedWindow, user?: string): Analytics {
  const index = new LogIndex();
  index.add(all);
  return index.aggregate(win, user);
}
