// The request-log query as it lives in the URL (PascalCase names, as in the interface: src/routes/logQuery.ts),
// the request sent for it, and its filters. No React in model/, so all of it is unit-tested.
import type { RequestOf } from '../../../contract/operations';
import { PARAMS, type LogQuery } from '../../../routes/logQuery';

export { PARAMS, parseLogQuery, toInt, writeLogQuery, type LogQuery } from '../../../routes/logQuery';

export type LogRequest = RequestOf<'RequestLogs'>;

/** URL names of what is not a service parameter: the open entry and the pages behind the cursor. */
export const ENTRY_PARAM = 'entry';
export const TRAIL_PARAM = 'trail';

/** The request sent for a query (what the client encodes). */
export function toRequest(q: LogQuery): LogRequest {
  const r: Record<string, unknown> = {};
  for (const { key } of PARAMS) if (q[key] !== undefined) r[key] = q[key];
  return r as LogRequest;
}

/** The filters of a query: everything but the cursor and paging. */
export function filtersOf(q: LogQuery): LogQuery {
  const { beforeId: _b, skip: _s, take: _t, ...rest } = q;
  return rest;
}

export function hasFilters(q: LogQuery): boolean {
  return Object.keys(filtersOf(q)).length > 0;
}
