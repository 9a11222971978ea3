// Failed sign-ins by the user name they tried (Items.userNameTried, written by the reference service for a failed
// sign-in; issue 34): which accounts are being guessed, how often, from how many addresses, and when last. Kept
// apart from LogIndex (model/aggregate.ts): only the failed sign-ins are held, a few of the rows read.
import { MAX_IDS } from '../../../contract/requestLog';
import type { LogRow } from '../../../api/requestLogReader/row';
import type { LinkSpec } from './aggregate';
import { LogIndex } from './aggregate';
import type { ResolvedWindow } from './window';

export const SIGN_IN_OP = 'InternalUserAuthenticationRequest';
/** Names shown at most (the most tried first). */
export const SIGN_IN_ROWS = 20;

export interface SignInGroup {
  /** The user name tried; '' for failures that logged none (an older service, an empty name). */
  name: string;
  count: number;
  /** Distinct IP addresses the attempts came from. */
  ips: number;
  lastMs: number;
  /** Opens exactly these attempts (by id) in the explorer, newest first. */
  link: LinkSpec;
}

export interface SignInFigures {
  groups: SignInGroup[];
  /** Names tried in all (groups holds the `SIGN_IN_ROWS` most tried). */
  names: number;
  /** Failed sign-ins in the window. */
  total: number;
}

export const isFailedSignIn = (r: LogRow): boolean => r.op === SIGN_IN_OP && r.error;

/**
 * Failed sign-ins of the window grouped by the name tried, most tried first (then the latest). With the page
 * limited to a user, only the attempts at that user's name count: a failed sign-in is bound to no user.
 */
export function failedSignIns(rows: Iterable<LogRow>, win: ResolvedWindow, user?: string): SignInFigures {
  const by = new Map<string, { ids: number[]; ips: Set<string>; lastMs: number }>();
  let total = 0;
  for (const r of rows) {
    if (!isFailedSignIn(r) || r.t < win.fromMs || r.t > win.toMs) continue;
    const name = r.tried ?? '';
    if (user !== undefined && name !== user) continue;
    total++;
    let g = by.get(name);
    if (!g) by.set(name, (g = { ids: [], ips: new Set(), lastMs: r.t }));
    g.ids.push(r.id);
    if (r.ip) g.ips.add(r.ip);
    g.lastMs = Math.max(g.lastMs, r.t);
  }
  const groups = [...by.entries()]
    .map(([name, g]): SignInGroup => {
      g.ids.sort((a, b) => b - a);
      const link: LinkSpec =
        g.ids.length <= MAX_IDS
          ? { query: { ids: g.ids }, exact: true }
          : {
              // More than the explorer's Ids take: the failed requests of their id range, wider than the figure.
              query: { afterId: g.ids.at(-1)! - 1, beforeId: g.ids[0], withErrors: true },
              exact: false,
              note: 'Opens a wider list: every failed request of these attempts’ id range (more than 1,000 attempts).',
            };
      return { name, count: g.ids.length, ips: g.ips.size, lastMs: g.lastMs, link };
    })
    .sort((a, b) => b.count - a.count || b.lastMs - a.lastMs || a.name.localeCompare(b.name));
  return { groups: groups.slice(0, SIGN_IN_ROWS), names: groups.length, total };
}

/** The worker's index with the failed sign-ins held beside it (by id: a row read twice counts once). */
export class AnalyticsIndex extends LogIndex {
  private readonly signIns = new Map<number, LogRow>();

  override add(rows: readonly LogRow[]) {
    super.add(rows);
    for (const r of rows) if (isFailedSignIn(r)) this.signIns.set(r.id, r);
  }

  failedSignIns(win: ResolvedWindow, user?: string): SignInFigures {
    return failedSignIns(this.signIns.values(), win, user);
  }
}
