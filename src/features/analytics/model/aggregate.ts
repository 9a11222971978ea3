// The analytics page's figures from the request-log rows read (src/api/requestLogReader): requests over time
// (ok / client error / server error), duration percentiles over time, tables by operation, user, IP, status,
// project and record, the slowest and the most-failing operations — and for every figure the explorer's filters
// that list exactly its requests. Pure functions, run in the analytics worker; no DOM, no React.
import { statusClass, type LogRow } from '../../../api/requestLogReader/row';
import type { ResolvedWindow } from './window';
import {
  Dim,
  DIMS,
  DTO_ABSENT,
  DTO_TRUNCATED,
  ERROR,
  grown,
  KEYS,
  merge,
  NO_STATUS,
  type DimName,
} from './columns';
import { NONE } from './percentiles';
import type { Analytics, Table, TableName } from './types';
import { groupSpecs, TABLE_NAMES } from './groups';
import { CLASSES, timeFigures } from './buckets';
import { groupTable, type TableIds } from './tables';
import { fillIds } from './ids';
import { Links, windowRows, type Columns } from './window-rows';

export * from './types';
export { groupPercentiles, percentile, type Ranked } from './percentiles';
export { statusKey } from './columns';

/**
 * The rows read, kept in columns for aggregating: each row's groups are found once, when it is added, and the
 * rows are kept ranked by id and by duration (new rows are merged in). A window's figures are then a few passes
 * over typed arrays — a refresh that adds 1,000 rows to 100,000 costs the 1,000 and those passes, not a new
 * grouping of everything. Order of adding is free; a row already added (same id) is skipped.
 */
export class LogIndex implements Columns {
  // Read by the passes of a window's figures (window-rows.ts, buckets.ts, tables.ts, ids.ts); written here only.
  readonly rows: LogRow[] = [];
  private readonly known = new Set<number>();
  t = new Float64Array(1024);
  ms = new Float64Array(1024);
  id = new Float64Array(1024);
  flags = new Uint8Array(1024);
  readonly dims = Object.fromEntries(DIMS.map((d) => [d, new Dim()])) as Record<DimName, Dim>;
  private sortedById: Uint32Array = new Uint32Array(0);
  private sortedByMs: Uint32Array = new Uint32Array(0);
  /** Rows from these indices on were added since each order was last asked for: merged in then, at once. */
  private idFrom = 0;
  private msFrom = 0;

  /** Row indices ascending by id. */
  get byId(): Uint32Array {
    if (this.idFrom < this.rows.length) {
      this.sortedById = this.mergedFrom(this.sortedById, this.idFrom, this.id);
      this.idFrom = this.rows.length;
    }
    return this.sortedById;
  }

  /** Row indices ascending by duration (asked for only by a window's figures, not while reading). */
  get byMs(): Uint32Array {
    if (this.msFrom < this.rows.length) {
      this.sortedByMs = this.mergedFrom(this.sortedByMs, this.msFrom, this.ms);
      this.msFrom = this.rows.length;
    }
    return this.sortedByMs;
  }

  get size() {
    return this.rows.length;
  }

  add(rows: readonly LogRow[]) {
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
  }

  /** `order` with the rows from index `start` on merged in, by `key`. */
  private mergedFrom(order: Uint32Array, start: number, key: Float64Array): Uint32Array {
    const fresh = Uint32Array.from({ length: this.rows.length - start }, (_, k) => start + k);
    return merge(
      order,
      fresh.sort((a, b) => key[a] - key[b]),
      key,
    );
  }

  /** Rows from `fromMs` up to `toMs` (of `user`), counted from the newest id down while their time is ≥ fromMs. */
  countSince(fromMs: number, toMs: number, user?: string): number {
    const uid = user === undefined ? NONE : (this.dims.user.find(user) ?? -3);
    let n = 0;
    const { byId } = this;
    for (let k = byId.length - 1; k >= 0; k--) {
      const i = byId[k];
      if (this.t[i] < fromMs) break;
      if (this.t[i] <= toMs && (uid === NONE || this.dims.user.of[i] === uid)) n++;
    }
    return n;
  }

  /** The figures of the window; `user` limits everything to one user's requests (and every link carries it). */
  aggregate(win: ResolvedWindow, user?: string): Analytics {
    const n = this.rows.length;
    const { t, byId, dims } = this;
    const wr = windowRows(this, win, user);
    const links = new Links();
    const time = timeFigures(this, win, wr, links);

    const pathCounts = new Int32Array(dims.path.keys.length);
    for (const i of wr.rows) dims.path.each(i, (g) => pathCounts[g]++);
    const pathCount = (path: string) => pathCounts[dims.path.find(path) ?? -1] ?? 0;
    const specs = groupSpecs({ pathCount, failed: time.errors, ok: wr.rows.length - time.errors });
    const ids = TABLE_NAMES.map((name): [Dim, TableIds] => [dims[name], { all: [], errors: [] }]);
    const tables = Object.fromEntries(
      TABLE_NAMES.map((name, k) => [
        name,
        groupTable(this, dims[name], specs[name], wr, time.twelfth, links, ids[k][1]),
      ]),
    ) as Record<TableName, Table>;
    if (links.wantIds) fillIds(this, wr, time, ids);

    const ops = tables.operation.rows;
    const slowest = [...ops].sort((a, b) => b.p95 - a.p95).slice(0, 5);
    const failing = ops
      .filter((r) => r.errors > 0)
      .sort((a, b) => b.errors - a.errors || b.errorRate - a.errorRate)
      .slice(0, 5);

    return {
      window: win,
      user,
      total: time.total,
      classes: time.classes,
      buckets: time.buckets,
      tables,
      slowest,
      failing,
      limits: {
        withoutStatus: time.withoutStatus,
        dtoAbsent: time.dtoAbsent,
        dtoTruncated: time.dtoTruncated,
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
