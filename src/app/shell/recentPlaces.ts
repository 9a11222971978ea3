// Places the user opened recently (path + title), per user, in localStorage: the command palette lists them first.
import { useEffect, useSyncExternalStore } from 'react';
import { storedValue } from '../../ui/storedValue';

export interface Place {
  path: string;
  title: string;
}

const MAX = 8;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; places: Place[] }>();

function isPlace(p: unknown): p is Place {
  const o = p as Partial<Place> | null;
  return !!o && typeof o.path === 'string' && o.path.startsWith('/') && typeof o.title === 'string';
}

const stored = (userName: string | undefined) =>
  storedValue<Place[]>(
    `recent-places:${userName ?? ''}`,
    (v) => (Array.isArray(v) ? v.filter(isPlace) : []),
    `pm-console.recent-places.${userName ?? ''}`,
  );

function read(userName: string | undefined): Place[] {
  const store = stored(userName);
  const raw = store.raw();
  const hit = cache.get(store.key);
  if (hit && hit.raw === raw) return hit.places;
  const places = store.read() ?? [];
  cache.set(store.key, { raw, places });
  return places;
}

/** The list with `place` first (a place already there moves up; its title is refreshed). */
export function addPlace(list: Place[], place: Place, max = MAX): Place[] {
  return [place, ...list.filter((p) => p.path !== place.path)].slice(0, max);
}

export function rememberPlace(userName: string | undefined, place: Place): void {
  if (!stored(userName).write(addPlace(read(userName), place))) return;
  listeners.forEach((l) => l());
}

export function useRecentPlaces(userName: string | undefined): Place[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => read(userName),
    () => read(userName),
  );
}

/** The sections of a project's address: what its list and one of its items are called. */
const SECTIONS: Record<string, [list: string, item: string]> = {
  rfis: ['RFIs', 'RFI'],
  'punch-list': ['Punch list', 'Punch list'],
  submittals: ['Submittals', 'Submittal package'],
  meetings: ['Meeting', 'Meeting'],
};

/** A label for a path when the screen set no title of its own (never the path itself). */
export function pathLabel(path: string): string {
  const [pathname] = path.split('?');
  const m = /^\/projects\/(\d+)(?:\/([a-z-]+)(?:\/([\w-]+))?(?:\/([\w-]+))?)?\/?$/.exec(pathname);
  if (m) {
    const [, project, section, first, item] = m;
    const of = `, project ${project}`;
    if (section === 'folders' && first) return `${item === 'edit' ? 'Edit folder' : 'Folder'} ${first}${of}`;
    if (section === 'daily-reports') {
      const day = item ?? (first?.includes('-') ? first : undefined);
      return day ? `Daily report of ${day}${of}` : `Daily reports${of}`;
    }
    const names = section ? SECTIONS[section] : undefined;
    // A meeting's address names the meeting; the others name their container, then the item.
    const one = item ?? (section === 'meetings' ? first : undefined);
    if (names && first) return one ? `${names[1]} (folder ${one})${of}` : `${names[0]}${of}`;
    return `Project ${project}`;
  }
  if (pathname === '/admin/request-log') return 'Request log';
  if (pathname === '/api-explorer') return 'API explorer';
  return 'PM Console';
}

/** A screen's title as its `document.title` says (`Project 1 · PM Console` → `Project 1`). */
export function titleOf(documentTitle: string): string | undefined {
  const t = documentTitle.replace(/\s*·\s*PM Console\s*$/, '').trim();
  return t && t !== 'PM Console' ? t : undefined;
}

/**
 * Remembers every signed-in place once its screen has had time to set its title (a screen that sets none gets a
 * label from its path); a place left sooner is remembered on leaving. The start page and 404s are not places.
 */
export function useTrackPlaces(userName: string | undefined, path: string): void {
  useEffect(() => {
    if (path === '/') return;
    const before = document.title;
    let done = false;
    const remember = () => {
      if (done) return;
      done = true;
      const title = document.title !== before ? titleOf(document.title) : undefined;
      if (title === 'Not found') return;
      rememberPlace(userName, { path, title: title ?? pathLabel(path) });
    };
    const t = window.setTimeout(remember, 800);
    return () => {
      window.clearTimeout(t);
      remember();
    };
  }, [userName, path]);
}
