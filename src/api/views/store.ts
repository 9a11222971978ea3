// Saved views (docs/views.md): one IndexedDB database (`pm-console-views`, via idb-keyval), a view per key, each
// tagged with its scope (the service's address + the user), so a user sees only their own views of this
// deployment. Changes are announced to this tab's listeners and to other tabs (BroadcastChannel). Kept through a
// plain sign-out; "Forget this browser" deletes the database (wipe.ts).
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { serviceBaseUrl } from '../client';
import { sessionStore } from '../session';
import { VIEWS_DB, wipeViewsStore } from './wipe';
import { changeChannel } from '../changeChannel';

/** The lists that have views. */
export type ViewList = 'rfis' | 'documents' | 'submittals' | 'meetings' | 'requestLog' | 'analytics';

export interface SavedView {
  id: string;
  scope: string;
  list: ViewList;
  name: string;
  /** The screen's address the view was saved on (a project's RFI log, a folder): where the palette opens it. */
  path: string;
  /** The view's state: the list's own search parameters, canonical (src/ui/views/model.ts). */
  params: string;
  isDefault: boolean;
  createdAt: number;
  updatedAt: number;
}

/** Where views are kept: IndexedDB in the browser; tests swap in a Map (`memoryViewsBackend`). */
export interface ViewsBackend {
  all(): Promise<Array<[IDBValidKey, unknown]>>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

function idbBackend(): ViewsBackend {
  let store: UseStore | undefined;
  const s = () => (store ??= createStore(VIEWS_DB, 'views'));
  return {
    all: () => entries(s()),
    set: (key, value) => set(key, value, s()),
    del: (key) => del(key, s()),
    clear: async () => {
      // Emptied through this page's open connection first: the database's deletion is blocked while any
      // connection is open (idb-keyval keeps its own), and would happen only once the page is gone.
      if (store) await clear(store).catch(() => undefined);
      store = undefined;
      await wipeViewsStore();
    },
  };
}

export function memoryViewsBackend(): ViewsBackend {
  const map = new Map<string, unknown>();
  return {
    all: async () => [...map.entries()],
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
    clear: async () => map.clear(),
  };
}

let backend: ViewsBackend | undefined;
const db = () => (backend ??= idbBackend());

/** Tests: use another backend. */
export function setViewsBackend(b: ViewsBackend | undefined): void {
  backend = b;
  emit();
}

const changes = changeChannel(VIEWS_DB);
const emit = () => changes.emit();

export const subscribeViews = changes.subscribe;

/** Whose views: the service and the signed-in user; undefined when signed out. */
export function viewsScope(): string | undefined {
  const user = sessionStore.get()?.userName;
  return user === undefined ? undefined : `${serviceBaseUrl()}|${user.toLowerCase()}`;
}

const isView = (v: unknown): v is SavedView =>
  typeof v === 'object' && v !== null && typeof (v as SavedView).id === 'string' && 'scope' in v;

const byName = (a: SavedView, b: SavedView) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

/** The scope's views (of one list, or all), by name. */
export async function listViews(list?: ViewList, scope = viewsScope()): Promise<SavedView[]> {
  if (scope === undefined) return [];
  return (await db().all())
    .map(([, v]) => v)
    .filter((v): v is SavedView => isView(v) && v.scope === scope && (!list || v.list === list))
    .sort(byName);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Saves a view under a name: a view of that list with the same name (any case) is replaced, keeping its id and
 * whether it is the default.
 */
export async function saveView(
  view: { list: ViewList; name: string; path: string; params: string; isDefault?: boolean },
  scope = viewsScope(),
): Promise<SavedView> {
  if (scope === undefined) throw new Error('Not signed in: views are kept per user.');
  const name = view.name.trim();
  if (!name) throw new Error('A view needs a name.');
  const old = (await listViews(view.list, scope)).find((v) => sameName(v.name, name));
  const now = Date.now();
  const saved: SavedView = {
    id: old?.id ?? `${scope}#${view.list}#${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    scope,
    list: view.list,
    name,
    path: view.path,
    params: view.params,
    isDefault: view.isDefault ?? old?.isDefault ?? false,
    createdAt: old?.createdAt ?? now,
    updatedAt: now,
  };
  await db().set(saved.id, saved);
  if (saved.isDefault) await setDefaultView(view.list, saved.id, scope);
  else emit();
  return saved;
}

async function findView(id: string, scope = viewsScope()): Promise<SavedView | undefined> {
  return (await listViews(undefined, scope)).find((v) => v.id === id);
}

/** Renames a view; refused when another view of its list has that name. */
export async function renameView(id: string, name: string, scope = viewsScope()): Promise<SavedView> {
  const view = await findView(id, scope);
  if (!view) throw new Error('That view is gone.');
  const next = name.trim();
  if (!next) throw new Error('A view needs a name.');
  const taken = (await listViews(view.list, scope)).some((v) => v.id !== id && sameName(v.name, next));
  if (taken) throw new Error(`A view named "${next}" exists already.`);
  const renamed = { ...view, name: next, updatedAt: Date.now() };
  await db().set(id, renamed);
  emit();
  return renamed;
}

export async function deleteView(id: string, scope = viewsScope()): Promise<void> {
  const view = await findView(id, scope);
  if (view) await db().del(id);
  emit();
}

/** Makes a view the list's default (the one it opens with), or no view when `id` is undefined. */
export async function setDefaultView(
  list: ViewList,
  id: string | undefined,
  scope = viewsScope(),
): Promise<void> {
  for (const v of await listViews(list, scope)) {
    const isDefault = v.id === id;
    if (v.isDefault !== isDefault) await db().set(v.id, { ...v, isDefault });
  }
  emit();
}

/** "Forget this browser": every user's views go (the database is deleted). */
export async function forgetViews(): Promise<void> {
  await db().clear();
  emit();
}
