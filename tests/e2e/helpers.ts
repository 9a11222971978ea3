import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Facts of the seeded data set (server/db/seed.ts) that the tests look for. */
export const seed = {
  project1: {
    id: 1,
    name: 'Riverside Medical Office Building',
    number: '2025-014',
    addressLine: '2400 Riverside Blvd',
    city: 'Sacramento, CA 95818',
  },
  admin: { userName: 'admin', password: 'admin' },
  pm: { userName: 'pm', password: 'pm' },
};

/** Screenshot of a state, under test-results/screens/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.CI) return; // nobody looks at them there, and each full-page capture costs CPU
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/**
 * Waits until the service worker is active, controls this page, and holds config.json (read through it once it
 * took the page): from then on the console starts offline.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller) return 'not controlled yet';
          const config = new URL('config.json', document.baseURI).href;
          return (await caches.match(config)) ? 'ready' : 'config.json not cached yet';
        }),
      { timeout: 30_000 },
    )
    .toBe('ready');
}

export async function fillSignIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from the sign-in page and waits for the start page. */
export async function signIn(page: Page, user = seed.pm): Promise<void> {
  await page.goto('/signin');
  await fillSignIn(page, user.userName, user.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
}

export async function openProject(page: Page, projectId: number): Promise<void> {
  await page.getByLabel('Project id').fill(String(projectId));
  await page.getByRole('button', { name: 'Open', exact: true }).click();
}

/**
 * Opens one of the dashboard's folder links (its Folders region) by the keyboard: the dashboard's panels fill in
 * while it loads and can move the link away from under a pointer between Playwright's aim and its click.
 */
export async function openDashboardFolder(page: Page, name: RegExp): Promise<void> {
  const link = page.getByRole('region', { name: 'Folders' }).getByRole('link', { name });
  await link.focus();
  await page.keyboard.press('Enter');
}

/** A session's keys, as the service's sign-in answers them. */
export interface Keys {
  sessionKey: string;
  apiKey: string;
}

/** Signs in through the service's HTTP API (no page): a session of the test's own. */
export async function signInApi(request: APIRequestContext, user: { userName: string; password: string }) {
  const res = await request.post('/api/internal/authenticateuser', { data: user });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { authSessionKey: string; apiKey: string };
  return { sessionKey: body.authSessionKey, apiKey: body.apiKey } satisfies Keys;
}

/** The session id the request log shows for a session key (server/core/sessions.ts). */
export const sessionIdOf = (key: string) =>
  'sess-' + createHash('sha256').update(key).digest('hex').slice(0, 16);
