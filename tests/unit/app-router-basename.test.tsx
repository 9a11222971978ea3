// @vitest-environment jsdom
// The router under a sub-path (src/app/router.tsx with the base from index.html's <base href>): a signed-out
// deep link goes to sign-in inside the prefix, with next= naming the route (not the prefix).
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../src/api/session';
import { addBaseSlash } from '../../src/config/base';
import { createAppRouter } from '../../src/app/router';
import { testQueryClient } from '../../src/test-utils';

function serveAt(base: string, address: string) {
  document.head.querySelector('base')?.remove();
  const el = document.createElement('base');
  el.href = base;
  document.head.prepend(el);
  window.history.replaceState(null, '', address);
}

afterEach(() => {
  document.head.querySelector('base')?.remove();
  window.history.replaceState(null, '', '/');
  sessionStore.clear();
});

async function settled(router: ReturnType<typeof createAppRouter>) {
  for (let i = 0; i < 200 && (router.state.navigation.state !== 'idle' || !router.state.initialized); i++)
    await new Promise((r) => setTimeout(r, 10));
}

describe('router basename', () => {
  for (const base of ['/console/', '/a/b/']) {
    it(`under ${base}: a signed-out deep link goes to ${base}signin?next=<route>`, async () => {
      serveAt(base, `${base}projects/1/rfis/4/5?tab=2`);
      const router = createAppRouter(testQueryClient());
      await settled(router);
      expect(router.basename).toBe(base);
      // The router's own location is the full path; screens see it without the basename (useLocation).
      expect(router.state.location.pathname).toBe(`${base}signin`);
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
        '/projects/1/rfis/4/5?tab=2',
      );
      expect(window.location.pathname).toBe(`${base}signin`);
      router.dispose();
    });
  }

  it('the prefix without its slash gets it before the router starts', async () => {
    serveAt('/console/', '/console?x=1');
    addBaseSlash();
    expect(window.location.pathname + window.location.search).toBe('/console/?x=1');
    const router = createAppRouter(testQueryClient());
    await settled(router);
    expect(window.location.pathname).toBe('/console/signin');
    router.dispose();
  });

  it('at the root: unchanged addresses', async () => {
    serveAt('/', '/projects/1');
    const router = createAppRouter(testQueryClient());
    await settled(router);
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/projects/1');
    expect(window.location.pathname).toBe('/signin');
    router.dispose();
  });
});
