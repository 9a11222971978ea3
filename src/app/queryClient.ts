// The one QueryClient and its policy: what is retried, how background failures surface, what a mutation
// invalidates. Features only describe queries (queryOptions factories) and mutations (mutationKey / meta).
import { MutationCache, onlineManager, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/errors';
import {
  keepInBackground,
  keptQueryFn,
  restoredQueries,
  watchSessionScope,
} from '../api/queryStore/persister';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Do not toast when a background refetch of this query fails. */
      silentRefetchErrors?: boolean;
    };
    mutationMeta: {
      /** Query keys (prefixes) to invalidate after the mutation succeeds, besides its mutationKey. */
      invalidates?: QueryKey[];
    };
  }
}

const MAX_QUERY_RETRIES = 3;

/** Reads are retried only when the failure was not the request's fault: network errors and 5xx. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  return error instanceof ApiError && error.isTransient;
}

/** 1 s, 2 s, 4 s … capped at 15 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 15_000);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/**
 * The browser's online state, told to react-query from the start. react-query assumes online and listens for the
 * browser's `online` / `offline` events only once something subscribes to it (the provider's mount, after the
 * config and the first chunks): a page loaded offline (from the service worker) says so at once, and a change in
 * between is not missed (the connection back while the console was starting left it "offline" until the next
 * change). Setting the same state again does nothing, so these listeners and react-query's own agree.
 */
function followBrowserOnline(): void {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return;
  if (navigator.onLine === false) onlineManager.setOnline(false);
  if (followingOnline) return;
  followingOnline = true;
  window.addEventListener('online', () => onlineManager.setOnline(true));
  window.addEventListener('offline', () => onlineManager.setOnline(false));
}
let followingOnline = false;

export function createQueryClient(): QueryClient {
  followBrowserOnline();
  watchSessionScope();
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // The records a user opened are kept on this device for reading offline (src/api/queryStore).
      onSuccess: (_data, query) => keepInBackground(query),
      onError: (error, query) => {
        // A first load shows its error in place (route error boundary or the section); only a failed
        // background refetch — old data still on screen — needs telling here, unless that data is the copy
        // kept on this device (the offline notice says how old it is).
        if (query.state.data === undefined || query.meta?.silentRefetchErrors) return;
        if (restoredQueries.savedAt(query) !== undefined) return;
        notifications.show({
          id: `refetch-${query.queryHash}`,
          color: 'red',
          title: 'Could not refresh',
          message: `${errorMessage(error)} The page shows the data loaded before.`,
        });
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: async (_data, _variables, _result, mutation) => {
        const keys: QueryKey[] = [
          ...(mutation.options.mutationKey ? [mutation.options.mutationKey] : []),
          ...(mutation.meta?.invalidates ?? []),
        ];
        await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetryQuery,
        retryDelay,
        // Offline, a read still runs once: the kept copy of a record opened before (or "needs the network"),
        // instead of pausing until the connection is back. Retries still wait for it.
        networkMode: 'offlineFirst',
        persister: keptQueryFn,
      },
      mutations: {
        // A write is never repeated behind the user's back (the 401 re-sign-in in src/api is the exception:
        // the service refused it before doing anything).
        retry: false,
        // Offline, a save fails at once with "could not be reached" (the form keeps its values) instead of
        // waiting, paused, to be sent behind the user's back when the connection returns.
        networkMode: 'always',
      },
    },
  });
  return queryClient;
}
