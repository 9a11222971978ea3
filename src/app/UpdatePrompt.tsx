// "A new version is available — Reload": shown, on every page (sign-in included), while a newer build's service
// worker waits (src/app/serviceWorker.ts). It never takes over by itself: a half-typed form stays as it is until
// the user reloads. In the entry, so it stays small: the worker's code (workbox-window) is loaded lazily.
import { useSyncExternalStore } from 'react';
import { Alert, Button } from '@mantine/core';

/** Activates the waiting build and reloads; set while one waits. */
type Apply = () => void;

let apply: Apply | undefined;
const listeners = new Set<() => void>();

export const updateStore = {
  get: (): Apply | undefined => apply,
  /** serviceWorker.ts: a new build waits (`next`), or none does any more (`undefined`). */
  set(next: Apply | undefined) {
    apply = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function UpdatePrompt() {
  const reload = useSyncExternalStore(updateStore.subscribe, updateStore.get, () => undefined);
  if (!reload) return null;
  return (
    <Alert
      role="status"
      aria-live="polite"
      title="A new version is available"
      color="blue"
      variant="filled"
      className="pm-no-print"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 340 }}
    >
      Reload to use it. Save what you are typing first.
      <Button mt="sm" size="xs" variant="white" onClick={reload} display="block">
        Reload
      </Button>
    </Alert>
  );
}
