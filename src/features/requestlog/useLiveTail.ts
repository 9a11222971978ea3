// Live tail: new rows (ids above the newest seen) are polled and put on top of the first page. The rows found
// belong to one query; another query starts over.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RequestLogEntry } from '../../contract/dtos';
import { filtersOf, type LogQuery } from './model/query';
import { requestLogTailQuery } from './queries';

export function useLiveTail(query: LogQuery, pageRows: RequestLogEntry[] | undefined, on: boolean) {
  const queryKey = JSON.stringify(query);
  const [tail, setTail] = useState<{ key: string; rows: RequestLogEntry[] }>({ key: queryKey, rows: [] });
  const hasPage = pageRows !== undefined;
  const tailRows = useMemo(
    () => (tail.key === queryKey && hasPage ? tail.rows : []),
    [tail, queryKey, hasPage],
  );
  const maxId = tailRows[0]?.id ?? pageRows?.[0]?.id ?? 0;
  const filters = useMemo(() => {
    const { afterId: _a, ...f } = filtersOf(query);
    return f;
  }, [query]);
  const tailQuery = useQuery(requestLogTailQuery(filters, maxId, on && !!pageRows));
  const newRows = tailQuery.data?.rows;
  useEffect(() => {
    if (!newRows?.length) return;
    setTail((t) => {
      const base = t.key === queryKey ? t.rows : [];
      const seen = new Set(base.map((r) => r.id));
      const fresh = newRows.filter((r) => !seen.has(r.id));
      return { key: queryKey, rows: [...fresh, ...base] };
    });
  }, [newRows, queryKey]);

  /** The tail's rows, then the page's rows not among them. */
  const rows = useMemo(() => {
    if (!pageRows) return [];
    if (!tailRows.length) return pageRows;
    const ids = new Set(tailRows.map((r) => r.id));
    return [...tailRows, ...pageRows.filter((r) => !ids.has(r.id))];
  }, [pageRows, tailRows]);

  return { rows, tailRows, fetching: tailQuery.isFetching };
}
