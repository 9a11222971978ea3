// A figure's link into the request-log explorer (its URL filters: src/routes/logQuery.ts).
import { writeLogQuery } from '../../routes/logQuery';
import { routes } from '../../routes/routes';
import type { LinkSpec } from './model/aggregate';

export const explorerHref = (link: LinkSpec) => routes.requestLog.href(writeLogQuery(link.query).toString());
