// Record history (issue 18, part 3): an admin's History tab on an RFI, a folder, a submittal package and a
// punch-list container lists the write requests that touched it from the request log, newest first, with a field
// diff and the failed attempts; staff get no tab and no request. An axe scan of the tab, light and dark.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

// A service of its own: its request log holds only this spec's writes, and the edits disturb no other spec.
test.use({ serviceEnv: { SPEC: 'history' }, failOnPageErrors: true });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

// Seed facts (server/db/seed.ts): RFI-002 is folder 102 in container 4; submittal package 1 is folder 1000 in
// container 6; the punch list is container 5; the documents folder is 2.
const RFI = '/projects/1/rfis/4/102';

async function apiSession(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/internal/authenticateuser', { data: seed.admin });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { authSessionKey: string }).authSessionKey;
}

async function post(request: APIRequestContext, path: string, data: object, status = 200) {
  const res = await request.post(path, { data });
  expect(res.status(), await res.text()).toBe(status);
}

const entries = (page: Page) =>
  page.getByRole('list', { name: 'Changes, newest first' }).getByRole('article');

/** The diff row of a field in an entry: its cells' texts. */
async function fieldRow(entry: Locator, field: string): Promise<string[]> {
  const row = entry.getByRole('row').filter({ hasText: field });
  await expect(row).toHaveCount(1);
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
}

async function openHistory(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/[?&]tab=history/);
  await expect(page.getByText('Reading the request log…')).toHaveCount(0, { timeout: 20_000 });
}

test('an RFI edited twice in the console and refused once lists its writes, newest first, with the diff', async ({
  page,
  request,
}) => {
  await signIn(page, seed.admin);
  await page.goto(RFI);
  await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();
  const subject = page.getByLabel('Subject');

  await page.getByRole('button', { name: 'Edit' }).click();
  const original = await subject.inputValue();
  await subject.fill('History e2e: first subject');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History e2e: first subject' })).toBeVisible();
  // The "Saved" toast sits over the Edit button (top right), and a pointer resting on it holds it open: move the
  // pointer away and let it go, as a user would.
  await page.mouse.move(5, 500);
  await expect(page.getByRole('alert').filter({ hasText: 'was saved' })).toBeHidden();

  await page.getByRole('button', { name: 'Edit' }).click();
  await subject.fill('History e2e: second subject');
  await page.getByLabel('Room').fill('Stair 2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History e2e: second subject' })).toBeVisible();

  // A refused write through the API: a status the service does not know.
  const key = await apiSession(request);
  await post(
    request,
    '/api/internal/openissue/update',
    { authSessionKey: key, openIssue: { folderId: 102, statusId: 999 } },
    400,
  );
  // Another RFI's write is not this one's history.
  await post(request, '/api/internal/openissue/update', {
    authSessionKey: key,
    openIssue: { folderId: 103, subject: 'Not RFI-002' },
  });

  await page.getByRole('tab', { name: 'History' }).click();
  const list = entries(page);
  await expect(list).toHaveCount(3);
  await expect(page.getByText(/3 requests, 1 failed/)).toBeVisible();

  const [failed, second, first] = [list.nth(0), list.nth(1), list.nth(2)];
  await expect(failed).toHaveAttribute('data-failed', 'true');
  await expect(failed.getByText('Failed · 400', { exact: true })).toBeVisible();
  await expect(failed).toContainText('InvalidValue');
  await expect(failed).toContainText('openIssue.statusId');
  await expect(failed).toContainText('Attempted, not saved');
  expect(await fieldRow(failed, 'Status id')).toEqual(['Status id statusId', 'Set', 'not in the log', '999']);
  await expect(failed).toContainText('by admin');

  await expect(second.getByText('Saved · 200', { exact: true })).toBeVisible();
  expect(await fieldRow(second, 'Subject')).toEqual([
    'Subject subject',
    'Changed',
    'History e2e: first subject',
    'History e2e: second subject',
  ]);
  expect(await fieldRow(second, 'Location room')).toEqual([
    'Location room locationRoom',
    'Set',
    'not in the log',
    'Stair 2',
  ]);
  await expect(second).toContainText(/from 127\.0\.0\.1/);

  await expect(first).toContainText('Fields as sent');
  expect(await fieldRow(first, 'Subject')).toEqual(['Subject subject', 'History e2e: first subject']);
  expect(original).not.toBe('History e2e: first subject');
  await shot(page, 'history-rfi');

  // Each entry opens in the request-log explorer.
  const link = second.getByRole('link', { name: /^Request #\d+$/ });
  const id = (await link.textContent())!.replace('Request #', '');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/request-log\\?Ids=${id}&entry=${id}$`));
  await expect(page.getByTestId('entry-detail')).toBeVisible();

  // Back on the RFI, Edit goes to the details (the editor) from the History tab.
  await page.goto(`${RFI}?tab=history`);
  await expect(entries(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();
  await expect(subject).toBeVisible();
});

test('a folder, a submittal package and a punch list show theirs', async ({ page, request }) => {
  const key = await apiSession(request);
  await post(request, '/api/internal/folder/update', {
    authSessionKey: key,
    folder: { folderId: 2, folderDescription: 'All documents' },
  });
  await post(request, '/api/internal/folder/update', {
    authSessionKey: key,
    folder: { folderId: 2, folderDescription: 'All documents and letters' },
  });
  await post(request, '/api/internal/submittal/Update', {
    authSessionKey: key,
    submittal: { folderId: 1000, notes: 'Resubmit with mix 3' },
  });
  await post(request, '/json/reply/PunchListCreateManyRequest', {
    authSessionKey: key,
    punchlistList: [
      { folderParentId: 5, projectId: 1, summary: 'Touch up paint at door 101', locationBuilding: 'MOB' },
      { folderParentId: 5, projectId: 1, summary: 'Replace cracked tile' },
    ],
  });

  await signIn(page, seed.admin);

  await openHistory(page, '/projects/1/folders/2');
  await expect(page.getByRole('tab', { name: 'Contents' })).toBeVisible();
  await expect(entries(page)).toHaveCount(2);
  expect(await fieldRow(entries(page).first(), 'Folder description')).toEqual([
    'Folder description folderDescription',
    'Changed',
    'All documents',
    'All documents and letters',
  ]);
  await shot(page, 'history-folder');

  await openHistory(page, '/projects/1/submittals/6/1000');
  await expect(entries(page)).toHaveCount(1);
  expect(await fieldRow(entries(page).first(), 'Notes')).toEqual(['Notes notes', 'Resubmit with mix 3']);
  await shot(page, 'history-package');

  await openHistory(page, '/projects/1/punch-list/5');
  await expect(page.getByRole('tab', { name: 'New items' })).toBeVisible();
  const created = entries(page).first();
  await expect(entries(page)).toHaveCount(1);
  await expect(created).toContainText('Items created');
  await expect(created).toContainText('2 items for this list');
  await expect(created.getByRole('row').filter({ hasText: 'Touch up paint at door 101' })).toContainText(
    'MOB',
  );
  await expect(created.getByRole('row').filter({ hasText: 'Replace cracked tile' })).toHaveCount(1);
  await shot(page, 'history-punch-list');

  // The grid is still there, and usable, after coming back from the History tab.
  await page.getByRole('tab', { name: 'New items' }).click();
  await expect(page).not.toHaveURL(/tab=history/);
  await expect(page.getByRole('button', { name: 'Add row' })).toBeVisible();
});

test('an empty history says so, and the History tab is axe-clean in light and dark', async ({ page }) => {
  await signIn(page, seed.admin);
  // RFI-009 (folder 109): no test writes it (RFI-004, the first overdue one, is rfis.spec.ts's to edit).
  await openHistory(page, '/projects/1/rfis/4/109');
  await expect(page.getByText('No changes recorded')).toBeVisible();

  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => localStorage.setItem('mantine-color-scheme-value', m), mode);
    await page.goto(`${RFI}?tab=history`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
    await expect(entries(page)).toHaveCount(3);
    await shot(page, `history-rfi-${mode}`);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('staff get no History tab and no history request', async ({ page }) => {
  const historyReads: string[] = [];
  page.on('request', (r) => {
    if (/\/requestlogs/i.test(r.url()) && /pathinfo=/i.test(r.url())) historyReads.push(r.url());
  });
  await signIn(page, seed.pm);
  for (const path of [
    `${RFI}?tab=history`,
    '/projects/1/folders/2?tab=history',
    '/projects/1/submittals/6/1000?tab=history',
    '/projects/1/punch-list/5?tab=history',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0);
    await expect(page.getByRole('tablist')).toHaveCount(0);
  }
  await expect(page.getByRole('note', { name: 'Ball in court' })).toHaveCount(0); // the punch list's screen
  await page.goto(`${RFI}?tab=history`);
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible(); // details, not hidden
  expect(historyReads).toEqual([]);
});

test('a failed download of the tab’s code says so in the tab and can be tried again', async ({ page }) => {
  await signIn(page, seed.admin);
  await page.route(/\/assets\/RecordHistory-[^/]*\.js/, (route) => route.abort());
  await page.goto(RFI);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('The History tab could not be loaded')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // the page is still there
  await page.unroute(/\/assets\/RecordHistory-[^/]*\.js/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(entries(page)).toHaveCount(3);
});
