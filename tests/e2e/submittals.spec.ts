import { type Page, type Request } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { openDashboardFolder, openProject, seed, shot as fullShot, signIn } from './helpers';
import { holdRequests } from './waves';

// Seed facts (server/db/seed.ts, docs/service-domain.md): project 1's submittals container is folder 6; package i
// is folder 1000 + 100·i with its items right after it. 1200 'Structural Steel Shop Drawings' has 5 items,
// 1300 'TPO Roofing System' (Submitted, pending) 3, 1900 'Panelboards' (Draft, no notes) 2. No package is
// read-only for `pm` in the seed. Each test changes its own package so the tests do not disturb each other.
const CONTAINER = 6;
const packageUrl = (folderId: number) => `/projects/1/submittals/${CONTAINER}/${folderId}`;

/** Screenshots from the top of the page (a filled field further down leaves the page scrolled). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

function field(page: Page, label: string) {
  return page
    .locator('dt', { hasText: new RegExp(`^${label}$`, 'i') })
    .locator('xpath=following-sibling::dd[1]');
}

async function openPackage(page: Page, folderId: number) {
  await page.goto(packageUrl(folderId));
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
}

test.describe(() => {
  test.use({ failOnPageErrors: true });

  test('from the dashboard: open a package, see its files, change status and notes, save, reload', async ({
    page,
  }) => {
    await signIn(page, seed.pm);
    await openProject(page, seed.project1.id);
    await openDashboardFolder(page, /Submittals/);
    await expect(page).toHaveURL(new RegExp(`/projects/1/submittals/${CONTAINER}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Submittals' })).toBeVisible();
    const list = page.getByRole('table', { name: 'Submittal packages' });
    await expect(list.locator('tbody tr')).toHaveCount(10);
    const row = list.locator('tr[data-package="1300"]');
    await expect(row.getByText('not seen')).toHaveCount(3);
    await shot(page, 'submittals-list');

    await row.getByRole('link', { name: 'TPO Roofing System' }).click();
    await expect(page).toHaveURL(new RegExp(`${packageUrl(1300)}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'TPO Roofing System' })).toBeVisible();
    // Before any save the screen says what it has not seen, instead of showing blanks.
    await expect(
      page.getByRole('status').filter({ hasText: 'Some values have not been seen yet' }),
    ).toBeVisible();
    await expect(field(page, 'Status')).toHaveText('Not seen yet');
    await expect(page.getByRole('note', { name: 'Ball in court' })).toContainText('Not seen yet');
    await expect(page.getByRole('group', { name: 'Items', exact: true })).toContainText('3');

    // The attachments of each item, in a table each.
    const items = page.getByRole('region', { name: 'Items and attachments' });
    const tables = items.getByRole('table');
    await expect(tables).toHaveCount(3);
    await expect(tables.first().locator('tbody tr').first()).toBeVisible();
    const links = items.locator('a[href^="https://"]');
    expect(await links.count()).toBeGreaterThan(0);
    await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer');
    // A path that is not a URL is shown, not linked.
    expect(await items.locator('a[href^="/uploads"]').count()).toBe(0);
    await expect(items.getByText(/^Stored at \/uploads\//).first()).toBeVisible();
    await expect(items.getByText(/\d+(\.\d)? (KB|MB)$/).first()).toBeVisible();
    await expect(page.getByText('/Date(')).toHaveCount(0);
    await shot(page, 'submittals-package-unseen');

    await page.getByRole('button', { name: 'Edit' }).click();
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.click();
    await page.getByRole('option', { name: 'Approved as Noted' }).click();
    const notes = 'Approved as noted: field-verify curb heights before fabrication.';
    await page.getByLabel('Notes').fill(notes);
    await shot(page, 'submittals-editor');

    const saved = page.waitForResponse((r) => r.url().includes('/submittal/Update'));
    await page.getByRole('button', { name: 'Save' }).click();
    const reply = (await (await saved).json()) as {
      submittal: { status: string; notes: string; number: string; countTotalItems: number };
    };
    expect(reply.submittal.status).toBe('Approved as Noted');
    expect(reply.submittal.notes).toBe(notes);

    // The reply's values: status, notes, the number, counts and who holds the ball.
    await expect(page.getByTestId('package-status')).toHaveText('Approved as Noted');
    await expect(page.getByTestId('package-notes')).toHaveText(notes);
    await expect(field(page, 'Number')).toHaveText(reply.submittal.number);
    await expect(page.getByRole('note', { name: 'Ball in court' })).toContainText('Nobody');
    await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
    await expect(page.getByRole('group', { name: 'Open items' })).not.toContainText('Not seen');
    await expect(page.getByText('Some values have not been seen yet')).toHaveCount(0);
    await expect(page.getByText(/Values as the service returned them after your last save/)).toBeVisible();
    await shot(page, 'submittals-package-saved');

    await page.reload();
    await expect(page.getByTestId('package-status')).toHaveText('Approved as Noted');
    await expect(page.getByTestId('package-notes')).toHaveText(notes);
    await expect(field(page, 'Number')).toHaveText(reply.submittal.number);

    // The list shows what the last reply said.
    await page.getByRole('link', { name: '← All submittals' }).click();
    await expect(list.locator('tr[data-package="1300"]')).toContainText('Approved as Noted');
    await expect(list.locator('tr[data-package="1300"]')).toContainText(reply.submittal.number);
  });
});

test("the package screen's independent reads go out in parallel", async ({ page }) => {
  await signIn(page, seed.pm);
  const body = (r: Request) => (r.postDataJSON() ?? {}) as Record<string, number>;
  // The package folder and its items need only the id: both are asked for while the other is held.
  const first = await holdRequests(
    page,
    /\/folder\/(get|readissuefolder)$/,
    (r) => body(r).folderId === 1200 || body(r).folderParentId === 1200,
  );
  // The items' files need the items, then go out together: all five are asked for while each is held.
  const files = await holdRequests(page, /\/submittalitem\/readattachments$/);
  await page.goto(packageUrl(1200), { waitUntil: 'commit' });
  await first.waitFor(/\/folder\/get$/, /\/folder\/readissuefolder$/);
  expect(files.seen).toEqual([]);
  await first.passThrough();
  await expect.poll(() => files.seen.length).toBe(5);
  await files.passThrough();
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items and attachments' }).getByRole('table')).toHaveCount(5);
  expect(files.seen.map((r) => body(r).folderId).sort()).toEqual([1201, 1202, 1203, 1204, 1205]);
});

test('missing optional fields render as clear empty states', async ({ page }) => {
  await signIn(page, seed.pm);
  // A deployment may omit any field: the second item answers with no files, the first with a bare file.
  await page.route('**/submittalitem/readattachments', async (route) => {
    const { folderId } = JSON.parse(route.request().postData() ?? '{}') as { folderId: number };
    const attachmentList = folderId === 1901 ? [{ attachmentFileId: 1 }] : [];
    await route.fulfill({ json: { attachmentList, errorOccured: false } });
  });
  await openPackage(page, 1900);
  const items = page.getByRole('region', { name: 'Items and attachments' });
  await expect(items.getByText('Nothing is attached to this item.')).toBeVisible();
  const bare = items.locator('tr[data-attachment="1"]');
  await expect(bare).toContainText('File 1');
  await expect(bare).toContainText('No description');
  await expect(bare.locator('a')).toHaveCount(0);
  await expect(page.getByTestId('package-notes')).toHaveCount(0);
  await expect(field(page, 'Notes')).toHaveCount(0);

  // After a save, fields the reply leaves out (no notes for this package) say so plainly.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Reference').fill('Spec 26 24 16 (rev)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('package-notes')).toHaveText('No notes.');
  await expect(field(page, 'Reference')).toHaveText('Spec 26 24 16 (rev)');
  await expect(field(page, 'Status')).toHaveText('Draft');
  await shot(page, 'submittals-empty-states');
});

test("an item's files that cannot be read say so in place, while loading and after, and can be retried", async ({
  page,
}) => {
  await signIn(page, seed.pm);
  let failing = true;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/submittalitem/readattachments', async (route) => {
    const { folderId } = JSON.parse(route.request().postData() ?? '{}') as { folderId: number };
    if (folderId === 1802 && failing) {
      await held;
      await route.fulfill({
        status: 500,
        json: { errorOccured: true, uiErrorMessage: 'The file store did not answer.' },
      });
      return;
    }
    await route.continue();
  });
  await openPackage(page, 1800);
  const items = page.getByRole('region', { name: 'Items and attachments' });
  // The other item's files arrive at once; the held item's stay loading (one loader left, in view).
  await expect(items.getByLabel(/^Loading the files of/)).toHaveCount(1);
  await expect(items.getByLabel(/^Loading the files of/)).toBeVisible();
  await expect(items.getByRole('table')).toHaveCount(1);
  await shot(page, 'submittals-files-loading');
  release();
  // Reads are retried on 5xx before the error shows (policy of src/app/queryClient.ts).
  await expect(items.getByText('The file store did not answer.')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'submittals-files-error');
  failing = false;
  await items.getByRole('button', { name: 'Try again' }).click();
  await expect(items.getByRole('table')).toHaveCount(2);
});

test('bad input is refused at the field, and the service field errors show there too', async ({ page }) => {
  await signIn(page, seed.pm);
  await openPackage(page, 1400);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Due date from sub').fill('02/30/2026');
  await page.getByLabel('Description').fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Enter a date as MM/DD/YYYY (or YYYY-MM-DD), or leave it empty.'),
  ).toBeVisible();
  await expect(page.getByText('Enter the description.')).toBeVisible();
  await expect(page.getByLabel('Description')).toBeFocused();
  await shot(page, 'submittals-validation');

  // What the service refuses (here a status it does not know, put in the request on its way) shows at the field.
  await page.getByLabel('Description').fill('Hollow Metal Doors and Frames');
  await page.getByLabel('Due date from sub').fill('11/30/2026');
  await page.route('**/submittal/Update', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { submittal: Record<string, unknown> };
    body.submittal.status = 'Lost in the mail';
    await route.continue({ postData: JSON.stringify(body) });
  });
  const refused = page.waitForResponse((r) => r.url().includes('/submittal/Update'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByText(/Status must be one of/)).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByLabel('Due date from sub')).toHaveValue('11/30/2026');
  await shot(page, 'submittals-service-field-error');
});

test('leaving with unsaved changes asks first', async ({ page }) => {
  await signIn(page, seed.pm);
  await openPackage(page, 1500);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Notes').fill('Typed but not saved');
  await page.getByRole('link', { name: '← All submittals' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await shot(page, 'submittals-unsaved');
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Notes')).toHaveValue('Typed but not saved');
  await page.getByRole('link', { name: '← All submittals' }).click();
  await page.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/1/submittals/${CONTAINER}$`));
});

test('a package the user may not modify cannot be edited', async ({ page }) => {
  // The seed has no read-only package for `pm`; the folder read is answered as a deployment would for one.
  await signIn(page, seed.pm);
  await page.route('**/folder/get', async (route) => {
    const { folderId } = JSON.parse(route.request().postData() ?? '{}') as { folderId: number };
    const response = await route.fetch();
    const json = (await response.json()) as { folder?: Record<string, unknown> };
    if (folderId === 1600 && json.folder) json.folder.userCanModify = false;
    await route.fulfill({ response, json });
  });
  await openPackage(page, 1600);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(page.getByText('You can read this package but not change it.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit submittal package' })).toHaveCount(0);
  await shot(page, 'submittals-read-only');
});

/** The screen's own content; colour contrast is the theme's (a11y.spec.ts scans every screen for it). */
function ownViolations(page: Page) {
  return seriousViolations(page, { include: ['#main-content'], disable: ['color-contrast'] });
}

test('the list, the package and its editor pass an accessibility scan', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto(`/projects/1/submittals/${CONTAINER}`);
  await expect(page.getByRole('table', { name: 'Submittal packages' })).toBeVisible();
  expect(await ownViolations(page)).toEqual([]);
  await openPackage(page, 1700);
  await expect(page.getByRole('region', { name: 'Items and attachments' }).getByRole('table')).toHaveCount(4);
  expect(await ownViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: 'Edit submittal package' })).toBeVisible();
  expect(await ownViolations(page)).toEqual([]);
});
