// XSS: a service of this file's own, seeded with SEED_VARIANT=xss (server/db/seed.ts, `XSS_CORPUS`: a
// script-injection string in every text field of every record), and every screen opened under the service's
// Content-Security-Policy. Each payload would set `window.__xss`; the page counts those writes and every
// `securitypolicyviolation`. Expected: the payloads are on screen as text, nothing ran, nothing was blocked.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

interface Screen {
  name: string;
  path: string;
  /** What proves the screen is there (a level-1 heading by default). */
  ready?: (page: Page) => Promise<void>;
  /** Extra steps on the screen (open an editor, a detail) before the checks run again. */
  then?: (page: Page) => Promise<void>;
  /** The screen shows seeded text (so a payload must be visible as text). Default true. */
  showsData?: boolean;
}

// Project 1's fixed ids (docs/service-domain.md "Fixed ids"): containers 2…8, RFI-001 = 101, owner contracts
// 11, submittal package 1000 and its item 1001, first daily report folder 2001, first meeting 3000. Every route
// of src/app/router.tsx is here; item folders are also opened in the plain folder view.
const screens: Screen[] = [
  { name: 'dashboard', path: '/projects/1' },
  // After the dashboard: "Recently opened" lists the project (its name from the data).
  { name: 'start page', path: '/' },
  { name: 'documents container', path: '/projects/1/folders/2' },
  { name: 'documents folder', path: '/projects/1/folders/11' },
  { name: 'folder editor', path: '/projects/1/folders/11/edit' },
  { name: 'drawings', path: '/projects/1/folders/3' },
  { name: 'RFI list', path: '/projects/1/rfis/4' },
  { name: 'RFI', path: '/projects/1/rfis/4/101' },
  {
    name: 'RFI editor',
    path: '/projects/1/rfis/4/101',
    then: async (page) => {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(page.getByLabel('Subject')).toBeVisible();
    },
  },
  { name: 'punch list folder', path: '/projects/1/folders/5' },
  { name: 'punch grid', path: '/projects/1/punch-list/5' },
  { name: 'submittal list', path: '/projects/1/submittals/6' },
  { name: 'submittal package screen', path: '/projects/1/submittals/6/1000' },
  { name: 'daily report screen', path: '/projects/1/daily-reports/7' },
  { name: 'meeting screen', path: '/projects/1/meetings/3000' },
  { name: 'API explorer', path: '/api-explorer', showsData: false },
  { name: 'submittals', path: '/projects/1/folders/6' },
  { name: 'submittal package', path: '/projects/1/folders/1000' },
  { name: 'submittal item', path: '/projects/1/folders/1001' },
  { name: 'daily reports', path: '/projects/1/folders/7' },
  { name: 'daily report', path: '/projects/1/folders/2001' },
  { name: 'meetings', path: '/projects/1/folders/8' },
  { name: 'meeting', path: '/projects/1/folders/3000' },
  {
    name: 'request log with detail',
    // Filtered to the forged request made in beforeAll (payloads in its path, query, headers and body).
    path: `/admin/request-log?PathInfo=${encodeURIComponent('/json/reply/FolderGetRequest')}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
      await expect(page.getByRole('grid', { name: 'Requests' })).toBeVisible();
    },
    then: async (page) => {
      const row = page.getByRole('grid', { name: 'Requests' }).locator('[role="row"][data-id]').first();
      await row.locator('[role="gridcell"]').first().click();
      await expect(page.getByTestId('entry-detail')).toContainText('xss-probe');
    },
  },
];

const FLAG_SCRIPT = () => {
  const w = window as unknown as Record<string, unknown>;
  const hits: string[] = [];
  const violations: string[] = [];
  w.__xssHits = hits;
  w.__cspViolations = violations;
  Object.defineProperty(window, '__xss', {
    configurable: false,
    get: () => hits.length > 0,
    set: () => {
      hits.push(location.pathname);
    },
  });
  document.addEventListener(
    'securitypolicyviolation',
    (e) => violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    true,
  );
};

async function pageState(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __xssHits: string[]; __cspViolations: string[] };
    const all = [...document.querySelectorAll('*')];
    const eventAttributes = all.flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
    );
    const badUrls = all.flatMap((el) =>
      ['href', 'src', 'action', 'formaction', 'data', 'xlink:href']
        .map((name) => el.getAttribute(name))
        .filter((v): v is string => v !== null && /^\s*(javascript|vbscript|data:text\/html)/i.test(v)),
    );
    const text =
      document.body.innerText +
      [...document.querySelectorAll('input, textarea')]
        .map((el) => (el as HTMLInputElement).value)
        .join('\n');
    return {
      hits: [...w.__xssHits],
      violations: [...w.__cspViolations],
      eventAttributes,
      badUrls,
      injectedElements: document.querySelectorAll(
        'main script, main iframe, main object, main embed, main svg[onload]',
      ).length,
      payloadShown: text.includes('__xss=true'),
    };
  });
}

test.describe.configure({ mode: 'serial' });
test.use({ serviceEnv: { SEED_VARIANT: 'xss' } });
test.beforeAll(async ({ request, baseURL }) => {
  // A request whose log row carries payloads in every part the request log shows.
  const payload = '<img src=x onerror="window.__xss=true">';
  await request.post(
    `${baseURL}/json/reply/FolderGetRequest?xss-probe=${encodeURIComponent('"><svg onload="window.__xss=true">')}`,
    {
      headers: {
        'content-type': 'application/json',
        'user-agent': `xss-probe ${payload}`,
        referer: 'javascript:window.__xss=true',
        'x-note': '<script>window.__xss=true</script>',
      },
      data: { folderId: 'xss-probe <script>window.__xss=true</script>', note: payload },
    },
  );
});

test.describe(() => {
  // Uncaught errors, Content-Security-Policy messages in the console and dialogs (an alert payload) fail the test.
  test.use({ failOnPageErrors: { console: { match: /Content Security Policy/i }, dialogs: true } });

  test('every screen shows the injected strings as text: no script runs, no CSP violation', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.addInitScript(FLAG_SCRIPT);

    // The CSP is really there (the checks below would pass vacuously without it).
    const html = await page.request.get('/');
    expect(html.headers()['content-security-policy']).toContain("script-src 'self'");

    await signIn(page, seed.admin);
    const figures: string[] = [];
    for (const screen of screens) {
      await test.step(screen.name, async () => {
        await page.goto(screen.path);
        if (screen.ready) await screen.ready(page);
        else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
        if (screen.then) {
          await screen.then(page);
          await page.waitForLoadState('networkidle');
        }
        // Let late effects (images, deferred renders) happen.
        await page.waitForTimeout(300);
        const state = await pageState(page);
        await shot(page, `xss-${screen.name.replace(/\s+/g, '-')}`);
        expect(state.hits, `${screen.name}: a payload ran`).toEqual([]);
        expect(state.violations, `${screen.name}: CSP violations`).toEqual([]);
        expect(state.eventAttributes, `${screen.name}: event-handler attributes in the DOM`).toEqual([]);
        expect(state.badUrls, `${screen.name}: script URLs in the DOM`).toEqual([]);
        expect(state.injectedElements, `${screen.name}: injected elements`).toBe(0);
        if (screen.showsData !== false)
          expect(state.payloadShown, `${screen.name}: payload shown as text`).toBe(true);
        figures.push(screen.name);
      });
    }
    console.log(`xss: ${figures.length} screens, 0 script executions, 0 CSP violations`);
  });
});

test('data-derived links: following them runs nothing', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(FLAG_SCRIPT);
  await signIn(page, seed.admin);
  let clicked = 0;
  for (const path of [
    '/projects/1',
    '/projects/1/folders/2',
    '/projects/1/rfis/4',
    '/projects/1/rfis/4/101',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Links whose text came from the data (every seeded name carries a payload).
    const links = page.locator('main a').filter({ hasText: '__xss' });
    const count = Math.min(await links.count(), 3);
    for (let i = 0; i < count; i++) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const link = page.locator('main a').filter({ hasText: '__xss' }).nth(i);
      const href = (await link.getAttribute('href')) ?? '';
      expect(href, 'a data-derived link').not.toMatch(/^\s*(javascript|vbscript|data):/i);
      await link.click();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(200);
      const state = await pageState(page);
      expect(state.hits).toEqual([]);
      expect(state.violations).toEqual([]);
      clicked++;
    }
  }
  expect(clicked).toBeGreaterThan(3);
  console.log(`xss: ${clicked} data-derived links followed, 0 script executions`);
});
