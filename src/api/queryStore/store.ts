// The kept queries in IndexedDB (database `pm-console-cache`, one object store): one entry per query, written by
// TanStack Query's persister (`experimental_createQueryPersister`) over idb-keyval. Loaded on first use (see
// ./persister.ts). Entries are keyed by the user's scope (service + user name, hashed) and the query's hash; the
// store holds one scope at a time: claiming it for a user deletes every other entry. Values are stored as they
// are (structured clone keeps the Dates the client decoded), never as JSON.
import { clear, createStore, del, delMany, entries, get, keys, set } from 'idb-keyval';
import { experimental_createQueryPersister, type PersistedQuery } from '@tanstack/query-persist-client-core';
import type { Query } from '@tanstack/react-query';
import { currentScope } from './persister';
import { isKeptData } from './rules';

export const QUERY_CACHE_DB = 'pm-console-cache';
export const QUERY_CACHE_STORE = 'queries';
/** An entry older than this is deleted when read, and by the sweep a minute after the store is first used. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** The stored format; entries of another format are deleted when read. */
const FORMAT = '1';

const idb = createStore(QUERY_CACHE_DB, QUERY_CACHE_STORE);

// One operation at a time, in the order asked: a wipe queued after a write runs after it, so nothing is left.
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** FNV-1a, 32 bits: the scope in the keys without the user's name in clear. */
export function scopeHash(scope: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < scope.length; i++) {
    h ^= scope.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export const keyPrefix = (scope: string) => `q${scopeHash(scope)}`;

type Persister = ReturnType<typeof experimental_createQueryPersister<PersistedQuery>>;
const persisters = new Map<string, Persister>();

function persisterOf(scope: string): Persister {
  let persister = persisters.get(scope);
  if (!persister) {
    persister = experimental_createQueryPersister<PersistedQuery>({
      storage: {
        getItem: (key) => get<PersistedQuery>(key, idb),
        setItem: (key, value) => set(key, value, idb),
        removeItem: (key) => del(key, idb),
        entries: () => entries<string, PersistedQuery>(idb),
      },
      prefix: keyPrefix(scope),
      buster: FORMAT,
      maxAge: MAX_AGE_MS,
      // Only what a restore needs: the data and when it was read (not the error, fetch status or meta).
      serialize: (stored) => ({
        ...stored,
        state: {
          data: stored.state.data,
          dataUpdatedAt: stored.state.dataUpdatedAt,
        } as PersistedQuery['state'],
      }),
      deserialize: (stored) => stored,
      refetchOnRestore: false,
    });
    persisters.set(scope, persister);
  }
  return persister;
}

let claimed: string | undefined;
let swept = false;
// The keys held for the claimed scope: a read the store cannot answer is known at once, without a lookup.
const held = new Set<string>();
const storageKey = (scope: string, queryHash: string) => `${keyPrefix(scope)}-${queryHash}`;

async function claimNow(scope: string): Promise<void> {
  if (claimed === scope) return;
  const own = `${keyPrefix(scope)}-`;
  const all = await keys(idb);
  const others = all.filter((key) => typeof key !== 'string' || !key.startsWith(own));
  if (others.length > 0) await delMany(others, idb);
  held.clear();
  for (const key of all) if (typeof key === 'string' && key.startsWith(own)) held.add(key);
  claimed = scope;
  if (!swept) {
    swept = true;
    setTimeout(() => void inTurn(() => persisterOf(scope).persisterGc()).catch(() => undefined), 60_000);
  }
}

/**
 * Whether the store may hold a query's data: false when it surely does not (known once the store was claimed for
 * this scope), so a read with nothing kept fails as fast as without the store.
 */
export function mayHold(scope: string, queryHash: string): boolean {
  return claimed !== scope || held.has(storageKey(scope, queryHash));
}

/** Makes the store this user's: what any other user (or service) left is deleted. */
export function claim(scope: string): Promise<void> {
  return inTurn(() => claimNow(scope));
}

/**
 * The kept data of a query, or undefined. `onRestored` is called with the time it was saved, after the query
 * has taken the data (the persister schedules it).
 */
export function restore(
  scope: string,
  queryHash: string,
  onRestored: (savedAt: number) => void,
): Promise<unknown> {
  return inTurn(async () => {
    if (currentScope() !== scope) return undefined;
    await claimNow(scope);
    return persisterOf(scope).retrieveQuery(queryHash, (stored) => onRestored(stored.state.dataUpdatedAt));
  });
}

/** Writes a query's data, if it is still this user's and still worth keeping. */
export function save(scope: string, query: Query): Promise<void> {
  return inTurn(async () => {
    if (currentScope() !== scope || !isKeptData(query.queryKey, query.state.data)) return;
    await claimNow(scope);
    await persisterOf(scope).persistQuery(query);
    held.add(storageKey(scope, query.queryHash));
  });
}

/** Deletes every kept query (sign-out). Resolves once done or failed: sign-out never fails on it. */
export function wipeQueryStore(): Promise<void> {
  return inTurn(async () => {
    claimed = undefined;
    held.clear();
    await clear(idb);
  }).catch(() => undefined);
}
