// The ids of the links that list them (aggregate.ts): one pass over the window's rows, newest first, for the
// total and the buckets, then one per table that has such links. Only run when some link waits for its ids.
import { classIndex, ERROR, type Dim } from './columns';
import { NONE } from './percentiles';
import type { TimeFigures } from './buckets';
import type { TableIds } from './tables';
import type { Columns, WindowRows } from './window-rows';

export function fillIds(c: Columns, wr: WindowRows, time: TimeFigures, tables: [Dim, TableIds][]) {
  const { id, flags } = c;
  const { rows } = wr;
  const { totalIds, bucketIds, bucketClassIds, bucketOf } = time;
  for (let k = rows.length - 1; k >= 0; k--) {
    const i = rows[k];
    const rid = id[i];
    totalIds[0]?.push(rid);
    if (flags[i] & ERROR) totalIds[1]?.push(rid);
    const b = bucketOf[i];
    bucketIds[b]?.push(rid);
    bucketClassIds[b * 4 + classIndex(flags[i])]?.push(rid);
  }
  for (const [d, { all, errors }] of tables) {
    if (!all.length && !errors.length) continue;
    for (let k = rows.length - 1; k >= 0; k--) {
      const i = rows[k];
      const g = d.of[i];
      if (g === NONE) continue;
      const err = flags[i] & ERROR;
      if (g >= 0) {
        all[g]?.push(id[i]);
        if (err) errors[g]?.push(id[i]);
      } else
        for (const one of d.several.get(i)!) {
          all[one]?.push(id[i]);
          if (err) errors[one]?.push(id[i]);
        }
    }
  }
}
