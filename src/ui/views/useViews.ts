// A list's saved views, as its Views menu sees them (docs/views.md): the user's views of this list (the store,
// src/api/views), which one the screen shows and whether it is modified, and the moves: open, save, save as,
// rename, delete, make default. The list opens with its default view when its address carries no state.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  deleteView,
  listViews,
  renameView,
  saveView,
  setDefaultView,
  subscribeViews,
  type SavedView,
  type ViewList,
} from '../../api/views/store';
import { useSession } from '../../session/session';
import { currentView, isModified, viewNameOf, viewParams, viewSearch, type ListViewSpec } from './model';

/** The signed-in user's views of one list, kept current (this tab's changes and other tabs'). */
export function useSavedViews(list?: ViewList, enabled = true): SavedView[] | undefined {
  const userName = useSession()?.userName;
  const [views, setViews] = useState<SavedView[]>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const load = () =>
      void listViews(list)
        .then((v) => live && setViews(v))
        .catch(() => live && setViews([]));
    load();
    const stop = subscribeViews(load);
    return () => {
      live = false;
      stop();
    };
  }, [list, userName, enabled]);
  return views;
}

export function useViews(list: ViewList, spec: ListViewSpec = {}) {
  const views = useSavedViews(list);
  const location = useLocation();
  const navigate = useNavigate();
  // The view last chosen here: a list whose writes drop `view=` (Analytics) still knows which view it shows.
  const [chosen, setChosen] = useState(() => viewNameOf(location.search));
  // A list opened with no state at all shows no view (until its default is applied).
  if (chosen !== undefined && location.search === '') setChosen(undefined);
  const found = currentView(views ?? [], location.search, chosen, spec);
  const current = found.view;
  const modified = isModified(current, location.search, spec);
  const state = viewParams(location.search, spec);

  const choose = useCallback((name: string | undefined) => setChosen(name), []);

  /** Shows a view: its state in the address (the screen's own path), its name after it. */
  const open = useCallback(
    (view: SavedView | undefined, replace = false) => {
      choose(view?.name);
      // Ignored parameters (an open entry, a dialog) are left behind: the view is the list.
      void navigate({ pathname: location.pathname, search: view ? viewSearch(view) : '' }, { replace });
    },
    [choose, navigate, location.pathname],
  );

  // The default view, once, when the list is opened without any state of its own.
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || views === undefined) return;
    defaulted.current = true;
    const fallback = views.find((v) => v.isDefault);
    if (fallback && state === '' && !viewNameOf(location.search) && fallback.params !== '') {
      open(fallback, true);
    }
  }, [views, state, location.search, open]);

  const saveAs = async (name: string) => {
    const saved = await saveView({ list, name, path: location.pathname, params: state });
    choose(saved.name);
    void navigate({ pathname: location.pathname, search: viewSearch(saved) }, { replace: true });
    return saved;
  };

  return {
    views,
    current,
    /** A view named by a link that this user has not saved. */
    linked: found.linked,
    modified,
    state,
    open,
    saveAs,
    /** Saves the screen's state into the view it shows. */
    save: () => (current ? saveAs(current.name) : Promise.resolve(undefined)),
    rename: async (name: string) => {
      if (!current) return;
      const renamed = await renameView(current.id, name);
      choose(renamed.name);
      void navigate(
        { pathname: location.pathname, search: viewSearch({ ...renamed, params: state }) },
        {
          replace: true,
        },
      );
    },
    remove: async () => {
      if (!current) return;
      await deleteView(current.id);
      choose(undefined);
      // The screen stays as it is, no longer named.
      void navigate({ pathname: location.pathname, search: state ? `?${state}` : '' }, { replace: true });
    },
    toggleDefault: () =>
      current ? setDefaultView(list, current.isDefault ? undefined : current.id) : undefined,
  };
}
