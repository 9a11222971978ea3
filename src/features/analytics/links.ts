// A figure's link into the request-log explorer (its URL filters: src/routes/logQuery.ts), sorted by what the
// figure is about when it says so (a duration opens the slowest first: src/routes/logView.ts).
import { writeLogQuery } from '../../routes/logQuery';
import { writeLogView, type LogSort } from '../../routes/logView';
import { routes } from '../../routes/routes';
import type { LinkSpec } from './model/aggregate';

/** A figure's link with the explorer's order for it. */
export type SortedLink = LinkSpec & { sort?: LogSort };

export const SLOWEST_FIRST: LogSort = { key: 'duration', dir: 'desc' };
/** Failures by status, the server's errors (5xx) first. */
export const WORST_STATUS_FIRST: LogSort = { key: 'status', dir: 'desc' };

export const sortedBy = (link: LinkSpec, sort: LogSort): SortedLink => ({ ...link, sort });

export const explorerHref = (link: SortedLink) =>
  routes.requestLog.href(writeLogView({ sort: link.sort }, writeLogQuery(link.query)).toString());
