// Where the console is served. One build runs at any path (docs/deploy.md, "Sub-paths"): index.html carries
// `<base href="/">`, which a host serving the console under a sub-path rewrites to that path (`/console/`); every
// URL of the build is relative, so the browser resolves the assets against it, and the console reads it here for
// the router's basename, config.json and the addresses it shows or shares. Deep links (/console/projects/1/…)
// load the same index.html, so the base does not depend on the address's depth.

const currentBase = () => (typeof document === 'undefined' ? 'http://localhost/' : document.baseURI);

/** The console's base path: `/` or `/console/` (always with a trailing slash). */
export function basePath(baseURI = currentBase()): string {
  return new URL('.', baseURI).pathname;
}

/**
 * React Router's `basename`: the base path with its trailing slash (`/console/`), so links to the start page are
 * `/console/`, the address the host serves index.html at (React Router uses the basename as it is for `/`).
 */
export function routerBasename(baseURI = currentBase()): string {
  return basePath(baseURI);
}

/**
 * The prefix without its trailing slash (`/console`) names the start page too; the router, whose basename has the
 * slash, would match nothing there, so the address gets its slash before the router starts (hosts redirect it
 * anyway: docs/deploy.md).
 */
export function addBaseSlash(
  base = basePath(),
  location: Location = window.location,
  history = window.history,
) {
  if (base !== '/' && location.pathname === base.slice(0, -1)) {
    history.replaceState(history.state, '', base + location.search + location.hash);
  }
}

/** A file published next to index.html (`config.json`, `version.json`) as an absolute URL. */
export function publishedFile(name: string, baseURI = currentBase()): string {
  return new URL(name.replace(/^\/+/, ''), new URL('.', baseURI)).href;
}

/** The full address of a route (a path from paths.ts, `/api-explorer?…`), under the base: for links to share. */
export function appUrl(routePath: string, baseURI = currentBase()): string {
  return publishedFile(routePath, baseURI);
}

/**
 * The route path of an address inside the base (what paths.ts builds and a `next=` parameter carries):
 * `/console/projects/1?x=1` → `/projects/1?x=1` (the base compared case-insensitively, as the router does). An
 * address outside the base is returned as it is.
 */
export function routePathOf(url: URL, baseURI = currentBase()): string {
  const base = basePath(baseURI);
  const path = url.pathname === base.slice(0, -1) ? base : url.pathname;
  const inside = path.toLowerCase().startsWith(base.toLowerCase()) ? `/${path.slice(base.length)}` : path;
  return inside + url.search + url.hash;
}
