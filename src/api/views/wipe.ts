// The name of the browser database that keeps saved views, and its wipe ("Forget this browser" at sign-out, from
// src/session): kept apart from store.ts so sign-out does not load the store.

export const VIEWS_DB = 'pm-console-views';

/** Deletes every user's saved views. Resolves once deleted, blocked or failed: sign-out never waits on it. */
export function wipeViewsStore(): Promise<void> {
  return new Promise((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve();
      const req = indexedDB.deleteDatabase(VIEWS_DB);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}
