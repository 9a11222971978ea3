// Work that need not be done at once (storage writes, opening IndexedDB, the shell's late parts) waits for the page
// to be idle, so it is not part of the task that draws a screen (docs/performance.md, Lighthouse). The callbacks
// asked for together share one idle callback (a screen's first commit asks for several).

let queue: (() => void)[] = [];
let cancelPending: (() => void) | undefined;

function runQueue() {
  cancelPending = undefined;
  const now = queue;
  queue = [];
  for (const callback of now) callback();
}

/** Calls `callback` when the page is idle, or after a second at the latest. Returns the cancel. */
export function whenIdle(callback: () => void): () => void {
  let live = true;
  queue.push(() => {
    if (live) callback();
  });
  if (!cancelPending) {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(runQueue, { timeout: 1000 });
      cancelPending = () => cancelIdleCallback(id);
    } else {
      const timer = setTimeout(runQueue, 200);
      cancelPending = () => clearTimeout(timer);
    }
  }
  return () => {
    live = false;
  };
}
