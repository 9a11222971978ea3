// The name of the browser database that keeps what the request-log reader read, and its wipe (on sign-out, from
// src/session): kept apart from store.ts so sign-out does not load the store.

export const REQUEST_LOG_DB = 'pm-console-requestlog';

/** Deletes every admin's kept rows. Resolves once deleted, blocked or failed: sign-out never waits on it. */
export function wipeRequestLogStore(): Promise<void> {
  return new Promise((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve();
      const req = indexedDB.deleteDatabase(REQUEST_LOG_DB);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}
