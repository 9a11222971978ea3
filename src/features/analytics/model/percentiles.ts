// Duration percentiles of the analytics page: nearest-rank, of all rows and of each group in one pass over the
// rows ranked by duration (aggregate.ts).
import type { Figures } from './types';

/** Nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i];
}

/**
 * Rows ranked by duration: `order` holds row indices in ascending order of `ms[index]`. The percentiles of any
 * grouping of the rows are then one pass over `order` (groupPercentiles), not a sort per group and table.
 */
export interface Ranked {
  ms: ArrayLike<number>;
  order: ArrayLike<number>;
}

/** A row's group: none, or several (listed apart). */
export const NONE = -1;
export const SEVERAL = -2;

/**
 * Nearest-rank p50 / p95 / p99 of each group, where `groupOf[i]` is the group of row i (−1: none; −2: several,
 * listed by `several(i)`) and `counts` the size of each group: one pass over the ranked rows.
 */
export function groupPercentiles(
  ranked: Ranked,
  groupOf: ArrayLike<number>,
  counts: ArrayLike<number>,
  several?: (i: number) => readonly number[] | undefined,
) {
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
    let k = groupOf[i];
    if (k === NONE || (k === SEVERAL && !several)) continue;
    const list = k === SEVERAL ? several!(i) : undefined;
    for (let m = 0; ; m++) {
      if (list) {
        if (m >= list.length) break;
        k = list[m];
      } else if (m > 0) break;
      const c = ++seen[k];
      if (c === t50[k]) p50[k] = ms[i];
      if (c === t95[k]) p95[k] = ms[i];
      if (c === t99[k]) p99[k] = ms[i];
    }
  }
  return { p50, p95, p99 };
}

export const figuresOf = (count: number, errors: number, p50: number, p95: number, p99: number): Figures => ({
  count,
  errors,
  errorRate: count ? errors / count : 0,
  p50: count ? p50 : 0,
  p95: count ? p95 : 0,
  p99: count ? p99 : 0,
});
