// Loads the command palette (CommandPalette: Spotlight, its actions and styles, ~11 KB gzip) the first time it
// is asked for — Ctrl/⌘-K anywhere, form controls included, or the header's "Go to…" button — instead of with the
// signed-in shell, and opens it once loaded. A failed download says so and the next Ctrl-K tries again.
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { retryableImport } from '../../ui/retryableImport';

const loadPalette = retryableImport(() => import('./CommandPalette'));

let requests = 0;
const listeners = new Set<() => void>();

/** Opens the command palette (loading it first if need be). */
export function openPalette() {
  requests++;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const getRequests = () => requests;

export interface PaletteProps {
  projectId?: number;
  /** Grows by one each time the palette is asked for: the palette opens itself when it changes. */
  requests: number;
}

export function PaletteHost({ projectId }: { projectId?: number }) {
  const asked = useSyncExternalStore(subscribe, getRequests);
  const [Palette, setPalette] = useState<ComponentType<PaletteProps> | null>(null);
  // Everywhere: Mantine skips inputs, textareas and selects by default, and the search box, a checkbox or a
  // switch with the focus left Ctrl-K doing nothing (issue 34). No field of the console uses Ctrl-K itself.
  useHotkeys([['mod+K', openPalette]], []);

  useEffect(() => {
    if (asked === 0 || Palette) return;
    let current = true;
    loadPalette()
      .then((m) => current && setPalette(() => m.CommandPalette))
      .catch(() => {
        if (!current) return;
        notifications.show({
          id: 'palette-load-failed',
          color: 'red',
          title: 'The command palette could not be loaded',
          message: 'Check the connection and press Ctrl K (⌘ K) again.',
        });
      });
    return () => {
      current = false;
    };
  }, [asked, Palette]);

  return Palette ? <Palette projectId={projectId} requests={asked} /> : null;
}
