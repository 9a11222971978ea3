// Who the console thinks is signed in: the admin check right after sign-in (asked again until it is answered,
// once per sign-in), and the message for a session key that never worked in this browser ("You are not signed
// in", not "expired"; an expired real key is in session-expiry.spec.ts).
import { expect, test } from './fixtures';
import { fillSignIn, openProject, seed } from './helpers';

const ADMIN_CHECK = /\/requestlogs(\?|$)/;

test('leaving the page while the admin check is out: the session still learns it is an admin', async ({
  page,
}) => {
  // The first check is held until the page has gone; later ones go through.
  let seen = 0;
  await page.route(ADMIN_CHECK, async (route) => {
    if (seen++ === 0) await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue().catch(() => undefined); // the page that asked is gone
  });
  await page.goto('/signin');
  const checking = page.waitForRequest(ADMIN_CHECK);
  await fillSignIn(page, seed.admin.userName, seed.admin.password);
  await checking;
  // At once, before the check is answered: another address (a full page load cuts the check off).
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'Request log' })).toBeVisible();
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
});

test('an admin check that fails on the network is asked again until it is answered', async ({ page }) => {
  let seen = 0;
  await page.route(ADMIN_CHECK, (route) =>
    seen++ === 0 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/signin');
  await fillSignIn(page, seed.admin.userName, seed.admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'Request log' })).toBeVisible();
  expect(seen).toBeGreaterThanOrEqual(2);
});

test('a staff sign-in asks once: one refused check in all, nothing else in the console', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  const checks: string[] = [];
  page.on('request', (r) => {
    if (ADMIN_CHECK.test(new URL(r.url()).pathname)) checks.push(r.url());
  });

  await page.goto('/signin');
  await fillSignIn(page, seed.pm.userName, seed.pm.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'RFIs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await expect(nav.getByRole('link', { name: 'Request log' })).toHaveCount(0);
  // The interface has no admin check that answers staff with a 2xx (docs/console-decisions.md, "Sign-in"), so
  // Chromium reports the one 403 of the check; it is asked once per sign-in, never again on later pages.
  expect(checks).toHaveLength(1);
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 403 (Forbidden)',
  ]);
});

test('a session key that never worked in this browser: "You are not signed in", not "expired"', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.evaluate(() =>
    sessionStorage.setItem(
      'pm-console.session',
      JSON.stringify({ sessionKey: 'not-a-real-key', apiKey: 'not-a-real-key', userName: 'pm' }),
    ),
  );
  await page.goto('/projects/1');
  const dialog = page.getByRole('dialog', { name: 'You are not signed in' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText(/expired/i)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Your session has ended' })).toHaveCount(0);

  // Signing in from it opens the page that was asked for.
  await dialog.getByLabel('Username').fill(seed.pm.userName);
  await dialog.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
});
