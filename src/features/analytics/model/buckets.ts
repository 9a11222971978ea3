// The window's totals and its time buckets (aggregate.ts): one pass over the window's rows gives each row its
// bucket and its twelfth of the window (the tables' trends), the counts by status class, and the buckets' figures
// and links (a bucket's id range is exact when no other row read lies in it).
import type { StatusClass } from '../../../api/requestLogReader/row';
import { classIndex, DTO_ABSENT, DTO_TRUNCATED, ERROR, NO_STATUS } from './columns';
import { figuresOf, groupPercentiles, NONE } from './percentiles';
import type { Analytics, Bucket } from './types';
import { TREND_POINTS } from './types';
import type { ResolvedWindow } from './window';
import type { Columns, IdSlots, Links, WindowRows } from './window-rows';

export const CLASSES: StatusClass[] = ['ok', 'client', 'server', 'error'];

export interface TimeFigures {
  total: Analytics['total'];
  classes: Analytics['classes'];
  buckets: Bucket[];
  /** Failed requests of the window. */
  errors: number;
  withoutStatus: number;
  dtoAbsent: number;
  dtoTruncated: number;
  /** Each row's bucket (NONE outside the window) and twelfth of the window. */
  bucketOf: Int32Array;
  twelfth: Uint8Array;
  /** The id slots of the total's links, the buckets' and the buckets' classes' (ids.ts fills them). */
  totalIds: IdSlots;
  bucketIds: IdSlots;
  bucketClassIds: IdSlots;
}

export function timeFigures(c: Columns, win: ResolvedWindow, wr: WindowRows, links: Links): TimeFigures {
  const { t, id, flags } = c;
  const { rows, ranked, base, baseExact, userFilter, countInRange } = wr;
  const n = c.rows.length;
  const w = rows.length;
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
  const classes = Object.fromEntries(CLASSES.map((k, cl) => [k, classCounts[cl]])) as Record<
    StatusClass,
    number
  >;
  const nth = (p: number) => (w ? c.ms[ranked.order[Math.max(1, Math.ceil(p * w)) - 1]] : 0);
  const totalIds: IdSlots = [];
  const total = {
    ...figuresOf(w, errors, nth(0.5), nth(0.95), nth(0.99)),
    link: links.for(w, base, baseExact, totalIds, 0),
    errorLink: links.for(errors, { ...base, withErrors: true }, baseExact, totalIds, 1),
  };

  const bPct = groupPercentiles(ranked, bucketOf, bCount);
  const bucketIds: IdSlots = [];
  const bucketClassIds: IdSlots = [];
  const buckets: Bucket[] = Array.from({ length: nb }, (_, b) => {
    const start = win.fromMs + b * win.bucketMs;
    const counts = Object.fromEntries(CLASSES.map((k, cl) => [k, bClass[b * 4 + cl]])) as Record<
      StatusClass,
      number
    >;
    const f = figuresOf(bCount[b], bErrors[b], bPct.p50[b], bPct.p95[b], bPct.p99[b]);
    if (!bCount[b]) return { start, ...f, classes: counts, link: { query: {}, exact: true }, classLinks: {} };
    const range = { ...userFilter, afterId: bLow[b] - 1, beforeId: bHigh[b] };
    const exact = countInRange(bLow[b], bHigh[b]) === bCount[b];
    const classLinks: Bucket['classLinks'] = {};
    CLASSES.forEach((k, cl) => {
      if (!counts[k]) return;
      // ok ⇔ not failed; an error class is exact when the bucket's failures are all of it.
      const classExact = exact && (k === 'ok' || counts[k] === f.errors);
      classLinks[k] = links.for(
        counts[k],
        { ...range, withErrors: k !== 'ok' },
        classExact,
        bucketClassIds,
        b * 4 + cl,
      );
    });
    return { start, ...f, classes: counts, link: links.for(f.count, range, exact, bucketIds, b), classLinks };
  });
  return {
    total,
    classes,
    buckets,
    errors,
    withoutStatus,
    dtoAbsent,
    dtoTruncated,
    bucketOf,
    twelfth,
    totalIds,
    bucketIds,
    bucketClassIds,
  };
}
