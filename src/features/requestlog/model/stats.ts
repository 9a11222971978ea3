// The overview's statistics of the rows on screen: percentiles, a per-minute timeline, the duration histogram,
// the slowest and most failing paths.
import type { RequestLogEntry } from '../../../contract/dtos';
import { isError } from './entry';

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
