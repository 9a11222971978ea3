// Accessibility: an axe scan (WCAG 2 A and AA rules) of every screen in light and dark mode, with no serious or
// critical violation, and a screenshot of each under test-results/screens/a11y-<screen>-<mode>.png.
import { type Page } from '@playwright/test';
import { seriousViolations, settled } from './axe';
import { expect, test } from './fixtures';
import { seed, shot } from './helpers';

type User = 'pm' | 'admin' | null;

interface Screen {
  name: string;
  path: string;
  user: User;
  /** Waits until the screen shows its content (beyond the h1). */
  ready?: (page: Page) => Promise<void>;
  /** Brings the screen into the state to scan (open a drawer, send a request). */
  act?: (page: Page) => Promise<void>;
  /** Runs before the screen is opened (e.g. a failed call, so the request log shows an error row). */
  before?: (page: Page) => Promise<void>;
  /** A phone's viewport (390 × 844) instead of the desktop's. */
  phone?: boolean;
}

/** A call the service refuses (no session): the request log's newest row is then an error row, in view. */
async function failedCall(page: Page) {
  const reply = await page.request.post('/api/internal/folder/get', { data: { folderId: 2 } });
  expect(reply.status()).toBe(401);
}

// Seed facts (server/db/seed.ts, docs/service-domain.md): project 1's containers are folders 2–8 (documents 2,
// RFIs 4, punch list 5, submittals 6, daily reports 7, meetings 8); RFI-001 is folder 101; submittal package 1
// is folder 1000; meeting 1 is folder 3000; daily reports cover the working days 09/21–10/30/2026.
const SCREENS: Screen[] = [
  { name: 'sign-in', path: '/signin', user: null },
  { name: 'start', path: '/', user: 'pm' },
  {
    name: 'dashboard',
    path: '/projects/1',
    user: 'pm',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Folders' }).getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'folder-documents',
    path: '/projects/1/folders/2',
    user: 'pm',
    ready: async (page) => {
      await expect(page.getByRole('row').nth(1)).toBeVisible();
    },
  },
  { name: 'folder-edit', path: '/projects/1/folders/2/edit', user: 'pm' },
  {
    name: 'rfi-list',
    path: '/projects/1/rfis/4',
    user: 'pm',
    ready: async (page) => {
      await expect(page.getByRole('table', { name: 'RFIs' }).locator('tbody tr')).toHaveCount(36);
    },
  },
  {
    name: 'rfi',
    path: '/projects/1/rfis/4/101',
    user: 'pm',
    ready: async (page) => {
      await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
    },
  },
  {
    name: 'request-log',
    // Failed requests only: beside another worker's traffic this test's own failed call may not be on the first
    // page of everything, but the seed's and this test's failures are on this one.
    path: '/admin/request-log?WithErrors=true',
    user: 'admin',
    before: failedCall,
    ready: async (page) => {
      await expect(page.locator('[role="row"][data-id]').first()).toBeVisible();
      await expect(page.locator('[role="row"][data-error]').first()).toBeVisible();
    },
  },
  {
    name: 'request-log-detail',
    path: '/admin/request-log',
    user: 'admin',
    before: failedCall,
    act: async (page) => {
      await page.locator('[role="row"][data-id]').first().locator('[role="gridcell"]').first().click();
      await expect(page.getByTestId('entry-detail')).toBeVisible();
    },
  },
  {
    name: 'api-explorer',
    path: `/api-explorer?op=ProjectGetRequest&request=${encodeURIComponent('{"projectId":1}')}`,
    user: 'pm',
    act: async (page) => {
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByTestId('reply-status')).toHaveText('HTTP 200');
    },
  },
  {
    name: 'command-palette',
    path: '/projects/1',
    user: 'pm',
    act: async (page) => {
      await page.getByRole('button', { name: /Open the command palette/ }).click();
      await page.getByRole('textbox', { name: 'Command palette: where to go' }).fill('rfi 7');
      await expect(page.getByTestId('palette-rfi:107')).toBeVisible();
    },
  },
  { name: 'not-found', path: '/no/such/page', user: 'pm' },
  // Screens added by the screen issues (routes in src/app/router.tsx).
  { name: 'punch-list', path: '/projects/1/punch-list/5', user: 'pm' },
  { name: 'submittal-list', path: '/projects/1/submittals/6', user: 'pm' },
  { name: 'submittal-package', path: '/projects/1/submittals/6/1000', user: 'pm' },
  { name: 'daily-report', path: '/projects/1/daily-reports/7/2026-10-30', user: 'pm' },
  { name: 'meeting', path: '/projects/1/meetings/3000', user: 'pm' },
];

// The screens people open on site, again at a phone's width (issue 22): same scan, phone screenshots.
const PHONE_SCREENS = [
  'dashboard',
  'folder-documents',
  'rfi-list',
  'command-palette',
  'meeting',
  'daily-report',
];
// What a phone shows instead of a table, where that differs from the desktop's ready check.
const PHONE_READY: Record<string, Screen['ready']> = {
  'rfi-list': async (page) => {
    await expect(page.getByRole('list', { name: 'RFIs' }).getByRole('listitem')).toHaveCount(36);
  },
};
for (const name of PHONE_SCREENS) {
  const screen = SCREENS.find((s) => s.name === name)!;
  SCREENS.push({ ...screen, name: `${name}-phone`, phone: true, ready: PHONE_READY[name] ?? screen.ready });
}

const MODES = ['light', 'dark'] as const;

const sessions: Partial<Record<'pm' | 'admin', object>> = {};

test.beforeAll(async ({ request }) => {
  for (const user of ['pm', 'admin'] as const) {
    const { userName, password } = seed[user];
    const res = await request.post('/api/internal/authenticateuser', { data: { userName, password } });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { authSessionKey: string; apiKey: string };
    sessions[user] = {
      sessionKey: body.authSessionKey,
      apiKey: body.apiKey,
      userName,
      isAdmin: user === 'admin',
    };
  }
});

async function open(page: Page, screen: Screen, mode: (typeof MODES)[number]) {
  if (screen.phone) await page.setViewportSize({ width: 390, height: 844 });
  const session = screen.user ? JSON.stringify(sessions[screen.user]) : null;
  await page.addInitScript(
    ([scheme, value]) => {
      localStorage.setItem('mantine-color-scheme-value', scheme as string);
      if (value) sessionStorage.setItem('pm-console.session', value);
    },
    [mode, session],
  );
  await screen.before?.(page);
  await page.goto(screen.path);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
  // The first load of a screen (chunk + data) can be slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await screen.ready?.(page);
  await page.waitForLoadState('networkidle');
  await screen.act?.(page);
  // Transitions (drawers, tabs, fades) settle before the screenshot; seriousViolations waits for them too.
  await settled(page);
}

// Thirty-odd page loads with full scans: each test gets more time than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.describe(() => {
  test.use({ failOnPageErrors: true });

  for (const screen of SCREENS) {
    for (const mode of MODES) {
      test(`${screen.name} (${mode}) has no serious or critical axe violations`, async ({ page }) => {
        await open(page, screen, mode);
        await shot(page, `a11y-${screen.name}-${mode}`);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
});

test('the colour scheme choice: auto follows the system and is kept across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(
    (value) => sessionStorage.setItem('pm-console.session', value),
    JSON.stringify(sessions.pm),
  );
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: /^Colour scheme/ }).click();
  await page.getByRole('button', { name: 'Auto (as the system)', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Colour scheme: Auto (as the system)' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('print shows the dashboard and an RFI without the navigation chrome', async ({ page }) => {
  await page.addInitScript(
    (value) => sessionStorage.setItem('pm-console.session', value),
    JSON.stringify(sessions.pm),
  );
  for (const [name, path] of [
    ['dashboard', '/projects/1'],
    ['rfi', '/projects/1/rfis/4/101'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, `print-${name}`);
    await page.emulateMedia({ media: 'screen' });
  }
});

test('keyboard: the first Tab reaches "Skip to main content", which moves focus past the chrome', async ({
  page,
}) => {
  await page.addInitScript(
    (value) => sessionStorage.setItem('pm-console.session', value),
    JSON.stringify(sessions.pm),
  );
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, 'a11y-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab lands inside the page, not in the header or navbar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});
