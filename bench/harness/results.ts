// What a child bench leaves for its part: bench/results/<name>.json (dated: the part checks it is from this run),
// with the machine's load beside the figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** The load averages (1, 5, 15 minutes), to two decimals. */
export const loadAverage = () => loadavg().map((l) => Number(l.toFixed(2)));

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** For each key, the median of the runs' values. */
export function medians<R, K extends keyof R>(runs: R[], keys: K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => Number(r[k])))])) as Record<K, number>;
}

/** When and on what a result was measured (its first keys). */
export const stamp = () => ({
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
});

/** Writes bench/results/<name>.json, and prints `shown` (say, the result) as indented JSON. */
export function writeResult(name: string, result: object, shown?: unknown): void {
  if (shown !== undefined) console.log(JSON.stringify(shown, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${name}.json`, JSON.stringify(result, null, 2) + '\n');
}
