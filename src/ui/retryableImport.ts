// A lazily loaded module whose download can be tried again after it failed (offline for a moment). Chromium keeps a
// failed dynamic import in its module map, so `import('./X')` called again rejects at once without asking the
// network; the retry therefore imports the same chunk under a fresh address (`#retry-N`), which the browser
// fetches anew. The chunk's address is read from the failure's message ("Failed to fetch dynamically imported
// module: <url>" in Chromium, "error loading dynamically imported module: <url>" in Firefox); where a browser gives
// none, the plain import is tried again. Stylesheets that failed to load with it are asked for again too.

/** The address of the module a failed dynamic import names in its message, if any. */
export function failedModuleUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const url = /dynamically imported module:?\s*(\S+)/i.exec(message)?.[1];
  if (!url) return undefined;
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}

/**
 * The address to import on the n-th retry: the failed one with `#retry-n`. A fragment makes it another module to
 * the browser, while the request (which leaves the fragment out) is for the same file, so any cache or host rule
 * for the chunk applies as before.
 */
export function retryUrl(url: string, attempt: number): string {
  const u = new URL(url);
  u.hash = `retry-${attempt}`;
  return u.href;
}

/** Re-adds every stylesheet link that failed to load (its `sheet` is null once the browser gave up). */
function reloadFailedStylesheets() {
  if (typeof document === 'undefined') return;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.sheet || !link.dataset.failed) continue;
    const again = link.cloneNode() as HTMLLinkElement;
    delete again.dataset.failed;
    again.addEventListener('error', () => (again.dataset.failed = 'true'), { once: true });
    link.replaceWith(again);
  }
}

if (typeof document !== 'undefined') {
  // Marks stylesheets that fail, so a retry knows which to ask for again (a loading one also has no sheet yet).
  document.addEventListener(
    'error',
    (e) => {
      const target = e.target;
      if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') target.dataset.failed = 'true';
    },
    true,
  );
}

/** `load` (e.g. `() => import('./CommandPalette')`) wrapped so each call after a failure fetches the chunk anew. */
export function retryableImport<T>(load: () => Promise<T>): () => Promise<T> {
  let failedUrl: string | undefined;
  let attempts = 0;
  return async () => {
    if (attempts > 0) reloadFailedStylesheets();
    const url = failedUrl;
    attempts++;
    try {
      return url ? ((await import(/* @vite-ignore */ retryUrl(url, attempts))) as T) : await load();
    } catch (error) {
      failedUrl = failedModuleUrl(error) ?? failedUrl;
      throw error;
    }
  };
}
