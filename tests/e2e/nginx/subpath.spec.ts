// The console as users host it: the same build served by nginx under /console/ and /a/b/ (tests/e2e/nginx/
// host.ts, the configuration docs/deploy.md gives), the service on another origin through the JSON reply routes.
// A short journey: sign in, open a project, the RFIs, an RFI by deep link and a reload, the request log, About —
// every address inside the prefix, every file from it, precompressed assets, no CSP violation. And the service
// worker under the prefix: scope and files inside it, sw.js revalidated, the console starts offline.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillSignIn, seed, shot, waitForServiceWorker } from '../helpers';
import { startStaticHost, type StaticHost } from './host';

test.describe.configure({ mode: 'serial' });

let host: StaticHost;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  host = await startStaticHost(['/console/', '/a/b/']);
});
test.afterAll(async () => {
  await host?.stop();
});

const build = resolve(process.env.STATIC_DIR ?? 'dist');
const RFI_CONTAINER = 4; // seed: project 1's RFI container

/**
 * Watches a page: what it asked nginx and the service for; errors: uncaught ones, CSP refusals (reported on the
 * console) and any file nginx did not have. (Signing in as `pm` gets a 403 from the request log on purpose: that
 * is how the console learns the user is no admin.)
 */
function watch(page: Page) {
  const toHost: string[] = [];
  const toService: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === host.origin) toHost.push(url.pathname);
    if (url.origin === host.service) toService.push(`${r.method()} ${url.pathname}`);
  });
  page.on('response', (r) => {
    if (new URL(r.url()).origin === host.origin && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // A navigation cancels what the page was still loading: not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`${r.failure()?.errorText} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { toHost, toService, errors };
}

test('under /console/: sign in, a project, an RFI by deep link and reload, the request log, About', async ({
  page,
}) => {
  const seen = watch(page);
  const at = (path: string) => `${host.origin}/console${path}`;

  // Signed out, the prefix's root goes to its sign-in page.
  await page.goto(at('/'));
  await expect(page).toHaveURL(at('/signin'));
  await shot(page, 'nginx-console-signin');
  await fillSignIn(page, seed.admin.userName, seed.admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page).toHaveURL(at('/'));

  // A project, then its RFIs and one RFI, by links.
  await page.getByLabel('Project id').fill('1');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await expect(page).toHaveURL(at('/projects/1'));
  await shot(page, 'nginx-console-dashboard');
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'RFIs' })).toHaveAttribute(
    'href',
    `/console/projects/1/rfis/${RFI_CONTAINER}`,
  );
  await nav.getByRole('link', { name: 'RFIs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
  await expect(page).toHaveURL(at(`/projects/1/rfis/${RFI_CONTAINER}`));
  const first = page.getByRole('table', { name: 'RFIs' }).locator('tbody tr').first().getByRole('link');
  await first.click();
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${at(`/projects/1/rfis/${RFI_CONTAINER}/`)}\\d+$`));
  const rfiAddress = page.url();
  const subject = await page.getByRole('heading', { level: 1 }).textContent();

  // The RFI by deep link in a fresh load, then a reload: index.html from a deep folder finds its files.
  await page.goto('about:blank');
  await page.goto(rfiAddress);
  await expect(page.getByRole('heading', { level: 1, name: subject! })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: subject! })).toBeVisible();
  await expect(page).toHaveURL(rfiAddress);
  await shot(page, 'nginx-console-rfi');

  // The request log (admins), by the navbar's link; it shows the calls this journey made.
  await page.getByRole('link', { name: 'Request log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  await expect(page).toHaveURL(at('/admin/request-log'));
  await expect(page.getByRole('grid', { name: 'Requests' })).toBeVisible();
  await shot(page, 'nginx-console-requestlog');

  // About (command palette): the build's version and commit, as version.json says.
  const published = JSON.parse(readFileSync(join(build, 'version.json'), 'utf8')) as {
    version: string;
    commit: string;
  };
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('textbox', { name: 'Command palette: where to go' }).fill('about');
  await page.getByTestId('palette-page:about').click();
  const about = page.getByRole('dialog', { name: 'About PM Console' });
  await expect(about.getByRole('row', { name: `Version ${published.version}` })).toBeVisible();
  await expect(about.getByRole('row', { name: `Commit ${published.commit}` })).toBeVisible();
  await expect(about.getByRole('row', { name: /^Built / })).toBeVisible();
  await expect(about.getByRole('row', { name: 'Served at /console/' })).toBeVisible();
  await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot
  await shot(page, 'nginx-console-about');
  await page.keyboard.press('Escape');
  await expect(about).toHaveCount(0);

  // Every file came from inside the prefix; the service was called on its origin by the reply routes.
  expect(seen.toHost.filter((p) => !p.startsWith('/console/'))).toEqual([]);
  expect(seen.toHost).toContain('/console/config.json');
  expect(seen.toService.some((r) => r.startsWith('POST /json/reply/'))).toBe(true);
  expect(seen.toService.some((r) => r.startsWith('GET /json/reply/RequestLogs'))).toBe(true);
  expect(seen.toService.filter((r) => r.includes('/api/internal/'))).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('a signed-out deep link signs in inside the prefix and comes back', async ({ page }) => {
  const seen = watch(page);
  const rfi = `${host.origin}/console/projects/1/rfis/${RFI_CONTAINER}/105`;
  await page.goto(rfi);
  await expect(page).toHaveURL(
    `${host.origin}/console/signin?next=${encodeURIComponent(`/projects/1/rfis/${RFI_CONTAINER}/105`)}`,
  );
  await fillSignIn(page, seed.pm.userName, seed.pm.password);
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  await expect(page).toHaveURL(rfi);

  // The skip link stays on this page (not index.html's base).
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${rfi}#main-content`);
  await expect(page.locator('#main-content')).toBeFocused();

  // Sign out lands on the prefix's sign-in page.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${host.origin}/console/signin`);
  expect(seen.toHost.filter((p) => !p.startsWith('/console/'))).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('the same build under /a/b/: deep link, links and files stay inside', async ({ page }) => {
  const seen = watch(page);
  await page.goto(`${host.origin}/a/b/projects/1`);
  await expect(page).toHaveURL(`${host.origin}/a/b/signin?next=%2Fprojects%2F1`);
  await fillSignIn(page, seed.pm.userName, seed.pm.password);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await expect(page).toHaveURL(`${host.origin}/a/b/projects/1`);
  await page.getByRole('link', { name: 'PM Console' }).click();
  await expect(page).toHaveURL(`${host.origin}/a/b/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  expect(seen.toHost.filter((p) => !p.startsWith('/a/b/'))).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('what nginx sends: precompressed hashed assets cached for a year, the rest revalidated', async ({
  request,
}) => {
  const html = await request.get(`${host.origin}/console/projects/1/rfis/4/105`);
  expect(html.status()).toBe(200);
  expect(html.headers()['cache-control']).toBe('no-cache');
  expect(html.headers()['content-security-policy']).toContain(`connect-src 'self' ${host.service}`);
  const text = await html.text();
  expect(text).toContain('<base href="/console/"');
  const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(text)?.[1];
  expect(entry).toBeTruthy();

  // The .gz written by the build, as it is (gzip_static: its length, not a compressed-on-the-fly stream).
  const js = await request.get(`${host.origin}/console/${entry}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(js.status()).toBe(200);
  expect(js.headers()['content-encoding']).toBe('gzip');
  expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(Number(js.headers()['content-length'])).toBe(readFileSync(join(build, `${entry}.gz`)).length);

  for (const file of ['config.json', 'version.json', 'manifest.webmanifest']) {
    const res = await request.get(`${host.origin}/console/${file}`);
    expect(res.status(), file).toBe(200);
    expect(res.headers()['cache-control'], file).toBe('no-cache');
  }
  const manifest = (await (await request.get(`${host.origin}/console/manifest.webmanifest`)).json()) as {
    start_url: string;
    scope: string;
  };
  expect(manifest).toMatchObject({ start_url: './', scope: './' });
  expect((await request.get(`${host.origin}/console/assets/missing.js`)).status()).toBe(404);
  expect(host.errorLog()).not.toMatch(/\[(emerg|alert|crit)\]/);
});

test.describe('the service worker under /console/', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers inside the prefix, is sent no-cache, and the console starts offline', async ({
    page,
    context,
    request,
  }) => {
    for (const encoding of ['identity', 'gzip']) {
      const res = await request.get(`${host.origin}/console/sw.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.status(), encoding).toBe(200);
      expect(res.headers()['cache-control'], encoding).toBe('no-cache');
      expect(res.headers()['content-type'], encoding).toMatch(/javascript/);
      // The build's sw.js.gz, as it is (publish() compresses the worker's files too).
      if (encoding === 'gzip') {
        expect(Number(res.headers()['content-length'])).toBe(readFileSync(join(build, 'sw.js.gz')).length);
      }
    }

    const seen = watch(page);
    await page.goto(`${host.origin}/console/signin`);
    await fillSignIn(page, seed.pm.userName, seed.pm.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await page.goto(`${host.origin}/console/projects/1`);
    await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
    // The worker controls the page, and holds config.json (this host's: the service on its own origin).
    await waitForServiceWorker(page);
    const worker = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const cached: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) cached.push(req.url);
      }
      return { scope: reg?.scope, script: reg?.active?.scriptURL, cached };
    });
    expect(worker.scope).toBe(`${host.origin}/console/`);
    expect(worker.script).toBe(`${host.origin}/console/sw.js`);
    // Every file it keeps is the build's under the prefix (no API reply, no version.json, no compressed copy).
    expect(worker.cached.filter((u) => !u.startsWith(`${host.origin}/console/`))).toEqual([]);
    expect(worker.cached).toContain(`${host.origin}/console/config.json`);
    expect(worker.cached.filter((u) => /version\.json|\.(gz|br)(\?|$)|\/json\/reply\//.test(u))).toEqual([]);
    expect(seen.toHost.filter((p) => !p.startsWith('/console/'))).toEqual([]);
    expect(seen.errors).toEqual([]);

    // Offline: a reload and a deep link still start the console, with index.html's <base href> for the prefix.
    await context.setOffline(true);
    const reply = await page.reload();
    expect(reply?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('current-user')).toHaveText(seed.pm.userName);
    await expect(page.getByRole('banner').getByRole('link', { name: 'PM Console' })).toHaveAttribute(
      'href',
      '/console/',
    );
    await page.goto(`${host.origin}/console/projects/1/rfis/${RFI_CONTAINER}/105`);
    await expect(page.getByTestId('current-user')).toHaveText(seed.pm.userName);
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(await page.evaluate(() => document.baseURI)).toBe(`${host.origin}/console/`);
    await context.setOffline(false);
  });
});
