// Work that need not be done at once (storage writes, opening IndexedDB) waits for the page to be idle, so it is
// not part of the task that draws a screen (docs/performance.md, Lighthouse).

/** Calls `callback` when the page is idle, or after a second at the latest. Returns the cancel. */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(callback, 200);
  return () => clearTimeout(timer);
}
