// The request log's address: the query, the page trail (earlier pages, so Newer, Back and reload work) and the
// open entry all live in the URL; every move writes it.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_TAKE } from '../../contract/requestLog';
import {
  parseSort,
  parseStatusFilter,
  SORT_PARAM,
  STATUS_PARAM,
  writeLogView,
  type LogSort,
  type StatusFilter,
} from '../../routes/logView';
import type { DetailFilterKey } from './EntryDetail';
import type { FilterKey } from './LogTable';
import { parseTrail, writeTrail } from './model/paging';
import {
  ENTRY_PARAM,
  filtersOf,
  parseLogQuery,
  TRAIL_PARAM,
  writeLogQuery,
  type LogQuery,
} from './model/query';

export function useLogAddress() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => parseLogQuery(params), [search]);
  const entryParam = params.get(ENTRY_PARAM);
  const entryId = entryParam && /^\d{1,10}$/.test(entryParam) ? Number(entryParam) : undefined;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const trail = useMemo(() => parseTrail(params.get(TRAIL_PARAM)), [search]);
  const take = query.take ?? DEFAULT_TAKE;
  // The view (sort, status filter) of the rows held: console-only parameters, kept when the query changes.
  const sortParam = params.get(SORT_PARAM);
  const statusParam = params.get(STATUS_PARAM);
  const sort = useMemo(() => parseSort(sortParam), [sortParam]);
  const status = useMemo(() => {
    const f = parseStatusFilter(statusParam);
    return typeof f === 'object' ? f : undefined;
  }, [statusParam]);

  const go = useCallback(
    (next: URLSearchParams, replace = false) => setParams(next, { replace }),
    [setParams],
  );
  const applyQuery = useCallback(
    (q: LogQuery) => {
      const next = writeLogQuery(q, params);
      next.delete(TRAIL_PARAM);
      next.delete(ENTRY_PARAM);
      go(next);
    },
    [params, go],
  );
  const onFilter = useCallback(
    (key: FilterKey | DetailFilterKey, value: string) =>
      applyQuery({ ...filtersOf(query), take: query.take, [key]: value }),
    [applyQuery, query],
  );
  const clearFilters = useCallback(() => {
    const next = writeLogQuery({ take: query.take }, params);
    next.delete(STATUS_PARAM);
    next.delete(TRAIL_PARAM);
    next.delete(ENTRY_PARAM);
    go(next);
  }, [params, go, query.take]);
  /** The view changes in place (a new history entry, so Back undoes it); the open entry stays. */
  const setView = useCallback(
    (view: { sort?: LogSort; status?: StatusFilter }) => go(writeLogView(view, params)),
    [params, go],
  );
  const setSort = useCallback((s: LogSort | undefined) => setView({ sort: s, status }), [setView, status]);
  const setStatus = useCallback(
    (f: StatusFilter | undefined) => setView({ sort, status: f }),
    [setView, sort],
  );
  /** The older page from id `older` on; this page goes on the trail. */
  const goOlder = useCallback(
    (older: number | undefined) => {
      if (older === undefined) return;
      const next = writeLogQuery({ ...query, beforeId: older }, params);
      next.set(TRAIL_PARAM, writeTrail([...trail, query.beforeId]));
      next.delete(ENTRY_PARAM);
      go(next);
    },
    [query, params, trail, go],
  );
  const goNewer = useCallback(() => {
    if (!trail.length) return;
    const next = writeLogQuery({ ...query, beforeId: trail.at(-1) }, params);
    if (trail.length > 1) next.set(TRAIL_PARAM, writeTrail(trail.slice(0, -1)));
    else next.delete(TRAIL_PARAM);
    next.delete(ENTRY_PARAM);
    go(next);
  }, [query, params, trail, go]);
  const open = useCallback(
    (id: number) => {
      const next = new URLSearchParams(params);
      next.set(ENTRY_PARAM, String(id));
      go(next);
    },
    [params, go],
  );
  const close = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete(ENTRY_PARAM);
    go(next);
  }, [params, go]);

  return {
    search,
    query,
    entryId,
    trail,
    take,
    sort,
    status,
    setSort,
    setStatus,
    applyQuery,
    onFilter,
    clearFilters,
    goOlder,
    goNewer,
    open,
    close,
  };
}
