import { expect, test, type Page } from '@playwright/test';
import { openProject, seed, shot, signIn } from './helpers';

// Project 1's RFI container is folder 4; RFI-00n is folder 100 + n (server/db/seed.ts).

/** Signed in as pm on project 1: the colour-scheme button pressed from the keyboard. */
async function pressColourScheme(page: Page) {
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.getByRole('button', { name: /^Colour scheme/ }).focus();
  await page.keyboard.press('Enter');
}

test('open an RFI through the command palette by its number', async ({ page }) => {
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+k');
  const search = page.getByRole('textbox', { name: 'Command palette: where to go' });
  await expect(search).toBeFocused();
  await search.fill('RFI-007');
  const option = page.getByTestId('palette-rfi:107');
  await expect(option).toBeVisible();
  await shot(page, 'palette-rfi');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/1\/rfis\/4\/107$/);
  await expect(page.getByText('RFI-007', { exact: true })).toBeVisible();
  await expect(search).toHaveCount(0);

  // Recent places come first, and persist.
  await page.reload();
  await expect(page.getByText('RFI-007', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Open the command palette/ }).click();
  await expect(page.getByTestId('palette-recent:/projects/1/rfis/4/107')).toBeVisible();
  await expect(page.getByTestId('palette-recent:/projects/1')).toBeVisible();
  await shot(page, 'palette-recent');
  await page.keyboard.press('Escape');
});

test('the palette goes to a project, a folder by id and an explorer operation', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.keyboard.press('ControlOrMeta+k');
  const search = page.getByRole('textbox', { name: 'Command palette: where to go' });
  await search.fill('2');
  await page.getByTestId('palette-project:2').click();
  await expect(page).toHaveURL(/\/projects\/2$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lincoln Elementary School Modernization' }),
  ).toBeVisible();
  await expect(search).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+k');
  await search.fill('folder 18');
  await page.getByTestId('palette-folder:18').click();
  await expect(page).toHaveURL(/\/projects\/1\/folders\/18$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Archive (empty)' })).toBeVisible();
  await expect(search).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+k');
  await search.fill('meeting/read');
  await page.getByTestId('palette-op:MeetingReadRequest').click();
  await expect(page).toHaveURL(/\/api-explorer\?op=MeetingReadRequest/);
  await expect(page.getByRole('heading', { level: 2, name: 'MeetingReadRequest' })).toBeVisible();
});

test('the palette finds screens, a project by name and an RFI by subject words among what was read', async ({
  page,
}) => {
  const search = page.getByRole('textbox', { name: 'Command palette: where to go' });
  const palette = async (query: string) => {
    await page.keyboard.press('ControlOrMeta+k');
    await expect(search).toBeFocused();
    await search.fill(query);
  };
  await signIn(page, seed.pm);
  // What the palette can find is what the console has read: project 2, then project 1, its sections and RFIs.
  await openProject(page, 2);
  await expect(page).toHaveURL(/\/projects\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Projects');
  const project2 = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByRole('link', { name: 'Start page' }).click();
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'RFIs' }).click();
  const table = page.getByRole('table', { name: 'RFIs' });
  const row = table.locator('tbody tr[data-rfi="112"]');
  await expect(row.getByRole('link')).toHaveText('RFI-012');
  const subject = (await row.locator('td').nth(1).textContent())!.trim();
  const words = subject.split(/\s+/).filter((w) => w.length > 3);
  expect(words.length).toBeGreaterThanOrEqual(2);

  // Screens by name, the best match first (Enter opens it).
  await palette('daily');
  const options = page.locator('[data-testid^="palette-"]');
  await expect(options.first()).toHaveAttribute('data-testid', 'palette-screen:7');
  await expect(options.first()).toContainText('Daily reports');
  await expect(options.first()).toContainText(seed.project1.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/\d{4}-\d\d-\d\d$/);
  await palette('meetings');
  await expect(options.first()).toHaveAttribute('data-testid', 'palette-screen:8');
  await options.first().click();
  await expect(page).toHaveURL(/\/projects\/1\/folders\/8$/);

  // A project by a word of its name.
  await palette(project2.split(/\s+/)[0].toLowerCase());
  await expect(options.first()).toHaveAttribute('data-testid', 'palette-project:2');
  await expect(options.first()).toContainText(project2);

  // An RFI by words of its subject, labelled "number · subject".
  await search.fill(words.slice(0, 2).join(' '));
  const rfi = page.getByTestId('palette-rfi:112');
  await expect(rfi).toContainText(`RFI-012 · ${subject}`);
  await rfi.click();
  await expect(page).toHaveURL(/\/projects\/1\/rfis\/4\/112$/);
  await expect(page.getByText('RFI-012', { exact: true })).toBeVisible();

  // Recent places come after typed matches, by their titles, never an address.
  await palette('rfi');
  await expect(options.first()).toHaveAttribute('data-testid', 'palette-screen:4');
  for (const text of await options.allTextContents()) expect(text).not.toMatch(/\/projects\//);
  await page.keyboard.press('Escape');
});

test('Ctrl-K right after Escape opens the palette again (while it is still closing)', async ({ page }) => {
  await signIn(page, seed.pm);
  const search = page.getByRole('textbox', { name: 'Command palette: where to go' });
  await page.keyboard.press('ControlOrMeta+k');
  await expect(search).toBeFocused();
  await search.fill('daily');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+k');
  await page.waitForTimeout(600); // past the closing transition
  await expect(search).toBeVisible();
  await expect(search).toBeFocused();
});

test('the palette opens a daily report by its date', async ({ page }) => {
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('textbox', { name: 'Command palette: where to go' }).fill('10/30/2026');
  await page.getByTestId('palette-dailyreport:2026-10-30').click();
  await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/2026-10-30$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Friday, October 30, 2026' })).toBeVisible();
});

test('admins get the request log filtered by a path', async ({ page }) => {
  await signIn(page, seed.admin);
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('textbox', { name: 'Command palette: where to go' }).fill('/api/internal/project/get');
  await page.getByTestId('palette-requestlog:/api/internal/project/get').click();
  await expect(page).toHaveURL(/\/admin\/request-log\?PathInfo=%2Fapi%2Finternal%2Fproject%2Fget/);
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
});

test('the palette is downloaded only when first asked for; a failed download says so and the next press works', async ({
  page,
}) => {
  const paletteCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/CommandPalette-[\w-]+\.js$/.test(r.url())) paletteCode.push(r.url());
  });
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(paletteCode).toEqual([]);

  // Offline for the palette's code: the first press says so, nothing else changes.
  await page.route(/\/assets\/CommandPalette-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByText('The command palette could not be loaded')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Command palette: where to go' })).toHaveCount(0);
  await page.waitForTimeout(500); // the toast's slide-in, for the screenshot
  await shot(page, 'palette-load-failed');

  // Back online: the next press loads it and opens it.
  await page.unroute(/\/assets\/CommandPalette-[\w-]+\.js$/);
  await page.keyboard.press('ControlOrMeta+k');
  const search = page.getByRole('textbox', { name: 'Command palette: where to go' });
  await expect(search).toBeFocused();
  expect(paletteCode.length).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);
});

test('the colour scheme button pressed before its popover has loaded: the popover opens, focus stays on the button', async ({
  page,
}) => {
  // The shell's late parts (src/app/shell/late.ts) held back until the button was pressed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(shell-)?late-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await pressColourScheme(page);
  release();
  await expect(page.getByRole('button', { name: 'Light', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Dark', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Colour scheme: Dark' })).toBeFocused();
});

test('the colour scheme popover: choose Dark with the keyboard, focus returns to the button', async ({
  page,
}) => {
  await pressColourScheme(page);
  const light = page.getByRole('button', { name: 'Light', exact: true });
  await expect(light).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Dark', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await shot(page, 'colour-scheme-popover');
  await page.getByRole('button', { name: 'Dark', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(light).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Colour scheme: Dark' })).toBeFocused();
  // Escape closes it without a change.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Dark', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Dark', exact: true })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('toasts whose code could not be downloaded with the shell show once it can be', async ({ page }) => {
  const toastsCode = /\/assets\/Toasts-[\w-]+\.js$/;
  let failedDownloads = 0;
  page.on('requestfailed', (r) => {
    if (toastsCode.test(r.url())) failedDownloads++;
  });
  await page.route(toastsCode, (route) => route.abort('internetdisconnected'));
  await page.route(/\/assets\/CommandPalette-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failedDownloads).toBeGreaterThanOrEqual(1);
  // The connection is back for the toasts' code; the next toast asked for (the palette failing) brings it.
  await page.unroute(toastsCode);
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByText('The command palette could not be loaded')).toBeVisible();
});

test('phone width: the header keeps the project name readable, and a toast stays clear of its buttons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, seed.pm);
  await page.goto(`/projects/${seed.project1.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  const header = page.locator('header');
  const current = page.getByTestId('current-project');
  await expect(current).toHaveText(seed.project1.name);
  await expect(current).toHaveAttribute('title', seed.project1.name);
  // Named by its text (no aria-label: a label would make it answer getByLabel('Building') like a form field).
  await expect(current).toHaveAccessibleName(seed.project1.name);
  // One row, and the name gets most of it (truncated at its end, not to a letter).
  expect((await header.boundingBox())?.height).toBe(56);
  expect((await current.boundingBox())?.width).toBeGreaterThanOrEqual(150);
  await shot(page, 'header-phone');

  // A toast the app really shows: the palette cannot open an unknown folder.
  await page.getByRole('button', { name: /Open the command palette/ }).click();
  await page.getByRole('textbox', { name: 'Command palette: where to go' }).fill('folder 99999');
  await page.getByTestId('palette-folder:99999').click();
  const toast = page.locator('.mantine-Notification-root', { hasText: 'Could not open folder 99999' });
  await expect(toast).toBeVisible();
  await page.waitForTimeout(500); // the slide-in
  const box = (await toast.boundingBox())!;
  const buttons = header.getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(3);
  for (const button of await buttons.all()) {
    const b = await button.boundingBox();
    if (!b) continue;
    const overlaps =
      box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height;
    expect(
      overlaps,
      `the toast covers "${(await button.getAttribute('aria-label')) ?? (await button.textContent())}"`,
    ).toBe(false);
  }
  await shot(page, 'toast-phone');
});
