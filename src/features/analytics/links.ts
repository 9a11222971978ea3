// A figure's link into the request-log explorer (its URL filters: src/routes/logQuery.ts), sorted by what the
// figure is about when it says so (a duration opens the slowest first: src/routes/logView.ts).
import { DEFAULT_TAKE, MAX_TAKE } from '../../contract/requestLog';
import { writeLogQuery } from '../../routes/logQuery';
import { writeLogView, type LogSort } from '../../routes/logView';
import { routes } from '../../routes/routes';
import type { LinkSpec } from './model/aggregate';

/** A figure's link with the explorer's order for it. */
export type SortedLink = LinkSpec & { sort?: LogSort };

export const SLOWEST_FIRST: LogSort = { key: 'duration', dir: 'desc' };
/** Failures by status, the server's errors (5xx) first. */
export const WORST_STATUS_FIRST: LogSort = { key: 'status', dir: 'desc' };

/**
 * `link` sorted; with `count` (the figure's requests) the explorer is asked for all of them, up to its maximum,
 * since it sorts the rows it loads: the slowest of a group of 400 are not among the newest 100.
 */
export function sortedBy(link: LinkSpec, sort: LogSort, count?: number): SortedLink {
  const take = count !== undefined && count > DEFAULT_TAKE ? Math.min(count, MAX_TAKE) : undefined;
  return { ...link, query: take ? { ...link.query, take } : link.query, sort };
}

export const explorerHref = (link: SortedLink) =>
  routes.requestLog.href(writeLogView({ sort: link.sort }, writeLogQuery(link.query)).toString());
