// One window's rows out of the analytics index (aggregate.ts, LogIndex): the rows in the window ascending by id
// and by duration, how many rows read lie in an id range, and the explorer filter that lists the window — what
// every figure of aggregate.ts is counted over. Also the links of figures (`Links`): a filter when it lists
// exactly the figure's requests, else the requests' ids (filled by one pass at the end, ids.ts), else a wider list.
import { MAX_IDS } from '../../../contract/requestLog';
import type { LogRow } from '../../../api/requestLogReader/row';
import type { LogQuery } from '../../../routes/logQuery';
import { lowerBound, type Dim, type DimName } from './columns';
import { NONE, type Ranked } from './percentiles';
import type { LinkSpec } from './types';
import type { ResolvedWindow } from './window';

/** The index's columns, as aggregate.ts keeps them (row i of each array is row i of `rows`). */
export interface Columns {
  readonly rows: readonly LogRow[];
  readonly t: Float64Array;
  readonly ms: Float64Array;
  readonly id: Float64Array;
  readonly flags: Uint8Array;
  readonly dims: Record<DimName, Dim>;
  /** Row indices ascending by id, and by duration. */
  readonly byId: Uint32Array;
  readonly byMs: Uint32Array;
}

export interface WindowRows {
  /** The window's row indices, ascending by id. */
  rows: Uint32Array;
  /** The same, ascending by duration (for percentiles). */
  ranked: Ranked;
  /** How many rows read (of the user) have an id from `low` to `high`. */
  countInRange: (low: number, high: number) => number;
  /** The user's filter (empty without one), and the window as an explorer filter; exact when it lists only it. */
  userFilter: LogQuery;
  base: LogQuery;
  baseExact: boolean;
}

export function windowRows(c: Columns, win: ResolvedWindow, user?: string): WindowRows {
  const n = c.rows.length;
  const { t, id, byId, byMs, dims } = c;
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
  const countInRange = (low: number, high: number) => lowerBound(allIds, high + 1) - lowerBound(allIds, low);
  const order = new Uint32Array(w);
  for (let k = 0, j = 0; k < n; k++) if (inWindow[byMs[k]]) order[j++] = byMs[k];

  let base: LogQuery = userFilter;
  let baseExact = false;
  if (w) {
    const first = id[rows[0]];
    const last = id[rows[w - 1]];
    base = { ...userFilter, afterId: first - 1, beforeId: last };
    baseExact = countInRange(first, last) === w;
  }
  return { rows, ranked: { ms: c.ms, order }, countInRange, userFilter, base, baseExact };
}

const WIDER =
  'Opens a wider list: the explorer cannot filter by this, and there are more than 1,000 requests.';

/** Slots for the ids of the links that must list them, by the figure's place. */
export type IdSlots = (number[] | undefined)[];

export class Links {
  /** Whether some link waits for its ids (then ids.ts makes one pass over the window). */
  wantIds = false;

  /** A figure's link: `query` when it is exact, else its ids when there are at most MAX_IDS, else a wider list. */
  for(count: number, query: LogQuery, exact: boolean, slot: IdSlots, at: number): LinkSpec {
    if (exact) return { query, exact: true };
    if (count > 0 && count <= MAX_IDS) {
      const ids: number[] = [];
      slot[at] = ids;
      this.wantIds = true;
      return { query: { ids }, exact: true };
    }
    return { query, exact: false, note: WIDER };
  }
}
