// Many reads of one kind (an RFI's details, a meeting and its minutes) for a work panel: all asked for at once, at
// most `concurrency` in flight (a slot frees, the next goes), everything in the shared query cache, so the
// screens that show the same records open without reading them again.
import { useQueries, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

export interface Reads<T> {
  /** One per option, in order: the data once read. */
  data: (T | undefined)[];
  /** Whether each has an answer (data or error). */
  answered: boolean[];
  /** How many have an answer. */
  settled: number;
  failed: number;
  /** The first failed read's error, if any. */
  error: Error | null;
  /** Reads the failed ones again. */
  retryFailed: () => void;
}

export function useReads<T, K extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, Error, T, K>[],
  concurrency: number,
): Reads<T> {
  const queryClient = useQueryClient();
  // A read already answered stays enabled; of the others, the first `concurrency` are (the window slides as
  // answers come in: each one re-renders this hook).
  let slots = concurrency;
  const queries = options.map((o) => {
    const state = queryClient.getQueryState(o.queryKey);
    const answered = state !== undefined && (state.data !== undefined || state.status === 'error');
    const enabled = answered || slots-- > 0;
    return { ...o, enabled };
  });
  const results = useQueries({ queries });
  const answered = results.map((r) => r.data !== undefined || r.isError);
  const settled = answered.filter(Boolean).length;
  const failed = results.filter((r) => r.isError && r.data === undefined).length;
  return {
    data: results.map((r) => r.data),
    answered,
    settled,
    failed,
    error: results.find((r) => r.isError)?.error ?? null,
    retryFailed: () => {
      results.forEach((r) => {
        if (r.isError) void r.refetch();
      });
    },
  };
}
