// The signed-in user's outbox as React state: its entries and the count of unsent writes, kept current across
// tabs (the store's change notices and the session store).
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../session';
import { SENDING_HOLDS_MS, shownState, type OutboxEntry } from './types';

// The store (IndexedDB, idb-keyval) is loaded with the first read, when the page is idle: the signed-in shell's
// header shows the count, and the store's code need not be on the way to the first screen.
const loadStore = () => import('./store');

export interface OutboxSnapshot {
  /** False until the store was read once. */
  loaded: boolean;
  entries: OutboxEntry[];
  /** Writes not sent yet (every entry: pending, sending, refused or in conflict). */
  count: number;
}

const EMPTY: OutboxSnapshot = { loaded: false, entries: [], count: 0 };
let snapshot: OutboxSnapshot = EMPTY;
const subscribers = new Set<() => void>();
let stopSources: (() => void) | undefined;
let generation = 0;
let expiry: ReturnType<typeof setTimeout> | undefined;

/**
 * Entries as people see them (`shownState`: a `sending` mark of a page that is gone reads as waiting); read again
 * when the next mark that still holds runs out, so "Sending…" does not stay on screen after it.
 */
function shown(entries: OutboxEntry[]): OutboxEntry[] {
  const now = Date.now();
  let next = Infinity;
  const out = entries.map((e) => {
    const state = shownState(e, now);
    if (state === 'sending') next = Math.min(next, (e.lastAttemptAt ?? 0) + SENDING_HOLDS_MS);
    return state === e.state ? e : { ...e, state };
  });
  if (expiry) clearTimeout(expiry);
  expiry = Number.isFinite(next) ? setTimeout(reload, Math.max(0, next - now) + 100) : undefined;
  return out;
}

function reload(): void {
  const mine = ++generation;
  loadStore()
    .then((store) => store.list(store.currentScope()))
    .then(
      (listed) => {
        if (mine !== generation) return;
        const entries = shown(listed);
        snapshot = { loaded: true, entries, count: entries.length };
        subscribers.forEach((s) => s());
      },
      () => {
        if (mine !== generation) return;
        snapshot = { loaded: true, entries: [], count: 0 };
        subscribers.forEach((s) => s());
      },
    );
}

function subscribe(onChange: () => void): () => void {
  subscribers.add(onChange);
  if (!stopSources) {
    let stopped = false;
    let a: (() => void) | undefined;
    // The first read (it opens IndexedDB) when the page is idle, not in the commit of the screen that subscribed.
    const start = () =>
      void loadStore().then((store) => {
        if (stopped) return;
        a = store.subscribeOutbox(reload);
        reload();
      });
    const first =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(start, { timeout: 1000 })
        : setTimeout(start, 0);
    const b = sessionStore.subscribe(reload);
    stopSources = () => {
      stopped = true;
      if (typeof requestIdleCallback === 'function') cancelIdleCallback(first as number);
      else clearTimeout(first as ReturnType<typeof setTimeout>);
      a?.();
      b();
    };
  }
  return () => {
    subscribers.delete(onChange);
    if (subscribers.size === 0) {
      stopSources?.();
      stopSources = undefined;
      if (expiry) clearTimeout(expiry);
      expiry = undefined;
    }
  };
}

const getSnapshot = () => snapshot;

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}

/** The count of unsent writes alone (the header's badge): no re-render when the first read finds none. */
export function useOutboxCount(): number {
  return useSyncExternalStore(subscribe, getCount, () => 0);
}
const getCount = () => snapshot.count;

/** The entries of one record (`rfi:12`), for its screen. */
export function useOutboxFor(record: string): OutboxEntry[] {
  const { entries } = useOutbox();
  return entries.filter((e) => e.record === record);
}
