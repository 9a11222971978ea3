import { useEffect, useRef } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { DETAIL_CONCURRENCY, rfiQuery } from './queries';

/**
 * Details of every RFI in the list (the interface has no list of RFI details, so one read per RFI). Rows in
 * view are asked for first, then the rest in display order, up to DETAIL_CONCURRENCY at a time; everything goes into the
 * query cache, so reopening the list (or an RFI) within the stale time costs no request.
 *
 * `priority()` returns the ids in the order they should be read (visible rows first); it is asked again each
 * time a slot frees, so scrolling or re-sorting changes what comes next.
 */
export function useRfiDetails(folderIds: number[], priority: () => number[]) {
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: folderIds.map((id) => ({ ...rfiQuery(id), enabled: false })),
  });
  const priorityRef = useRef(priority);
  useEffect(() => {
    priorityRef.current = priority;
  });

  const idsKey = folderIds.join(',');
  useEffect(() => {
    let stopped = false;
    const queue = new Set(idsKey ? idsKey.split(',').map(Number) : []);
    const next = () => {
      for (const id of priorityRef.current()) if (queue.has(id)) return id;
      return queue.values().next().value;
    };
    const worker = async () => {
      while (!stopped) {
        const id = next();
        if (id === undefined) return;
        queue.delete(id);
        // fetchQuery answers from the cache while fresh; a failure stays on the query and shows on its row.
        await queryClient.fetchQuery(rfiQuery(id)).catch(() => undefined);
      }
    };
    for (let i = 0; i < DETAIL_CONCURRENCY; i++) void worker();
    return () => {
      stopped = true;
    };
  }, [idsKey, queryClient]);

  const done = results.filter((r) => r.data !== undefined || r.isError).length;
  const failed = results.filter((r) => r.isError && r.data === undefined).length;
  const retryFailed = () => {
    folderIds.forEach((id, i) => {
      if (results[i]?.isError) void queryClient.fetchQuery(rfiQuery(id)).catch(() => undefined);
    });
  };
  return { results, done, failed, total: folderIds.length, retryFailed };
}
