// The name of the view a screen shows, for its print-only header (PrintHeader): set by the Views menu (loaded
// lazily), read by the screen's header, which is in the screen's own chunk. Tiny on purpose.
import { useSyncExternalStore } from 'react';

let current: string | undefined;
const listeners = new Set<() => void>();

export function setPrintedViewName(name: string | undefined): void {
  if (name === current) return;
  current = name;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function usePrintedViewName(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
