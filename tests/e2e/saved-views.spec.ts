// Issue 36, parts 1 and 4: saved views (docs/views.md). On the RFI log a view keeps filter, sort and columns,
// survives a reload, is switched to and from, travels as a link to another browser, opens offline and is found
// by name in the palette; the other lists save and restore a view; a view of the RFI log and a meeting's minutes
// print with a print-only header. Its own service (`serviceEnv`), unique view names per test.
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, shot, signIn, waitForServiceWorker } from './helpers';

test.use({ serviceEnv: {} });

const RFIS = '/projects/1/rfis/4';
const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const viewsButton = (page: Page) => page.getByTestId('views-button');
const modified = (page: Page) => page.getByTestId('view-modified');
const rfiTable = (page: Page) => page.getByRole('table', { name: 'RFIs' });

async function openRfis(page: Page, url = RFIS) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
  // The rows are all read (filters by status and court need the details).
  await expect(rfiTable(page).locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(rfiTable(page).locator('tbody tr[data-loaded="false"]')).toHaveCount(0, { timeout: 30_000 });
}

/** Views → Save as… with a name; waits until the menu shows it as the current view. */
async function saveAs(page: Page, name: string) {
  await expect(viewsButton(page)).toBeEnabled({ timeout: 20_000 });
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name: 'Save as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view as' });
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(viewsButton(page)).toHaveText(`View: ${name}`);
  await expect(modified(page)).toHaveCount(0);
}

async function chooseView(page: Page, name: string) {
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await expect(viewsButton(page)).toHaveText(`View: ${name}`);
}

/** Overdue only, sorted by due date (latest first), without the Cost impact column. */
async function setOverdueView(page: Page) {
  await page.getByLabel('Overdue only').check();
  await rfiTable(page).getByRole('button', { name: 'Due date' }).click();
  await rfiTable(page)
    .getByRole('button', { name: /Due date ↑/ })
    .click();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Cost impact' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/overdue=1/);
  await expect(page).toHaveURL(/cols=/);
  await expect(page).toHaveURL(/dir=desc/);
}

async function expectOverdueView(page: Page) {
  await expect(page.getByLabel('Overdue only')).toBeChecked();
  await expect(rfiTable(page).getByRole('columnheader', { name: 'Cost impact' })).toHaveCount(0);
  await expect(rfiTable(page).getByRole('columnheader', { name: /Due date ↓/ })).toBeVisible();
  // Every row shown is overdue (waits while rows are still arriving or redrawing).
  await expect(rfiTable(page).locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  await expect(rfiTable(page).locator('tbody tr:not(:has([aria-label$="days overdue"]))')).toHaveCount(0, {
    timeout: 20_000,
  });
}

async function signedInPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, seed.pm);
  return { context, page };
}

test('RFI log: save a view, reload, switch, modified mark, the palette, a link in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = unique('overdue by architect');
  await signIn(page, seed.pm);
  await openRfis(page);
  await setOverdueView(page);
  await saveAs(page, name);
  await expect(page).toHaveURL(/view=overdue/);

  await page.reload();
  await expect(viewsButton(page)).toHaveText(`View: ${name}`, { timeout: 20_000 });
  await expectOverdueView(page);

  // Changed: marked modified; back to everything, then the view again.
  await page.getByLabel('Overdue only').uncheck();
  await expect(modified(page)).toBeVisible();
  await viewsButton(page).click();
  await expect(page.getByRole('menuitem', { name: `Save “${name}”` })).toBeVisible();
  await shot(page, 'saved-views-menu-modified');
  await page.getByRole('menuitem', { name: 'Show everything (no view)' }).click();
  await expect(viewsButton(page)).toHaveText('Views');
  await expect(page.getByLabel('Overdue only')).not.toBeChecked();
  await expect(rfiTable(page).getByRole('columnheader', { name: 'Cost impact' })).toBeVisible();
  await chooseView(page, name);
  await expectOverdueView(page);
  await expect(modified(page)).toHaveCount(0);

  // The palette finds it by name and opens it.
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.getByRole('button', { name: /Open the command palette/ }).click();
  const search = page.getByRole('textbox', { name: 'Command palette: where to go' });
  await search.fill(name);
  const option = page.locator('[data-testid^="palette-view:"]', { hasText: name });
  await expect(option).toBeVisible({ timeout: 20_000 });
  await shot(page, 'saved-views-palette');
  await option.click();
  await expect(page).toHaveURL(/\/projects\/1\/rfis\/4\?/);
  await expect(viewsButton(page)).toHaveText(`View: ${name}`, { timeout: 20_000 });
  await expectOverdueView(page);

  // A link to a colleague (another browser: no saved views there) opens the same list, named.
  const link = page.url();
  const other = await signedInPage(browser, baseURL);
  try {
    await openRfis(other.page, link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(viewsButton(other.page)).toHaveText(`View: ${name}`, { timeout: 20_000 });
    await expect(other.page.getByText('from a link')).toBeVisible();
    await expectOverdueView(other.page);
  } finally {
    await other.context.close();
  }
});

test('signing out keeps the views; "Sign out and forget this browser" deletes them', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, seed.pm);
  await openRfis(page, `${RFIS}?overdue=1`);
  const name = unique('forget me');
  await saveAs(page, name);
  const listed = async () => {
    await openRfis(page);
    await expect(viewsButton(page)).toBeEnabled({ timeout: 20_000 });
    await viewsButton(page).click();
    // The menu is drawn from the store (the button is enabled once the views are read).
    await expect(page.getByRole('menuitem', { name: 'Save as…' })).toBeVisible();
    const count = await page.getByRole('menuitem', { name, exact: true }).count();
    await page.keyboard.press('Escape');
    return count;
  };

  // Signing out as usual: the view is there after signing in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, seed.pm);
  expect(await listed()).toBe(1);

  // From the palette, confirmed: signed out, and the view is gone.
  await page.getByRole('button', { name: /Open the command palette/ }).click();
  await page.getByRole('textbox', { name: 'Command palette: where to go' }).fill('forget');
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('palette-page:forget').click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, seed.pm);
  expect(await listed()).toBe(0);
});

test('RFI log: the views menu, the default view and print', async ({ page }) => {
  test.setTimeout(90_000);
  const name = unique('overdue print');
  await signIn(page, seed.pm);
  await openRfis(page);
  await setOverdueView(page);
  await saveAs(page, name);
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name: 'Open this list with this view' }).click();
  await viewsButton(page).click();
  await expect(page.getByRole('menuitem', { name }).getByText('default')).toBeVisible();
  await shot(page, 'saved-views-menu');
  await page.keyboard.press('Escape');

  // The list opened without state opens with its default view.
  await page.goto(RFIS);
  await expect(viewsButton(page)).toHaveText(`View: ${name}`, { timeout: 20_000 });
  await expectOverdueView(page);

  await page.emulateMedia({ media: 'print' });
  const header = page.getByTestId('print-header');
  await expect(header).toBeVisible();
  await expect(header).toContainText(name);
  await expect(header).toContainText(seed.project1.name);
  await expect(viewsButton(page)).toBeHidden();
  await shot(page, 'saved-views-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(header).toBeHidden();

  // No longer the default, by keyboard: Enter opens the menu on its first entry, End / ↑ / Home / ↓ move.
  await viewsButton(page).focus();
  await page.keyboard.press('Enter');
  const entries = page.getByTestId('views-menu').getByRole('menuitem');
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(entries.last()).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowUp');
  await expect(entries.last()).toBeFocused();
  await page.keyboard.press('Home');
  const unset = page.getByRole('menuitem', { name: 'No longer the default' });
  for (let i = 0; i < 12 && !(await unset.evaluate((e) => e === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(unset).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('views-menu')).toBeHidden();
  await expect(viewsButton(page)).toBeFocused();
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name: `Delete “${name}”` }).click();
  await expect(viewsButton(page)).toHaveText('Views');
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a saved view of the RFI log opens with no network', async ({ page, context }) => {
    test.setTimeout(120_000);
    const name = unique('offline overdue');
    await signIn(page, seed.pm);
    await openRfis(page);
    await waitForServiceWorker(page);
    await setOverdueView(page);
    await saveAs(page, name);
    const url = page.url();
    // Give the kept records a moment of idle time to be written, as a user does.
    await page.reload();
    await expectOverdueView(page);
    await context.setOffline(true);
    await page.goto(RFIS.replace('/rfis/4', ''));
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible({ timeout: 30_000 });
    await expect(viewsButton(page)).toHaveText(`View: ${name}`, { timeout: 20_000 });
    await expectOverdueView(page);
    await viewsButton(page).click();
    await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
    await context.setOffline(false);
  });
});

/** Saves the screen's state as a view, opens the list bare, chooses the view back: the state comes back. */
async function savesAndRestores(
  page: Page,
  bare: string,
  check: () => Promise<void>,
  unset: () => Promise<void>,
) {
  const name = unique('restore');
  await saveAs(page, name);
  await page.goto(bare);
  await expect(viewsButton(page)).toHaveText('Views', { timeout: 20_000 });
  await unset();
  await chooseView(page, name);
  await check();
  await expect(modified(page)).toHaveCount(0);
}

test('documents: a view saves and restores the filters, the sort and the columns chosen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, seed.pm);
  const folder = '/projects/1/folders/2';
  await page.goto(`${folder}?q=spec&sort=name&dir=desc`);
  const searchBox = page.getByRole('textbox', { name: 'Search' });
  await expect(searchBox).toHaveValue('spec', { timeout: 30_000 });
  const table = page.getByRole('region', { name: 'Documents table, scrollable' });
  const header = (name: string) => table.getByRole('columnheader', { name, exact: true });
  await expect(header('Size')).toHaveCount(1);
  // The Columns menu: Size hidden; the address carries the columns shown, in order.
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' }).or(page.locator('[aria-label="Columns"]'));
  // A click, then the address: the box is drawn again (unticked, last) once the router has the new address.
  await menu.getByRole('checkbox', { name: 'Size' }).click();
  await expect(page).toHaveURL(/cols=number%2CfileName%2Cupdated%2C/);
  await expect(menu.getByRole('checkbox', { name: 'Size' })).not.toBeChecked();
  await shot(page, 'saved-views-documents-columns');
  await page.keyboard.press('Escape');
  await expect(header('Size')).toHaveCount(0);
  await expect(header('File name')).toHaveCount(1);
  const shown = async () =>
    (await table.getByRole('columnheader').allTextContents()).map((t) => t.replace(/[▲▼]/g, '').trim());
  await expect
    .poll(shown)
    .toEqual([
      'Number',
      'File name',
      'Updated',
      'Status',
      'Type',
      'Discipline',
      'Issue',
      'Issue date',
      'CSI',
      'All files',
    ]);
  await page.reload();
  await expect(searchBox).toHaveValue('spec', { timeout: 30_000 });
  await expect(header('Size')).toHaveCount(0);
  await savesAndRestores(
    page,
    folder,
    async () => {
      await expect(searchBox).toHaveValue('spec');
      await expect(page).toHaveURL(/dir=desc/);
      await expect(header('Size')).toHaveCount(0);
      await expect(header('File name')).toHaveCount(1);
    },
    async () => {
      await expect(searchBox).toHaveValue('');
      await expect(header('Size')).toHaveCount(1);
    },
  );
});

test.describe('admins', () => {
  test('request log: a view saves and restores its query', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, seed.admin);
    await page.goto('/admin/request-log?UserAuthId=admin');
    const user = page.getByRole('textbox', { name: 'User', exact: true });
    await expect(user).toHaveValue('admin', { timeout: 30_000 });
    await savesAndRestores(
      page,
      '/admin/request-log',
      () => expect(user).toHaveValue('admin'),
      () => expect(user).toHaveValue(''),
    );
  });

  test('analytics: a view saves and restores the window and user', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, seed.admin);
    await page.goto('/admin/analytics?window=7d');
    const windowField = page.getByRole('combobox', { name: 'Window' });
    await expect(windowField).toHaveValue('Last 7 days', { timeout: 30_000 });
    await savesAndRestores(
      page,
      '/admin/analytics',
      () => expect(windowField).toHaveValue('Last 7 days'),
      () => expect(windowField).toHaveValue('Last hour'),
    );
  });
});

test('meeting minutes print with a print-only header: the meeting, the project and the day', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1/meetings/3400');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const header = page.getByTestId('print-header');
  await expect(header).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(header).toBeVisible();
  await expect(header).toContainText('Minutes · ');
  await expect(header).toContainText(seed.project1.name);
  await expect(header).toContainText(/Printed \w+/);
  await shot(page, 'saved-views-minutes-print');
});
