// Issue 21, item 2: the records a user opened are kept on the device (IndexedDB `pm-console-cache`, written by
// src/api/queryStore) and open offline, after a reload, with "Offline — shown as of <time>"; a page never opened
// here says it needs the network; another user's sign-in and sign-out leave the database empty.
// docs/offline.md, "The query cache". The offline reload needs the service worker (offline-start.spec.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openProject, seed, shot, signIn, waitForServiceWorker } from './helpers';

const RFI = '/projects/1/rfis/4/107';
const REPORT = '/projects/1/daily-reports/7/2026-10-29';
const REPORT_HEADING = 'Thursday, October 29, 2026';
const SUBMITTALS = '/projects/1/submittals/6';

/** The keys of the kept queries, read in the page ([] when the database does not exist yet). */
function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it without its object store: look first.
    if (!(await indexedDB.databases()).some((d) => d.name === 'pm-console-cache')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pm-console-cache');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('queries')) return [];
      return await new Promise<string[]>((resolve, reject) => {
        const req = db.transaction('queries').objectStore('queries').getAllKeys();
        req.onsuccess = () => resolve(req.result.map(String));
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  });
}

/** Waits until the kept queries include one whose key holds each of `parts` (written when the page is idle). */
async function waitUntilKept(page: Page, parts: string[]): Promise<string[]> {
  await expect
    .poll(
      async () => {
        const keys = await keptKeys(page);
        return parts.filter((p) => !keys.some((k) => k.includes(p)));
      },
      { timeout: 20_000 },
    )
    .toEqual([]);
  return keptKeys(page);
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline — shown as of / });
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.describe('offline, after a reload', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the project, an RFI and a daily report open from the device; a page never opened needs the network', async ({
    page,
    context,
  }) => {
    await signIn(page, seed.pm);
    await openProject(page, seed.project1.id);
    await expect(h1(page, seed.project1.name)).toBeVisible();
    await waitForServiceWorker(page);
    await page.goto(RFI);
    const subject = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(subject).not.toBe('');
    // Kept when the page is idle: a moment on each page, as a user takes (a reload at once may lose it).
    await waitUntilKept(page, ['["rfis","detail",107]', '["rfis","recipients",107]']);
    await page.goto(REPORT);
    await expect(h1(page, REPORT_HEADING)).toBeVisible();
    const keys = await waitUntilKept(page, [
      '["projects","detail",1]',
      '["rfis","detail",107]',
      '["rfis","recipients",107]',
      '["dailyReports","report",',
      '["dailyReports","activities",',
    ]);
    // Never kept: the request log, the admin check's reads, History.
    expect(keys.filter((k) => /requestlog|history|explorer/i.test(k))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(h1(page, REPORT_HEADING)).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Activities' }).locator('tbody tr').first()).toBeVisible();
    await shot(page, 'offline-cache-daily-report');

    // Chromium's offline emulation does not carry navigator.onLine over a page load (false before the reload,
    // true after: checked), so the reload above took the "service unreachable" path (a network error, then the
    // kept copy). A device without network reports navigator.onLine false: from here the pages load that way,
    // where nothing is even tried on the network.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    });
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      // Not the retries of the page being left (the report page, which did not know it was offline).
      if (/\/api\/internal\//.test(req.url()) && !req.frame().url().endsWith(REPORT)) {
        apiCalls.push(`${req.url()} from ${req.frame().url()}`);
      }
    });

    await page.goto(RFI);
    await expect(h1(page, subject)).toBeVisible();
    await expect(banner(page)).toBeVisible();

    await page.goto('/projects/1');
    await expect(h1(page, seed.project1.name)).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await shot(page, 'offline-cache-dashboard');

    // Never opened on this device: says so plainly, not a generic error.
    await page.goto(SUBMITTALS);
    await expect(page.getByText('Not available offline', { exact: true })).toBeVisible();
    await expect(
      page.getByText('This page needs the network: it has not been opened on this device yet.'),
    ).toBeVisible();
    await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
    await shot(page, 'offline-cache-needs-network');
    // Known to be offline, the console sent nothing.
    expect(apiCalls).toEqual([]);

    // Back online (the browser says so): the page loads by itself, and the notice goes once it is read again.
    await context.setOffline(false);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      window.dispatchEvent(new Event('online'));
    });
    await expect(h1(page, 'Submittals')).toBeVisible({ timeout: 20_000 });
    await expect(banner(page)).toHaveCount(0);
  });
});

test('another user’s sign-in and a sign-out leave the cache database empty', async ({ page, context }) => {
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(h1(page, seed.project1.name)).toBeVisible();
  const pmKeys = await waitUntilKept(page, ['["projects","detail",1]', '["folders","children",']);

  // Another user signs in on this browser (a tab of their own: the session is per tab).
  const other = await context.newPage();
  await signIn(other, seed.admin);
  await expect.poll(async () => (await keptKeys(other)).filter((k) => pmKeys.includes(k))).toEqual([]);
  await openProject(other, seed.project1.id);
  await expect(h1(other, seed.project1.name)).toBeVisible();
  const adminKeys = await waitUntilKept(other, ['["projects","detail",1]']);
  // The same record, under the other user's scope.
  expect(adminKeys.filter((k) => pmKeys.includes(k))).toEqual([]);

  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => keptKeys(other)).toEqual([]);
  await other.close();

  // pm's sign-out: empty too (nothing of pm's is written after it).
  await page.reload();
  await expect(h1(page, seed.project1.name)).toBeVisible();
  await waitUntilKept(page, ['["projects","detail",1]']);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => keptKeys(page)).toEqual([]);
  await page.waitForTimeout(2_500); // a write queued when idle would land by now
  expect(await keptKeys(page)).toEqual([]);
});
