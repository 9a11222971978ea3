/**
 * A route whose loader reads the path only: a change of the search alone (a list's filter or sort written to the
 * address) does not run it again. By default React Router would, and the navigation it starts re-renders the
 * whole shell twice (loading, then idle) — on a slow phone the longest part of typing in a list's filter.
 * A retry (revalidate: same address) still runs it.
 */
export function searchOnly({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;
}
