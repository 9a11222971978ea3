import { type Page, type Request, type Route } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Holds every request whose URL matches until the test releases it, so which reads a screen needs before which
 * is proven by the order of waves, not by clocks: a read that arrives while the previous wave is still held cannot
 * depend on its replies. A busy machine only makes a wave arrive later, never changes what is in it.
 */
export async function holdRequests(page: Page, pattern: RegExp, which: (r: Request) => boolean = () => true) {
  const held: Route[] = [];
  const seen: Request[] = [];
  let holding = true;
  await page.route(pattern, async (route) => {
    if (!which(route.request())) return route.continue();
    seen.push(route.request());
    if (holding) held.push(route);
    else await route.continue();
  });
  return {
    /** Every request held or let through so far, in order of arrival. */
    seen,
    /** Waits until a held request matches each pattern (each sent before any reply of this wave came back). */
    async waitFor(...wanted: RegExp[]) {
      await expect
        .poll(() => wanted.filter((w) => !held.some((r) => w.test(r.request().url()))).map(String), {
          timeout: 20_000,
        })
        .toEqual([]);
    },
    /** Sends every held request on to the service and hands its reply to the page; returns their URLs. */
    async release() {
      const wave = held.splice(0);
      await Promise.all(wave.map((r) => r.continue()));
      return wave.map((r) => r.request().url());
    },
    /** Stops holding: later requests go straight through. */
    async passThrough() {
      holding = false;
      await this.release();
    },
  };
}
