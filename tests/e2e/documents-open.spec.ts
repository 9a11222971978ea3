// A documents row opens its document (issue 22, item 4): the file name links the document's web address in a new
// tab, Enter on a focused row does the same, a row without one says why; at 1440 px the file name, size and
// updated columns are in view without scrolling sideways; at phone width the rows are cards.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboardFolder, openProject, seed, signIn } from './helpers';

test.describe.configure({ mode: 'serial' });
// A service of its own (the default session length): the documents added here would change the counts that
// folders.spec.ts checks on the shared service while both run.
test.use({
  serviceEnv: { SESSION_TTL_SECONDS: String(8 * 3600) },
  failOnPageErrors: true,
  viewport: { width: 1440, height: 900 },
});

function documentRows(page: Page) {
  return page.getByTestId('documents-scroll').locator('tbody tr[data-index]');
}

/** Opens project 1's Documents container from the dashboard (its id is not assumed). */
async function openDocuments(page: Page) {
  await openProject(page, seed.project1.id);
  // (CI once clicked the spot where the link had been, and nothing opened: see openDashboardFolder.)
  await openDashboardFolder(page, /^Documents/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByTestId('documents-count')).toHaveText(/^\d+ documents$/);
}

/**
 * Adds a document through the add-document dialog; returns the id the service gave it (operation 16's FileId)
 * and the path it stored it under.
 */
async function addDocument(page: Page, fileName: string, downloadUrl?: string) {
  await page.getByRole('button', { name: 'Add document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an external-drive document' });
  await dialog.getByRole('textbox', { name: 'File name' }).fill(fileName);
  await dialog.getByRole('textbox', { name: 'File size (bytes)' }).fill('1536');
  if (downloadUrl) await dialog.getByRole('textbox', { name: 'Download URL' }).fill(downloadUrl);
  const reply = page.waitForResponse((r) => /document\/extdrive\/add$/i.test(r.url()));
  await dialog.getByRole('button', { name: 'Add document' }).click();
  const body = (await (await reply).json()) as { fileId: number; filePath: string };
  await expect(dialog).toBeHidden();
  expect(body.fileId).toBeGreaterThan(0);
  return body;
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect(page.getByTestId('documents-count')).toHaveText(/^1 of \d+ documents$/);
}

test('a row with a web address opens it in a new tab, by the link and by Enter on the row', async ({
  page,
  baseURL,
}) => {
  // An address on the service's own origin, so the new tab really loads.
  const url = `${baseURL}/config.json`;
  const fileName = `E2E-OPEN-${Date.now()} Logistics.pdf`;
  await signIn(page, seed.pm);
  await openDocuments(page);
  const added = await addDocument(page, fileName, url);

  await search(page, fileName);
  const row = documentRows(page).first();
  // The row is the document the service created.
  await expect(row).toHaveAttribute('data-document-id', String(added.fileId));
  const link = row.getByRole('link', { name: fileName });
  await expect(link).toHaveAttribute('href', url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // Clicking the file name opens the address in a new tab.
  const opened = page.context().waitForEvent('page');
  await link.click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(url);
  await tab.close();

  // Enter on the focused row does the same.
  await row.focus();
  await expect(row).toBeFocused();
  const again = page.context().waitForEvent('page');
  await page.keyboard.press('Enter');
  const tab2 = await again;
  await tab2.waitForLoadState();
  expect(tab2.url()).toBe(url);
  await tab2.close();

  // The address is kept on this device: after a reload the row still links it.
  await page.reload();
  await expect(documentRows(page).first().getByRole('link', { name: fileName })).toHaveAttribute('href', url);
});

test('a row without a web address says why it cannot be opened', async ({ page }) => {
  await signIn(page, seed.pm);
  await openDocuments(page);

  // A seeded document: the document list of the interface carries no address, and this browser stored none.
  const row = documentRows(page).first();
  await expect(row.getByRole('link')).toHaveCount(0);
  await row.focus();
  await page.keyboard.press('Enter');
  const notice = page.getByTestId('document-open-notice');
  await expect(notice).toContainText('No link stored for this document');
  await expect(notice).toHaveAttribute('role', 'status');

  // A document added without a web address: the service's file path is kept, but it is not a web address.
  const fileName = `E2E-PATH-${Date.now()}.pdf`;
  const added = await addDocument(page, fileName);
  await search(page, fileName);
  const pathRow = documentRows(page).first();
  await expect(pathRow.getByRole('link')).toHaveCount(0);
  await pathRow.focus();
  await page.keyboard.press('Enter');
  await expect(notice).toContainText(`Stored at ${added.filePath}`);
  await expect(notice).toContainText('not a web address');
});

test('at 1440 px the file name, size and updated columns are in view without scrolling sideways', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  await openDocuments(page);
  const table = page.getByTestId('documents-scroll');
  const firstRow = documentRows(page).first();
  const cells = [
    ...['File name', 'Size', 'Updated'].map((name) =>
      table.getByRole('columnheader', { name: new RegExp(`^${name}`) }),
    ),
    firstRow.locator('td[data-column="fileName"]'),
    firstRow.locator('td[data-column="size"]'),
    firstRow.locator('td[data-column="updated"]'),
  ];
  for (const cell of cells) {
    await expect(cell).toBeInViewport();
    // Whole, side to side: inside the table's visible box and the window.
    const fits = await cell.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const box = el.closest('[data-testid="documents-scroll"]')!.getBoundingClientRect();
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.right <= window.innerWidth;
    });
    expect(fits).toBe(true);
  }
  expect(await table.evaluate((el) => el.scrollLeft)).toBe(0);
});

test('at phone width the documents are cards, without horizontal page scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, seed.pm);
  await openDocuments(page);
  const cards = page.getByTestId('documents-cards');
  await expect(cards).toBeVisible();
  await expect(page.getByTestId('documents-scroll').locator('table')).toHaveCount(0);
  const items = cards.locator('[data-index]');
  await expect(items.first()).toBeVisible();
  // Virtualised: only the cards in view (and a few around them) are in the page.
  expect(await items.count()).toBeLessThan(30);
  const first = items.first();
  await expect(first.getByText(/\d+(\.\d+)? (B|KB|MB|GB)/).first()).toBeVisible();
  await expect(first).toContainText('Updated');
  await expect(first).toContainText('Status');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
