import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboardFolder, openProject, seed, shot, signIn } from './helpers';

// Seeded ids (server/db/seed.ts seedIds): project 1's Documents container, its read-only and empty folders.
const DOCUMENTS = 2;
const OWNER_CONTRACTS = 11;
const EMPTY = 18;

// Tests in this file share one service; the rename runs last so the others see the seeded names.
test.describe.configure({ mode: 'serial' });

function documentRows(page: Page) {
  return page.getByTestId('documents-scroll').locator('tbody tr[data-index]');
}

/** Text of one column (1-based) of the rendered rows. */
async function columnTexts(page: Page, column: number): Promise<string[]> {
  return documentRows(page).locator(`td:nth-child(${column})`).allInnerTexts();
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r') continue;
    else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test.describe(() => {
  test.use({ failOnPageErrors: true });

  test('documents folder from the dashboard: sort, filter, URL state after reload, CSV export', async ({
    page,
  }) => {
    await signIn(page, seed.pm);
    await openProject(page, seed.project1.id);
    await openDashboardFolder(page, /^Documents/);
    await expect(page).toHaveURL(new RegExp(`/projects/1/folders/${DOCUMENTS}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: seed.project1.name })).toBeVisible();
    await expect(crumbs.getByText('Documents', { exact: true })).toBeVisible();

    const count = page.getByTestId('documents-count');
    await expect(count).toHaveText(/^\d+ documents$/);
    const total = Number((await count.innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(200);
    // Virtualised: far fewer rows in the DOM than documents.
    expect(await documentRows(page).count()).toBeLessThan(60);
    await shot(page, 'folders-documents');

    // Sort by number, descending.
    const table = page.getByTestId('documents-scroll');
    await table.getByRole('button', { name: 'Number' }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(table.getByRole('columnheader', { name: /Number/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const numbers = await columnTexts(page, 1);
    const sortedDesc = [...numbers].sort((a, b) =>
      b.localeCompare(a, undefined, { numeric: true, sensitivity: 'base' }),
    );
    expect(numbers).toEqual(sortedDesc);

    // Filter by status (names from operation 17).
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Approved', exact: true }).click();
    await expect(page).toHaveURL(/status=3/);
    await expect(count).toHaveText(new RegExp(`^\\d+ of ${total} documents$`));
    const statusTexts = await columnTexts(page, 5);
    expect(statusTexts.length).toBeGreaterThan(0);
    expect(new Set(statusTexts)).toEqual(new Set(['Approved']));
    const filteredCount = Number((await count.innerText()).split(' of ')[0].replace(/\D/g, ''));

    // Reload: the state comes back from the URL.
    const url = page.url();
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(count).toHaveText(`${filteredCount} of ${total} documents`);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Approved');
    await expect(table.getByRole('columnheader', { name: /Number/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(new Set(await columnTexts(page, 5))).toEqual(new Set(['Approved']));
    await shot(page, 'folders-documents-filtered');

    // Export: the CSV holds exactly the filtered rows, in the table's order.
    const firstNumbers = await columnTexts(page, 1);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''));
    expect(csv[0]).toEqual([
      'Number',
      'Discipline',
      'CSI',
      'Type',
      'Status',
      'Issue',
      'Issue date',
      'File name',
      'Size (bytes)',
      'All files (bytes)',
      'Updated',
    ]);
    const body = csv.slice(1);
    expect(body).toHaveLength(filteredCount);
    expect(new Set(body.map((r) => r[4]))).toEqual(new Set(['Approved']));
    expect(body.slice(0, firstNumbers.length).map((r) => r[0])).toEqual(firstNumbers);
    for (const r of body) expect(r[6]).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);

    // A text filter narrows further and is kept in the URL too.
    const one = firstNumbers[0];
    await page.getByRole('textbox', { name: 'Search' }).fill(one);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(one).replace(/%20/g, '(%20|\\+)')}`));
    await expect(documentRows(page).first().locator('td').first()).toHaveText(one);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(count).toHaveText(`${total} documents`);
  });
});

test('sub folders open in the browser; breadcrumbs, tree, back and forward', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto(`/projects/1/folders/${DOCUMENTS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const subFolders = page.locator('section[aria-labelledby="folder-subfolders"]');
  await subFolders.getByRole('link', { name: 'Specifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Specifications' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link', { name: 'Documents' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: seed.project1.name })).toBeVisible();

  // The tree has the path open and marks the current folder.
  const tree = page.getByRole('tree', { name: 'Project folders' });
  await expect(tree.getByRole('link', { name: 'Specifications' })).toHaveAttribute('aria-current', 'page');
  // A closed branch loads its children when opened.
  await tree.getByRole('button', { name: 'Expand Meetings' }).click();
  await expect(tree.getByRole('treeitem', { name: 'Meetings' }).getByRole('group')).toBeVisible();
  await shot(page, 'folders-tree');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Specifications' })).toBeVisible();
  await crumbs.getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
});

test('add an external-drive document and find it in the list', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto(`/projects/1/folders/${DOCUMENTS}`);
  await expect(page.getByTestId('documents-count')).toHaveText(/^\d+ documents$/);
  const before = Number((await page.getByTestId('documents-count').innerText()).replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Add document' }).click();
  await expect(page).toHaveURL(/add=document/);
  const dialog = page.getByRole('dialog', { name: 'Add an external-drive document' });
  await expect(dialog.getByRole('combobox', { name: 'Folder' })).toHaveValue(/Documents \(this folder\)/);

  const fileName = 'E2E-777 Site Logistics Plan.pdf';
  await dialog.getByRole('textbox', { name: 'File name' }).fill(fileName);
  await dialog.getByRole('textbox', { name: 'File size (bytes)' }).fill('2621440');
  await expect(dialog.getByText('2.5 MB')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Download URL' }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add document' }).click();
  await expect(dialog.getByText('Enter a full web address starting with http:// or https://.')).toBeVisible();
  await shot(page, 'folders-add-document-invalid');

  await dialog.getByRole('textbox', { name: 'Download URL' }).fill('https://drive.example.com/files/e2e-777');
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'For Review', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Issue', exact: true }).fill('Rev 0');
  await dialog.getByLabel('Issue date').fill('2026-10-15');
  await dialog.getByRole('button', { name: 'Add document' }).click();
  await expect(dialog).toBeHidden();

  const notice = page.getByRole('status').filter({ hasText: `Added “${fileName}”` });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/File id \d+ · folder id 2/);
  await expect(notice).toContainText(`Path: /${seed.project1.name}/Documents/${fileName}`);
  await expect(notice.getByRole('link', { name: 'Download' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByTestId('documents-count')).toHaveText(`${before + 1} documents`);

  await page.getByRole('textbox', { name: 'Search' }).fill('E2E-777');
  await expect(page.getByTestId('documents-count')).toHaveText(`1 of ${before + 1} documents`);
  const row = documentRows(page).first();
  await expect(row.locator('td').nth(0)).toHaveText('E2E-777 Site Logistics Plan');
  await expect(row.locator('td').nth(4)).toHaveText('For Review');
  await expect(row.locator('td[data-column="fileName"]')).toHaveText(fileName);
  await expect(row.locator('td[data-column="size"]')).toHaveText('2.5 MB');
  await shot(page, 'folders-add-document-done');
});

test('a read-only folder refuses editing', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto(`/projects/1/folders/${OWNER_CONTRACTS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Owner Contracts' })).toBeVisible();
  await expect(page.getByText('Read-only', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add document' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/folders/${OWNER_CONTRACTS}/edit$`));
  await expect(page.getByText('You may not change this folder.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await shot(page, 'folders-read-only');
});

test('empty, not-found and failing folders each say so', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto(`/projects/1/folders/${EMPTY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Archive (empty)' })).toBeVisible();
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await shot(page, 'folders-empty');

  await page.goto('/projects/1/folders/987654');
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await shot(page, 'folders-not-found');

  // The service fails the documents read: the section says so and offers to try again.
  let fail = true;
  await page.route('**/api/internal/document/documentsreadInfolder', async (route) => {
    if (!fail) return route.continue();
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        errorOccured: true,
        uiErrorMessage: 'The database is unavailable.',
        responseStatus: { errorCode: 'ServerError' },
      }),
    });
  });
  await page.goto(`/projects/1/folders/${DOCUMENTS}`);
  await expect(page.getByText('The documents could not be loaded')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('The database is unavailable.')).toBeVisible();
  await shot(page, 'folders-error');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('documents-count')).toHaveText(/^\d+ documents$/);
});

test('a field error from the service is shown at its field, and nothing typed is lost', async ({ page }) => {
  await signIn(page, seed.pm);
  // The reference service accepts every name the form lets through, so its answer to a refused name is
  // played here (the shape of its 400 replies: errors[] by the request's property path).
  await page.route('**/api/internal/folder/update', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        errorOccured: true,
        uiErrorMessage: 'Some fields are not valid.',
        responseStatus: {
          errorCode: 'Duplicate',
          message: 'Some fields are not valid.',
          errors: [
            {
              errorCode: 'Duplicate',
              fieldName: 'folder.folderName',
              message: 'A folder of this name exists.',
            },
          ],
        },
      }),
    }),
  );
  await page.goto(`/projects/1/folders/12/edit`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Specifications');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('A folder of this name exists.')).toBeVisible();
  await expect(name).toHaveValue('Specifications');
  await expect(page).toHaveURL(/\/folders\/12\/edit$/);
  await shot(page, 'folders-field-error');
});

test('closing the tab with unsaved changes asks first (beforeunload)', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto(`/projects/1/folders/12/edit`);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Permits, cards, sign-offs and the fire marshal');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const d = await dialog;
  expect(d.type()).toBe('beforeunload');
  await d.dismiss();
  expect(page.isClosed()).toBe(false);
});

test('rename a folder: unsaved-changes warning, field check, new name after reload and in the breadcrumbs', async ({
  page,
}) => {
  await signIn(page, seed.admin);
  await page.goto(`/projects/1/folders/${DOCUMENTS}`);
  await page.getByRole('link', { name: 'Edit folder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Documents' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Documents');

  await name.fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();

  await name.fill('Project Documents');
  // Leaving asks first; staying keeps what was typed.
  await page
    .getByRole('navigation', { name: 'Breadcrumbs' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const warn = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(warn).toBeVisible();
  await shot(page, 'folders-unsaved-warning');
  await warn.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(warn).toBeHidden();
  await expect(name).toHaveValue('Project Documents');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/1/folders/${DOCUMENTS}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Project Documents' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Project Documents' })).toBeVisible();

  // A sub folder's breadcrumbs show the new name of its parent.
  await page
    .locator('section[aria-labelledby="folder-subfolders"]')
    .getByRole('link', { name: 'Permits & Inspections' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Permits & Inspections' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Project Documents' }),
  ).toBeVisible();
  await shot(page, 'folders-renamed');
});
