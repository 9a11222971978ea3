// The analytics index's columns (aggregate.ts, LogIndex): what each row is grouped by, a grouping of the rows
// in typed arrays, the rows' flags, and the helpers that grow and merge the columns.
import type { LogRow } from '../../../api/requestLogReader/row';
import { NONE, SEVERAL } from './percentiles';
import type { TableName } from './types';

/** Index of the first id ≥ `id` in ascending `ids`. */
export function lowerBound(ids: ArrayLike<number>, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The project keys (`1`) or the record keys (`folder:101`) of a row's targets: one string for the usual one. */
export function targetKeys(r: LogRow, projects: boolean): string | string[] | undefined {
  const ts = r.targets;
  if (!ts) return undefined;
  let one: string | undefined;
  let many: string[] | undefined;
  for (const t of ts) {
    if ((t.kind === 'project') !== projects) continue;
    const k = projects ? String(t.id) : `${t.kind}:${t.id}`;
    if (one === undefined) one = k;
    else if (k !== one && !many?.includes(k)) (many ??= [one]).push(k);
  }
  return many ?? one;
}

export function statusKey(r: LogRow): string {
  if (r.status !== undefined) return String(r.status);
  return r.error ? `error (${r.errorCode ?? 'no code'})` : 'ok';
}

export type DimName = TableName | 'path';

/** What each row is grouped by: a table's key, several (a request naming two records), or none. */
export const KEYS: Record<DimName, (r: LogRow) => string | string[] | undefined> = {
  operation: (r) => r.op ?? r.path,
  user: (r) => r.user ?? '',
  ip: (r) => r.ip ?? '',
  status: statusKey,
  project: (r) => targetKeys(r, true),
  record: (r) => targetKeys(r, false),
  path: (r) => r.path,
};
export const DIMS = Object.keys(KEYS) as DimName[];

export function grown<T extends Float64Array | Int32Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** One grouping of the rows: its keys, and each row's group (NONE, SEVERAL: listed in `several`). */
export class Dim {
  readonly keys: string[] = [];
  private readonly index = new Map<string, number>();
  of = new Int32Array(1024);
  readonly several = new Map<number, number[]>();

  find(key: string): number | undefined {
    return this.index.get(key);
  }

  private group(key: string): number {
    let g = this.index.get(key);
    if (g === undefined) {
      g = this.keys.length;
      this.index.set(key, g);
      this.keys.push(key);
    }
    return g;
  }

  set(i: number, key: string | string[] | undefined) {
    this.of = grown(this.of, i + 1);
    if (key === undefined) this.of[i] = NONE;
    else if (typeof key === 'string') this.of[i] = this.group(key);
    else {
      this.of[i] = SEVERAL;
      this.several.set(
        i,
        key.map((k) => this.group(k)),
      );
    }
  }

  /** Calls `f` for each group of row i. */
  each(i: number, f: (g: number) => void) {
    const g = this.of[i];
    if (g >= 0) f(g);
    else if (g === SEVERAL) for (const one of this.several.get(i)!) f(one);
  }
}

/** Merges `add` (ascending by key) into `into` (ascending by key). */
export function merge(into: Uint32Array, add: Uint32Array, key: Float64Array): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(into.length + add.length);
  if (!into.length || key[add[0]] >= key[into[into.length - 1]]) {
    out.set(into);
    out.set(add, into.length);
    return out;
  }
  // All below (the reader's pages come newest first, so their ids do): a copy, no comparisons.
  if (key[add[add.length - 1]] < key[into[0]]) {
    out.set(add);
    out.set(into, add.length);
    return out;
  }
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < into.length && j < add.length) out[k++] = key[add[j]] < key[into[i]] ? add[j++] : into[i++];
  while (i < into.length) out[k++] = into[i++];
  while (j < add.length) out[k++] = add[j++];
  return out;
}

export const ERROR = 1;
export const NO_STATUS = 8;
export const DTO_ABSENT = 16;
export const DTO_TRUNCATED = 32;
export const classIndex = (flags: number) => (flags >> 1) & 3;
