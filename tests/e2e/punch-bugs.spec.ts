// Issue 22 against the real service: a pasted header row naming an unknown column says so, "Add row" appends and
// a paste never overwrites filled rows without asking, the focused cell never hides under the sticky "No."
// column, and the items created from this browser are listed after a reload (the interface cannot read them).
import { type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { seed, signIn } from './helpers';

const URL_PATH = '/projects/1/punch-list/5';

const grid = (page: Page) => page.getByRole('grid', { name: 'New punch-list items' });
const cell = (page: Page, column: string, row: number) =>
  grid(page).getByRole('textbox', { name: `${column}, row ${row}`, exact: true });

/** Serious or critical axe findings (WCAG 2 A/AA) in the parts named. */
function axe(page: Page, ...include: string[]) {
  return seriousViolations(page, { include });
}
async function openPunchList(page: Page, user = seed.pm) {
  await signIn(page, user);
  await page.goto(URL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Punch list' })).toBeVisible();
  // At phone width the one-item form comes first; the grid is one click away.
  const useGrid = page.getByRole('button', { name: 'Use the grid' });
  if ((page.viewportSize()?.width ?? 1280) < 576) await useGrid.click();
  await expect(grid(page)).toBeVisible();
}

/** Puts text on the clipboard and pastes it with the keyboard into the focused cell. */
async function paste(page: Page, target: Locator, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await target.focus();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+V');
}

test.use({ failOnPageErrors: true });

test('a pasted header row with an unknown column says which column was left out', async ({ page }) => {
  await openPunchList(page);
  const block = ['Summary\tFoo\tRoom', 'Loose handrail\tbolt it\t201', 'Chipped paint\tsand\t202'].join('\n');
  await paste(page, cell(page, 'Summary', 1), block);

  await expect(cell(page, 'Summary', 1)).toHaveValue('Loose handrail');
  await expect(cell(page, 'Room', 2)).toHaveValue('202');
  const warning = page.getByRole('alert').filter({ hasText: 'left out' });
  await expect(warning).toContainText("Column 'Foo' was not recognised and was left out");
  expect(await axe(page, '[role="alert"]')).toEqual([]);
  // The known names still go where they belong, through the import's mapping.
  await expect(cell(page, 'Description', 1)).toHaveValue('');

  // A paste without unknown columns clears the warning.
  await page.getByRole('button', { name: 'Add row' }).click();
  await paste(page, cell(page, 'Summary', 3), 'Summary\tRoom\nCracked tile\t203');
  await expect(cell(page, 'Room', 3)).toHaveValue('203');
  await expect(warning).toHaveCount(0);
});

test('"Add row" appends at the end, and a paste over filled rows asks first', async ({ page }) => {
  await openPunchList(page);
  await cell(page, 'Summary', 1).click();
  await page.keyboard.type('First filled row');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second filled row');

  // With the first row focused, "Add row" adds the row at the end and focuses its first cell.
  await cell(page, 'Summary', 1).click();
  await page.getByRole('button', { name: 'Add row' }).click();
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '4'); // header + 3 rows
  await expect(cell(page, 'Summary', 3)).toBeFocused();
  await expect(cell(page, 'Summary', 2)).toHaveValue('Second filled row');

  // A paste into the new row overwrites nothing.
  await paste(page, cell(page, 'Summary', 3), 'Pasted one\t\nPasted two\t');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cell(page, 'Summary', 1)).toHaveValue('First filled row');
  await expect(cell(page, 'Summary', 2)).toHaveValue('Second filled row');
  await expect(cell(page, 'Summary', 3)).toHaveValue('Pasted one');
  await expect(cell(page, 'Summary', 4)).toHaveValue('Pasted two');

  // Pasting over filled rows asks; Cancel leaves them as they were.
  await paste(page, cell(page, 'Summary', 1), 'Replacement A\nReplacement B');
  const dialog = page.getByRole('dialog', { name: 'Replace 2 filled rows?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add as new rows' })).toBeFocused();
  expect(await axe(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(page, 'Summary', 1)).toHaveValue('First filled row');
  await expect(cell(page, 'Summary', 2)).toHaveValue('Second filled row');

  // "Add as new rows" puts the block after the last filled row.
  await paste(page, cell(page, 'Summary', 1), 'Replacement A\nReplacement B');
  await dialog.getByRole('button', { name: 'Add as new rows' }).click();
  await expect(cell(page, 'Summary', 1)).toHaveValue('First filled row');
  await expect(cell(page, 'Summary', 5)).toHaveValue('Replacement A');
  await expect(cell(page, 'Summary', 6)).toHaveValue('Replacement B');

  // "Replace" writes over them.
  await paste(page, cell(page, 'Summary', 1), 'Replacement A\nReplacement B');
  await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(cell(page, 'Summary', 1)).toHaveValue('Replacement A');
  await expect(cell(page, 'Summary', 2)).toHaveValue('Replacement B');
  await expect(cell(page, 'Summary', 3)).toHaveValue('Pasted one');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const LABELS = [
    'Summary',
    'Description',
    'Site',
    'Building',
    'Floor',
    'Room',
    'Due date',
    'Status',
    'Responsible parties',
    'CC',
    'Cost impact',
    'Cost',
    'Reference',
    'Drawing',
    'Drawing detail',
  ];
  // By its label: Status is a combobox (it suggests the statuses), the others are text boxes.
  const at = (page: Page, col: number) => grid(page).locator(`[aria-label="${LABELS[col]}, row 1"]`);

  /** The key moved the focus to the column expected, and the cell is clear of the sticky "No." column. */
  async function expectClear(page: Page, col: number) {
    await expect(at(page, col)).toBeFocused();
    const box = await at(page, col).boundingBox();
    const head = await grid(page).getByRole('rowheader', { name: 'Row 1', exact: true }).boundingBox();
    expect(box!.x, `${LABELS[col]} starts after the "No." column`).toBeGreaterThanOrEqual(
      head!.x + head!.width - 1,
    );
  }

  test('a cell reached by arrow keys or Tab is never under the sticky "No." column', async ({ page }) => {
    await openPunchList(page);
    await at(page, 0).click();
    for (let col = 1; col < LABELS.length; col++) {
      await page.keyboard.press('ArrowRight');
      await expectClear(page, col);
    }
    for (let col = LABELS.length - 2; col >= 0; col--) {
      await page.keyboard.press('ArrowLeft');
      await expectClear(page, col);
    }
    await at(page, LABELS.length - 1).focus();
    for (let col = LABELS.length - 2; col >= 0; col--) {
      await page.keyboard.press('Shift+Tab');
      await expectClear(page, col);
    }
  });

  test('quick arrow keys across the row never lose a move', async ({ page }) => {
    // The focus used to be taken back by an earlier render's effect while the grid scrolled, so a key was lost.
    await openPunchList(page);
    await at(page, 0).click();
    for (let round = 0; round < 4; round++) {
      for (let col = 1; col < LABELS.length; col++) {
        await page.keyboard.press('ArrowRight');
        await expect(at(page, col)).toBeFocused({ timeout: 2000 });
      }
      for (let col = LABELS.length - 2; col >= 0; col--) {
        await page.keyboard.press('ArrowLeft');
        await expect(at(page, col)).toBeFocused({ timeout: 2000 });
      }
    }
  });
});

test('items created here are listed as "created from this browser" after a reload', async ({ page }) => {
  await openPunchList(page);
  const stamp = Date.now().toString(36);
  await paste(
    page,
    cell(page, 'Summary', 1),
    [`Browser list one ${stamp}\t\t\t\t\t301`, `Browser list two ${stamp}\t\t\t\t\t302`].join('\n'),
  );
  await page.getByRole('button', { name: 'Create 2 items' }).click();
  await expect(grid(page).getByRole('rowheader', { name: /created as number/ })).toHaveCount(2);

  await page.reload();
  const section = page.getByRole('region', { name: 'Created from this browser' });
  await expect(section).toContainText('cannot read punch-list items back');
  const table = section.getByRole('table');
  await expect(table.getByRole('row', { name: new RegExp(`Browser list one ${stamp}`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`Browser list two ${stamp}`) })).toContainText(
    '302',
  );
  // pm is no admin: no link to the request log.
  await expect(section.getByRole('link', { name: /request log/ })).toHaveCount(0);
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') {
      await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
      await page.reload();
    }
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
    await expect(table).toBeVisible();
    expect(await axe(page, '[aria-labelledby="punch-created-here"]'), mode).toEqual([]);
  }
});

test('an admin gets a link to the punch-list writes in the request log', async ({ page }) => {
  await openPunchList(page, seed.admin);
  const section = page.getByRole('region', { name: 'Created from this browser' });
  await expect(section.getByText('Nothing has been created from this browser')).toBeVisible();
  const link = section.getByRole('link', { name: /request log/ });
  await expect(link).toHaveAttribute(
    'href',
    '/admin/request-log?PathInfo=%2Fapi%2Finternal%2Fpunchlist%2Fcreatemany',
  );
  await link.click();
  await expect(page).toHaveURL(/\/admin\/request-log\?PathInfo=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
});

test('a submittal package says the interface cannot read it back, and as of when its values are', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1/submittals/6/1100'); // a package no other spec changes
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  // Before a save: the limit, and that nothing has been seen.
  await expect(
    page.getByRole('status').filter({ hasText: 'Some values have not been seen yet' }),
  ).toContainText('The interface cannot read a package back');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Notes').fill(`Seen from this browser ${Date.now()}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
  const asOf = page.getByText(/^The interface cannot read a package back/);
  await expect(asOf).toContainText(/Values as the service returned them after your last save/);
  await expect(asOf).toContainText(/as of \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);

  // After a reload the same reply, with the same time.
  const before = await asOf.textContent();
  await page.reload();
  await expect(asOf).toHaveText(before!);
});
