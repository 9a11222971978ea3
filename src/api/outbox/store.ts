// The outbox's store: one IndexedDB database (`pm-console-outbox`, via idb-keyval), entries keyed by scope
// (service + user) and a sequence number, so they are listed and sent in the order they were made. Changes are
// announced to this tab's listeners and to other tabs (BroadcastChannel).
import { createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import { serviceBaseUrl } from '../client';
import { sessionStore } from '../session';
import type { NewOutboxEntry, OutboxEntry } from './types';
import { changeChannel } from '../changeChannel';

export const OUTBOX_DB = 'pm-console-outbox';
const SEQ_KEY = 'meta:seq';

/** Where entries are kept: IndexedDB in the browser; tests swap in a Map (`memoryOutboxBackend`). */
export interface OutboxBackend {
  all(): Promise<Array<[IDBValidKey, unknown]>>;
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /** Atomic read-modify-write of one key. */
  update(key: string, fn: (old: unknown) => unknown): Promise<void>;
  del(key: string): Promise<void>;
  delMany(keys: string[]): Promise<void>;
}

/**
 * Read-modify-write of one key in one transaction, settled by the transaction's end: idb-keyval's `update`
 * waits only for its read's success, so a transaction that aborts before it (the connection closed, an
 * internal error) left the promise, and the outbox's sender with it, waiting for ever.
 */
export function idbUpdate(inStore: UseStore, key: IDBValidKey, fn: (old: unknown) => unknown): Promise<void> {
  return inStore(
    'readwrite',
    (store) =>
      new Promise<void>((resolve, reject) => {
        const tx = store.transaction;
        tx.oncomplete = () => resolve();
        tx.onabort = tx.onerror = () =>
          reject(tx.error ?? new DOMException('The write was not made.', 'AbortError'));
        const read = store.get(key);
        read.onsuccess = () => {
          try {
            store.put(fn(read.result), key);
          } catch (e) {
            reject(e);
            try {
              tx.abort();
            } catch {
              // already finished
            }
          }
        };
      }),
  );
}

function idbBackend(): OutboxBackend {
  let store: UseStore | undefined;
  const s = () => (store ??= createStore(OUTBOX_DB, 'entries'));
  return {
    all: () => entries(s()),
    get: (key) => get(key, s()),
    set: (key, value) => set(key, value, s()),
    update: (key, fn) => idbUpdate(s(), key, fn),
    del: (key) => del(key, s()),
    delMany: (keys) => delMany(keys, s()),
  };
}

export function memoryOutboxBackend(): OutboxBackend {
  const map = new Map<string, unknown>();
  return {
    all: async () => [...map.entries()],
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    update: async (key, fn) => void map.set(key, structuredClone(fn(map.get(key)))),
    del: async (key) => void map.delete(key),
    delMany: async (keys) => keys.forEach((k) => map.delete(k)),
  };
}

let backend: OutboxBackend | undefined;
const db = () => (backend ??= idbBackend());

/** Tests: use another backend (a fresh Map each time). */
export function setOutboxBackend(b: OutboxBackend | undefined): void {
  backend = b;
  emit();
}

// ---- change notification (this tab and others) -------------------------------------------------------------

const changes = changeChannel(OUTBOX_DB);
const emit = () => changes.emit();

export const subscribeOutbox = changes.subscribe;

// ---- scope ---------------------------------------------------------------------------------------------------

/** Whose outbox: the service and the signed-in user; undefined when signed out. */
export function currentScope(): string | undefined {
  const user = sessionStore.get()?.userName;
  return user === undefined ? undefined : scopeOf(serviceBaseUrl(), user);
}

export function scopeOf(baseUrl: string, userName: string): string {
  return `${baseUrl}|${userName.toLowerCase()}`;
}

const isEntry = (v: unknown): v is OutboxEntry =>
  typeof v === 'object' && v !== null && typeof (v as OutboxEntry).seq === 'number' && 'scope' in v;

// ---- the API -------------------------------------------------------------------------------------------------

/** Adds a write at the end of the current user's outbox. */
export async function enqueue(entry: NewOutboxEntry, scope = currentScope()): Promise<OutboxEntry> {
  if (scope === undefined) throw new Error('Not signed in: nothing can be kept in the outbox.');
  let seq = 0;
  await db().update(SEQ_KEY, (old) => (seq = (typeof old === 'number' ? old : 0) + 1));
  const full: OutboxEntry = {
    ...entry,
    id: `${scope}#${String(seq).padStart(10, '0')}`,
    scope,
    seq,
    state: 'pending',
    createdAt: Date.now(),
    attempts: 0,
  };
  await db().set(full.id, full);
  emit();
  return full;
}

/** The scope's entries in the order they were made (default: the signed-in user's; none when signed out). */
export async function list(scope = currentScope()): Promise<OutboxEntry[]> {
  if (scope === undefined) return [];
  const all = await db().all();
  return all
    .map(([, v]) => v)
    .filter((v): v is OutboxEntry => isEntry(v) && v.scope === scope)
    .sort((a, b) => a.seq - b.seq);
}

export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  const v = await db().get(id);
  return isEntry(v) ? v : undefined;
}

/** Changes an entry (nothing if it is gone: sent or discarded meanwhile). */
export async function update(id: string, patch: Partial<OutboxEntry>): Promise<OutboxEntry | undefined> {
  let out: OutboxEntry | undefined;
  await db().update(id, (old) => {
    if (!isEntry(old)) return old;
    out = { ...old, ...patch, id: old.id, scope: old.scope, seq: old.seq };
    return out;
  });
  // idb-keyval's update stores `undefined` for a missing key: take it away again.
  if (!out) await db().del(id);
  emit();
  return out;
}

export async function remove(id: string): Promise<void> {
  await db().del(id);
  emit();
}

/** Deletes every entry of a scope (sign-out). */
export async function wipeOutbox(scope: string): Promise<void> {
  const ids = (await list(scope)).map((e) => e.id);
  if (ids.length) await db().delMany(ids);
  emit();
}

/** Sign-out: deletes the user's entries on the configured service (loaded lazily by src/session). */
export function wipeUserOutbox(userName: string): Promise<void> {
  return wipeOutbox(scopeOf(serviceBaseUrl(), userName));
}
