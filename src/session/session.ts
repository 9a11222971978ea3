// Session hooks for screens, and sign-out.
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { restoredQueries } from '../api/queryStore/persister';
import { sessionStore, type Session } from '../api/session';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/**
 * Signs out: stops what is in flight, forgets the keys, leaves the page, then drops every cached reply, the
 * records kept in IndexedDB for reading offline (src/api/queryStore), the request-log rows kept there (the
 * analytics page's) and the user's outbox, so neither Back nor a later user sees this user's data.
 */
export async function signOut(
  queryClient: QueryClient,
  navigate: (to: string, options: { replace: boolean }) => Promise<void> | void,
): Promise<void> {
  await queryClient.cancelQueries();
  const userName = sessionStore.get()?.userName;
  sessionStore.clear();
  await navigate('/signin', { replace: true });
  queryClient.clear();
  restoredQueries.clear();
  // Loaded on demand: the sign-in route's first load is on its budget (docs/performance.md).
  await Promise.all([
    import('../api/queryStore/store').then((m) => m.wipeQueryStore()).catch(() => undefined),
    import('../api/requestLogReader/wipe').then((m) => m.wipeRequestLogStore()).catch(() => undefined),
    // The user's unsent writes (the outbox) go too: the sign-out dialog said so first (docs/offline.md).
    userName === undefined
      ? undefined
      : import('../api/outbox/store').then((m) => m.wipeUserOutbox(userName)).catch(() => undefined),
  ]);
}
