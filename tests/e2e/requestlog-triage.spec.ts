// The request log as an admin triages it (issue 34): filter by status class and sort by duration (both in the
// address), a failed sign-in shows the user name it tried (never the password), and Analytics' figures open the
// log sorted by what was clicked. Each test finds its own requests by a mark of its own (a session of its own, a
// user name no one else tries), never by "the newest".
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, shot, signInApi, sessionIdOf, type Keys } from './helpers';

// A service of its own: the analytics window holds only this spec's requests.
test.use({ serviceEnv: { TRIAGE_SPEC: '1' }, failOnPageErrors: true });
test.describe.configure({ timeout: 90_000 });

const mark = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function asAdmin(page: Page, admin: Keys) {
  const value = JSON.stringify({ ...admin, userName: 'admin', isAdmin: true, confirmed: true });
  await page.addInitScript((v) => sessionStorage.setItem('pm-console.session', v), value);
}

/** Waits until the log holds `count` rows for `query` (the log's writer is a thread of its own). */
async function logged(request: APIRequestContext, admin: Keys, query: string, count: number) {
  await expect
    .poll(async () => {
      const res = await request.get(`/requestlogs?take=1000&${query}`, {
        headers: { Authorization: `Bearer ${admin.apiKey}` },
      });
      return ((await res.json()) as { results: unknown[] }).results.length;
    })
    .toBe(count);
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Requests' });
const rows = (page: Page) => grid(page).locator('[role="row"][data-id]');

/** "840 µs", "12.3 ms", "1.24 s" → ms. */
function ms(text: string): number {
  const m = /([\d.]+)\s*(µs|ms|s)/.exec(text);
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * (m[2] === 'µs' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

async function durations(list: Locator): Promise<number[]> {
  return (await list.locator('[role="gridcell"]:nth-child(7)').allTextContents()).map(ms);
}

const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

test('filter a session’s requests to 4xx, sort them by duration, and keep both in the address', async ({
  page,
  request,
}) => {
  const admin = await signInApi(request, seed.admin);
  const pm = await signInApi(request, seed.pm);
  const session = sessionIdOf(pm.sessionKey);
  const post = (path: string, data: object) =>
    request.post(path, { data: { authSessionKey: pm.sessionKey, ...data } });
  for (let i = 0; i < 3; i++)
    expect((await post('/api/internal/project/get', { projectId: 1 })).status()).toBe(200);
  expect((await post('/api/internal/project/get', { projectId: 987_654 })).status()).toBe(404);
  expect((await post('/api/internal/folder/get', { folderId: 'abc' })).status()).toBe(400);
  expect((await post('/api/internal/project/get', { projectId: 987_655 })).status()).toBe(404);
  await logged(request, admin, `sessionId=${session}`, 7); // the sign-in, 3 reads, 3 failures

  await asAdmin(page, admin);
  await page.goto(`/admin/request-log?SessionId=${session}`);
  await expect(rows(page)).toHaveCount(7);

  // Status: a class, typed and applied with Enter.
  const status = page.getByRole('textbox', { name: 'Status' });
  await status.fill('4xx');
  await status.press('Enter');
  await expect(page).toHaveURL(/[?&]status=4xx/);
  await expect(rows(page)).toHaveCount(3);
  const codes = await grid(page)
    .locator('[role="row"][data-id] [role="gridcell"]:nth-child(8)')
    .allTextContents();
  for (const c of codes) expect(c).toMatch(/^4\d\d/);
  await expect(page.getByTestId('view-note')).toContainText('3 of the 7 requests loaded have status 4xx');
  await expect(page.getByTestId('view-note')).toContainText('not the whole log');

  // An exact code.
  await status.fill('404');
  await status.press('Enter');
  await expect(rows(page)).toHaveCount(2);
  await status.fill('4xx');
  await status.press('Enter');
  await expect(rows(page)).toHaveCount(3);

  // Sort by duration with the keyboard: the heading is a button.
  const heading = page.getByRole('columnheader', { name: /Duration/ });
  await expect(heading).toHaveAttribute('aria-sort', 'none');
  await heading.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=-duration/);
  await expect(heading).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => descending(await durations(rows(page)))).toBe(true);
  await shot(page, 'requestlog-triage-4xx-by-duration');

  // A deep link: reload keeps the filter and the sort.
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('4xx');
  await expect.poll(async () => descending(await durations(rows(page)))).toBe(true);

  // The other way, then back to the log's order.
  await page
    .getByRole('columnheader', { name: /Duration/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/[?&]sort=duration/);
  await expect.poll(async () => ascending(await durations(rows(page)))).toBe(true);
  await page
    .getByRole('columnheader', { name: /Duration/ })
    .getByRole('button')
    .click();
  await expect(page).not.toHaveURL(/[?&]sort=/);
  const ids = () => rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
  await expect.poll(async () => descending(await ids())).toBe(true);
});

test('a failed sign-in shows the user name tried, never the password', async ({ page, request }) => {
  const admin = await signInApi(request, seed.admin);
  const name = `intruder-${mark()}`;
  const password = `Pw-${mark()}-never`;
  const res = await request.post('/api/internal/authenticateuser', { data: { userName: name, password } });
  expect(res.status()).toBe(401);
  await expect
    .poll(async () => {
      const log = await request.get('/requestlogs?take=1000&pathInfo=/api/internal/authenticateuser', {
        headers: { Authorization: `Bearer ${admin.apiKey}` },
      });
      return (await log.text()).includes(name);
    })
    .toBe(true);

  await asAdmin(page, admin);
  await page.goto('/admin/request-log?PathInfo=%2Fapi%2Finternal%2Fauthenticateuser&status=401');
  const row = rows(page).filter({ hasText: `tried: ${name}` });
  await expect(row).toHaveCount(1);
  await row.locator('[role="gridcell"]').first().click();
  const detail = page.getByTestId('entry-detail');
  await expect(detail).toContainText(`tried: ${name}`);
  await expect(detail).toContainText(name);
  await shot(page, 'requestlog-triage-failed-signin');
  const text = (await page.locator('body').innerText()) + (await page.content());
  expect(text).not.toContain(password);
});

test('Analytics: failed sign-ins by user name, and the slowest figure opens the log sorted by duration', async ({
  page,
  request,
}) => {
  const admin = await signInApi(request, seed.admin);
  const pm = await signInApi(request, seed.pm);
  const name = `guess-${mark()}`;
  await new Promise((r) => setTimeout(r, 50));
  const from = new Date();
  for (let i = 0; i < 2; i++) {
    const res = await request.post('/api/internal/authenticateuser', {
      data: { userName: name, password: `nope-${i}-${mark()}` },
    });
    expect(res.status()).toBe(401);
  }
  for (let i = 0; i < 4; i++) {
    const res = await request.post('/api/internal/project/get', {
      data: { authSessionKey: pm.sessionKey, projectId: 1 + (i % 2) },
    });
    expect(res.status()).toBe(200);
  }
  await logged(request, admin, `sessionId=${sessionIdOf(pm.sessionKey)}`, 5);
  await expect
    .poll(async () => {
      const log = await request.get('/requestlogs?take=1000&pathInfo=/api/internal/authenticateuser', {
        headers: { Authorization: `Bearer ${admin.apiKey}` },
      });
      return (await log.text()).split(name).length - 1;
    })
    .toBe(2);
  const to = new Date(Date.now() + 1);

  await asAdmin(page, admin);
  await page.goto(`/admin/analytics?from=${from.toISOString()}&to=${to.toISOString()}`);
  await expect(page.getByTestId('analytics-done')).toBeVisible({ timeout: 30_000 });
  const signIns = page.getByRole('table', { name: 'Failed sign-ins by user name' });
  const group = signIns.locator(`tr[data-name="${name}"]`);
  await expect(group).toContainText('2');
  await signIns.scrollIntoViewIfNeeded();
  await shot(page, 'analytics-failed-signins');

  // The slowest operation's p95 opens its requests sorted by duration, slowest first.
  const slowest = page.getByRole('heading', { name: 'Slowest operations (p95)' }).locator('..');
  await slowest.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]sort=-duration/);
  await expect(page.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(async () => descending(await durations(rows(page)))).toBe(true);
  await shot(page, 'analytics-slowest-drilldown');

  // The failed sign-ins of the name open exactly those two attempts.
  await page.goBack();
  await expect(page.getByTestId('analytics-done')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: `2 failed sign-ins: ${name}` }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: `tried: ${name}` })).toHaveCount(2);
});

// RFI-004 (folder 104 in container 4, seed): no other test of this spec writes it.
const RFI = '/projects/1/rfis/4/104';

test('History names the field sent as it was and shows seconds; the collision dialog says who saved', async ({
  page,
  request,
}) => {
  const admin = await signInApi(request, seed.admin);
  const pm = await signInApi(request, seed.pm);
  const subject = `Triage ${mark()}`;
  const update = async (keys: Keys, openIssue: object) => {
    const res = await request.post('/api/internal/openissue/update', {
      data: { authSessionKey: keys.sessionKey, openIssue: { folderId: 104, ...openIssue } },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  // Two writes a moment apart (one minute): the second sends the subject again, as it was.
  await update(admin, { subject });
  await update(admin, { subject, locationRoom: 'Room T1' });

  await asAdmin(page, admin);
  await page.goto(`${RFI}?tab=history`);
  const list = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('article');
  await expect(list.first()).toBeVisible({ timeout: 20_000 });
  const second = list.first();
  // The RFI's own id is sent with every update, so it is named too.
  await expect(second).toContainText('Folder id and Subject were sent with the values they already had.');
  // Both writes in one minute: their times to the second.
  await expect(second.locator('time')).toHaveText(/\d:\d\d:\d\d/);
  await expect(list.nth(1).locator('time')).toHaveText(/\d:\d\d:\d\d/);
  await shot(page, 'history-unchanged-named');

  // The admin edits; meanwhile pm saves another subject: the dialog names pm and when.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Due date').fill('04/04/2027');
  await update(pm, { subject: `${subject} by pm` });
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Someone else changed this RFI' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('last-write')).toContainText(/Saved by pm on .*\d:\d\d:\d\d/);
  await expect(dialog.getByTestId('last-write').getByRole('link', { name: /request #\d+/ })).toBeVisible();
  await shot(page, 'rfis-conflict-who');
});
