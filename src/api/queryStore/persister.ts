// The query cache kept on this device (docs/offline.md, "The query cache"), as the query client sees it: every
// query's function runs through `keptQueryFn`. Online nothing changes: the service is asked, and a kept query's
// reply is written to IndexedDB afterwards, when the browser is idle (`keepInBackground`). Only when the browser
// is offline, or the service cannot be reached, is a kept query with no data read from the store; a query with
// nothing stored fails at once offline with "needs the network" instead of waiting for the connection.
// The store itself (idb-keyval and the persister) is ./store.ts, loaded on first use: this file is in the entry.
import {
  onlineManager,
  type Query,
  type QueryFunction,
  type QueryFunctionContext,
} from '@tanstack/react-query';
import { serviceBaseUrl } from '../client';
import { ApiError, networkError } from '../errors';
import { sessionStore } from '../session';
import { isKeptData, isKeptKey } from './rules';

export const NEEDS_NETWORK = 'NeedsNetwork';
export const NEEDS_NETWORK_MESSAGE =
  'This page needs the network: it has not been opened on this device yet.';

/** Offline, a read with nothing kept for it. Not transient: it is not retried (nothing to wait for). */
export function needsNetworkError(operation?: string): ApiError {
  return new ApiError({ status: 0, errorCode: NEEDS_NETWORK, message: NEEDS_NETWORK_MESSAGE, operation });
}

export const isNeedsNetwork = (error: unknown): boolean =>
  error instanceof ApiError && error.errorCode === NEEDS_NETWORK;

/** Whose store it is: the service and the signed-in user (none signed in: nothing is read or written). */
export function currentScope(): string | undefined {
  const user = sessionStore.get()?.userName;
  return user ? `${serviceBaseUrl() || globalThis.location?.origin || ''} ${user}` : undefined;
}

type Store = typeof import('./store');
let loaded: Store | undefined;
const loadStore = async (): Promise<Store> => (loaded ??= await import('./store'));

// Queries shown from the store: query hash → the time their data was saved. A query shows restored data while
// its dataUpdatedAt is still that time (a later read replaces it).
const restored = new Map<string, number>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const restoredQueries = {
  /** When the data this query shows was saved, if it came from the store. */
  savedAt(query: { queryHash: string; state: { dataUpdatedAt: number } }): number | undefined {
    const at = restored.get(query.queryHash);
    return at !== undefined && at === query.state.dataUpdatedAt ? at : undefined;
  },
  any: (): boolean => restored.size > 0,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  clear(): void {
    restored.clear();
    emit();
  },
};

// Data that has just come from the store is not written back (it would be stored as new).
const fromStore = new WeakSet<Query>();

async function restore(query: Query, scope: string): Promise<unknown> {
  // Surely not kept (the common case for a page never opened here): no wait at all.
  if (loaded && !loaded.mayHold(scope, query.queryHash)) return undefined;
  try {
    const store = await loadStore();
    const data = await store.restore(scope, query.queryHash, (savedAt) => {
      // After the data is set (as of now): it is as old as when it was saved, and read again (stale) as soon
      // as the connection is back or the page is opened again.
      query.setState({ dataUpdatedAt: savedAt, isInvalidated: true });
      restored.set(query.queryHash, savedAt);
      emit();
    });
    if (data !== undefined) fromStore.add(query);
    return data;
  } catch {
    return undefined;
  }
}

/** The `persister` of every query (src/app/queryClient.ts). */
export async function keptQueryFn<T>(
  queryFn: QueryFunction<T, readonly unknown[], never>,
  context: QueryFunctionContext<readonly unknown[]>,
  query: Query,
): Promise<T> {
  // Reads that never need the service (this device's own values) run as they are.
  if (query.options.networkMode === 'always') return queryFn(context);
  const empty = query.state.data === undefined;
  const scope = empty && isKeptKey(query.queryKey) ? currentScope() : undefined;
  if (!onlineManager.isOnline()) {
    // A refetch of data on screen: nothing is sent; the read is retried once the connection is back.
    if (!empty) throw networkError(undefined, 'offline');
    const data = scope === undefined ? undefined : await restore(query, scope);
    if (data !== undefined) return data as T;
    throw needsNetworkError();
  }
  try {
    return await queryFn(context);
  } catch (error) {
    if (scope !== undefined && error instanceof ApiError && error.isNetworkError) {
      const data = await restore(query, scope);
      if (data !== undefined) return data as T;
    }
    throw error;
  }
}

type AnyQuery = Query<unknown, unknown, unknown, readonly unknown[]>;
const pending = new Map<AnyQuery, string>();
const lastKept = new WeakMap<AnyQuery, unknown>();
let flushing = false;

const whenIdle = (task: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(task, { timeout: 2_000 })
    : setTimeout(task, 200);

function flush() {
  flushing = false;
  const batch = [...pending];
  pending.clear();
  void loadStore()
    .then((store) => {
      for (const [query, scope] of batch) {
        lastKept.set(query, query.state.data);
        void store.save(scope, query as Query).catch(() => lastKept.delete(query));
      }
    })
    .catch(() => undefined);
}

/** After a read (the query cache's onSuccess): a kept query's data is written to the store when idle. */
export function keepInBackground(query: AnyQuery): void {
  if (fromStore.delete(query as Query)) return;
  const data = query.state.data;
  if (lastKept.get(query) === data || !isKeptData(query.queryKey, data)) return;
  const scope = currentScope();
  if (scope === undefined) return;
  pending.set(query, scope);
  if (!flushing) {
    flushing = true;
    whenIdle(flush);
  }
}

let watched: string | undefined;
let watching = false;

/**
 * Makes the store the signed-in user's as soon as one signs in: a sign-in of another user (or to another service)
 * deletes what the previous one left. Sign-out deletes everything (src/session/session.ts).
 */
export function watchSessionScope(): void {
  if (watching) return;
  watching = true;
  watched = currentScope();
  // Signed in at start (a reload): the store is opened when the page is idle, so a read it cannot answer is
  // known at once (mayHold) instead of after a lookup.
  const scope = watched;
  if (scope !== undefined) {
    whenIdle(() => {
      void loadStore()
        .then((store) => store.claim(scope))
        .catch(() => undefined);
    });
  }
  sessionStore.subscribe(() => {
    const scope = currentScope();
    if (scope === undefined || scope === watched) return;
    watched = scope;
    void loadStore()
      .then((store) => store.claim(scope))
      .catch(() => undefined);
  });
}
