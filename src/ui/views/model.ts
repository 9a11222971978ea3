// What a saved view holds and how it meets the address (docs/views.md): a view is a list's own search parameters
// (filters, sort, visible columns, their order and widths), kept canonical (sorted, without the parameters that
// are not the list's state: the open entry, a dialog, the view's name), so "modified" is a plain comparison and
// a link carries the whole view. Pure.

/** The parameter that names the view a link opens (`?view=overdue%20by%20architect`). */
export const VIEW_PARAM = 'view';

export interface ListViewSpec {
  /** Parameters that are not the list's state (an open entry, a page trail, a dialog): never part of a view. */
  ignore?: string[];
}

/** The list's state in canonical form: its parameters, `view` and ignored ones left out, sorted by name. */
export function viewParams(search: URLSearchParams | string, spec: ListViewSpec = {}): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const skip = new Set([VIEW_PARAM, ...(spec.ignore ?? [])]);
  const kept = [...params.entries()].filter(([k, v]) => !skip.has(k) && v !== '');
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** Whether the screen's state differs from the view's. */
export function isModified(
  view: { params: string } | undefined,
  search: URLSearchParams | string,
  spec: ListViewSpec = {},
): boolean {
  if (!view) return false;
  return viewParams(view.params, spec) !== viewParams(search, spec);
}

/** The search part that opens a view: its state, then its name (so the receiver sees which view it is). */
export function viewSearch(view: { name: string; params: string }): string {
  const p = new URLSearchParams(view.params);
  p.set(VIEW_PARAM, view.name);
  return `?${p.toString()}`;
}

/** A view's link: the screen it was saved on, its state and its name. */
export function viewLink(view: { name: string; path: string; params: string }, origin = ''): string {
  return `${origin}${view.path}${viewSearch(view)}`;
}

/** The view a link names, if any. */
export function viewNameOf(search: URLSearchParams | string): string | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get(VIEW_PARAM)?.trim() || undefined;
}

/**
 * Which of the views the screen shows: the one the address names, else the one the user last chose here, else
 * one whose state is exactly the screen's. A name no saved view has (a link from a colleague) comes back as
 * `linked`, with the state the link carries.
 */
export function currentView<V extends { name: string; params: string }>(
  views: V[],
  search: URLSearchParams | string,
  chosen: string | undefined,
  spec: ListViewSpec = {},
): { view?: V; linked?: string } {
  const sameName = (v: V, name: string) => v.name.toLowerCase() === name.toLowerCase();
  const named = viewNameOf(search);
  if (named) {
    const view = views.find((v) => sameName(v, named));
    return view ? { view } : { linked: named };
  }
  if (chosen) {
    const view = views.find((v) => sameName(v, chosen));
    if (view) return { view };
  }
  const state = viewParams(search, spec);
  const view = views.find((v) => viewParams(v.params, spec) === state);
  return view ? { view } : {};
}

/** A name not yet taken among the views ("overdue", "overdue (2)", …). */
export function freeName(views: Array<{ name: string }>, wanted: string): string {
  const taken = new Set(views.map((v) => v.name.toLowerCase()));
  const base = wanted.trim() || 'View';
  if (!taken.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base} (${i})`.toLowerCase())) return `${base} (${i})`;
}
