// Partial data of a query whose reply arrives over time (the worker transport's onProgress): written to the
// query cache at once for the first rows, then at most every `ms`, so a 100,000-row reply re-renders its screen a
// few dozen times rather than once per chunk. Partial data is never fresh (see `write`).
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface ProgressWriter<T> {
  /** The latest partial data: written now, or when `ms` have passed since the last write. */
  push(value: T): void;
  /** No further writes (call when the query's function returns or fails). */
  stop(): void;
}

export function progressWriter<T>(
  client: QueryClient,
  queryKey: QueryKey,
  signal: AbortSignal,
  ms = 100,
): ProgressWriter<T> {
  let latest: T | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  let stopped = false;
  const write = () => {
    timer = undefined;
    if (stopped || signal.aborted) return;
    last = performance.now();
    // Written as already stale (updated at 0): a read cancelled half-way — its last screen gone before the next
    // one subscribed, as on a navigation — leaves this partial data behind (react-query reverts to the last data
    // written), and the next screen must read again rather than take it as fresh for the whole staleTime.
    client.setQueryData<T>(queryKey, latest, { updatedAt: 0 });
  };
  return {
    push(value) {
      latest = value;
      if (stopped || timer !== undefined) return;
      const wait = last + ms - performance.now();
      if (wait <= 0) write();
      else timer = setTimeout(write, wait);
    },
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
