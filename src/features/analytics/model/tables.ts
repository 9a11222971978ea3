// The analytics tables (aggregate.ts): for one grouping of the window's rows (operation, user, IP, status,
// project, record), each group's count, failures, percentiles, trend over the window's twelfths and links —
// the TABLE_ROWS largest groups, by count then key. A row naming two records counts in both.
import { ERROR, type Dim } from './columns';
import { figuresOf, groupPercentiles, NONE, SEVERAL } from './percentiles';
import type { GroupRow, Table } from './types';
import { TABLE_ROWS, TREND_POINTS } from './types';
import type { GroupSpec } from './groups';
import type { Columns, IdSlots, Links, WindowRows } from './window-rows';

/** The id slots of a table's links, by group: of all its requests, and of its failed ones (ids.ts fills them). */
export interface TableIds {
  all: IdSlots;
  errors: IdSlots;
}

export function groupTable(
  c: Columns,
  d: Dim,
  spec: GroupSpec,
  wr: WindowRows,
  twelfth: Uint8Array,
  links: Links,
  lists: TableIds,
): Table {
  const { flags } = c;
  const { rows, ranked, base, baseExact } = wr;
  const w = rows.length;
  const G = d.keys.length;
  const counts = new Int32Array(G);
  const errs = new Int32Array(G);
  const first = new Int32Array(G).fill(NONE);
  const trend = new Int32Array(G * TREND_POINTS);
  let several = false;
  const count = (g: number, i: number, err: number) => {
    counts[g]++;
    errs[g] += err;
    if (first[g] === NONE) first[g] = i;
    trend[g * TREND_POINTS + twelfth[i]]++;
  };
  for (let k = 0; k < w; k++) {
    const i = rows[k];
    const g = d.of[i];
    const err = flags[i] & ERROR;
    if (g >= 0) count(g, i, err);
    else if (g === SEVERAL) {
      several = true;
      for (const one of d.several.get(i)!) count(one, i, err);
    }
  }
  const pct = groupPercentiles(ranked, d.of, counts, several ? (i) => d.several.get(i) : undefined);
  const present: number[] = [];
  for (let g = 0; g < G; g++) if (counts[g]) present.push(g);
  const keys = d.keys;
  present.sort((a, b) => counts[b] - counts[a] || (keys[a] < keys[b] ? -1 : 1));
  const out: GroupRow[] = present.slice(0, TABLE_ROWS).map((g) => {
    const key = keys[g];
    const r = c.rows[first[g]];
    const { filter, exact } = spec.filter(key, r, counts[g]);
    const link = links.for(counts[g], { ...base, ...filter }, exact && baseExact, lists.all, g);
    const errorLink = errs[g]
      ? links.for(errs[g], { ...base, ...filter, withErrors: true }, exact && baseExact, lists.errors, g)
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
}
