// Whether this browser can start the console without a connection (docs/offline.md): the service worker is active
// and holds config.json, read through it once it took the page. Shown in About, so someone about to
// leave for a site without a connection can check first; before that copy exists, an offline start says "No
// connection to the console's host".
import { publishedFile } from '../config/base';
import { workerInBuild } from './workerInBuild';

/** ready: starts offline · saving: not yet (the worker or its copy of config.json is still coming) · off: never here. */
export type OfflineStart = 'ready' | 'saving' | 'off';

export async function offlineStart(): Promise<OfflineStart> {
  // No worker in this build (or in dev), or a browser (or an http origin) that has none.
  if (
    !workerInBuild ||
    typeof navigator === 'undefined' ||
    !navigator.serviceWorker ||
    typeof caches === 'undefined'
  )
    return 'off';
  try {
    // Active, not necessarily in control of this page (a hard reload bypasses it): the next start is its.
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.active) return 'saving';
    return (await caches.match(publishedFile('config.json'))) ? 'ready' : 'saving';
  } catch {
    return 'off';
  }
}

export const OFFLINE_START_TEXT: Record<OfflineStart, string> = {
  ready: 'Ready: this browser starts the console without a connection.',
  saving: 'Not yet: the console is still being saved in this browser. Stay online a moment and look again.',
  off: 'Not available here: this browser or this deployment does not keep the console for offline use.',
};
