import { expect, test, type Page } from '@playwright/test';
import { seed, sessionIdOf, shot, signIn, signInApi } from './helpers';

// A password that appears nowhere else: a failed sign-in sends it, and it must never show up in the log.
const SECRET_PASSWORD = 'Wrong-Secret-Pw-4711';

async function keys(page: Page): Promise<{ sessionKey: string; apiKey: string }> {
  const raw = await page.evaluate(() => sessionStorage.getItem('pm-console.session'));
  const session = JSON.parse(raw ?? '{}') as { sessionKey: string; apiKey: string };
  expect(session.sessionKey).toBeTruthy();
  return session;
}

/** Calls made by "someone" while the admin watches: a read, a failing read, a failed sign-in. */
/**
 * One read that works, one that fails (folder/get with a bad id) in `sessionKey`'s session, and a failed sign-in
 * under a user name of its own (returned): the log's rows of this test, whatever other workers log meanwhile.
 */
async function makeCalls(page: Page, sessionKey: string): Promise<{ triedName: string }> {
  const triedName = `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const ok = await page.request.post('/api/internal/project/get', {
    data: { AuthSessionKey: sessionKey, ProjectId: seed.project1.id },
  });
  expect(ok.status()).toBe(200);
  const bad = await page.request.post('/api/internal/folder/get', {
    data: { AuthSessionKey: sessionKey, FolderId: 'abc' },
  });
  expect(bad.status()).toBe(400);
  const signInFailed = await page.request.post('/api/internal/authenticateuser', {
    data: { UserName: triedName, Password: SECRET_PASSWORD },
  });
  expect(signInFailed.status()).toBe(401);
  return { triedName };
}

async function openLog(page: Page) {
  await page.getByRole('link', { name: 'Request log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Requests' })).toBeVisible();
}

/** Opens a row by clicking its id (the path, user and IP cells filter instead). */
const openRow = (row: ReturnType<Page['locator']>) => row.locator('[role="gridcell"]').first().click();

const rows = (page: Page) => page.getByRole('grid', { name: 'Requests' }).locator('[role="row"][data-id]');

test('filter by clicking a path, open a failing request, see its field errors and no secret', async ({
  page,
}) => {
  await signIn(page, seed.admin);
  const { sessionKey, apiKey } = await keys(page);
  const { triedName } = await makeCalls(page, sessionKey);
  await openLog(page);
  await shot(page, 'requestlog-table');
  // This session's requests only: on a shared service the newest page may hold none of them.
  await page.goto(`/admin/request-log?SessionId=${sessionIdOf(sessionKey)}`);
  await expect(rows(page).first()).toBeVisible();

  // Click the path of the failing request to filter by it.
  await page.getByRole('button', { name: 'Filter by path /api/internal/folder/get' }).first().click();
  await expect(page).toHaveURL(/PathInfo=%2Fapi%2Finternal%2Ffolder%2Fget/);
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('/api/internal/folder/get');
  // The table keeps the previous query's rows until the filtered reply is in: wait for the filtered rows, then
  // every row shown is a folder/get.
  const paths = () => rows(page).locator('[role="gridcell"]:nth-child(4)').allTextContents();
  await expect
    .poll(async () => [...new Set(await paths())], { timeout: 20_000 })
    .toEqual(['/api/internal/folder/get']);

  // Open the failing one.
  const failing = rows(page).filter({ hasText: 'InvalidValue' }).first();
  await openRow(failing);
  await expect(page).toHaveURL(/[?&]entry=\d+/);
  const detail = page.getByTestId('entry-detail');
  await expect(detail.getByTestId('entry-error')).toContainText('InvalidValue');
  const fieldErrors = detail.getByRole('table', { name: 'Field errors' });
  await expect(fieldErrors).toContainText('folderId');
  await expect(fieldErrors).toContainText("'folderId' must be a number.");
  await shot(page, 'requestlog-error-detail');

  // The masked body is shown, never the key.
  const text = (await page.locator('body').innerText()) + (await page.content());
  expect(text).toContain('***');
  expect(text).not.toContain(sessionKey);
  expect(text).not.toContain(apiKey);

  // Reload keeps the query and the open entry.
  const url = page.url();
  await page.reload();
  await expect(page.getByTestId('entry-detail').getByTestId('entry-error')).toContainText('InvalidValue');
  expect(page.url()).toBe(url);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('entry-detail')).toBeHidden();
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('/api/internal/folder/get');

  // The failed sign-in: logged without body or DTO, the password nowhere, and never replayed.
  await page.goto('/admin/request-log?PathInfo=%2Fapi%2Finternal%2Fauthenticateuser&WithErrors=true');
  await openRow(rows(page).filter({ hasText: `tried: ${triedName}` }));
  const signInDetail = page.getByTestId('entry-detail');
  await expect(signInDetail.getByTestId('entry-error')).toContainText('InvalidCredentials');
  await expect(signInDetail.getByRole('region', { name: 'Request body' })).toContainText(
    'Not logged for sign-ins.',
  );
  await expect(signInDetail.getByRole('button', { name: /^Replay/ })).toBeDisabled();
  await expect(signInDetail).toContainText('A sign-in is never replayed.');
  const all = (await page.locator('body').innerText()) + (await page.content());
  expect(all).not.toContain(SECRET_PASSWORD);
  expect(all).not.toContain(sessionKey);
  expect(all).not.toContain(apiKey);
  await shot(page, 'requestlog-sign-in-detail');
});

test('the query form puts every filter in the URL, and a reload keeps it', async ({ page }) => {
  await signIn(page, seed.admin);
  const { sessionKey } = await keys(page);
  await makeCalls(page, sessionKey);
  await openLog(page);

  const form = page.getByRole('form', { name: 'Query' });
  await form.getByRole('textbox', { name: 'User', exact: true }).fill('admin');
  // This test's session only: another worker's admin errors of the last 15 minutes would change the count.
  const sessionId = sessionIdOf(sessionKey);
  await form.getByRole('textbox', { name: 'Session', exact: true }).fill(sessionId);
  await form.getByRole('textbox', { name: 'Longer than (ms)' }).fill('0.001');
  await form.getByRole('textbox', { name: 'Take' }).fill('50');
  await form.getByRole('combobox', { name: 'With errors' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await form.getByRole('combobox', { name: 'Time window' }).click();
  await page.getByRole('option', { name: 'Last 15 minutes' }).click();
  await form.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/BeforeSecs=900/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('UserAuthId')).toBe('admin');
  expect(params.get('SessionId')).toBe(sessionId);
  expect(params.get('WithErrors')).toBe('true');
  expect(params.get('Take')).toBe('50');
  expect(params.get('DurationLongerThan')).toBe('PT0.000001S');
  // The session's one failed call as admin (makeCalls: folder/get with a bad id); until the new query's reply is
  // in, the table keeps showing the previous one's rows.
  await expect(rows(page)).toHaveCount(1);
  const statuses = await rows(page).locator('[role="gridcell"]:nth-child(8)').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  for (const s of statuses) expect(s).not.toBe('OK');

  await page.reload();
  await expect(form.getByRole('textbox', { name: 'User', exact: true })).toHaveValue('admin');
  await expect(form.getByRole('combobox', { name: 'With errors' })).toHaveValue('Yes');
  await expect(form.getByRole('combobox', { name: 'Time window' })).toHaveValue('Last 15 minutes');
  await expect(form.getByRole('textbox', { name: 'Take' })).toHaveValue('50');
  await expect(form.getByRole('textbox', { name: 'Session', exact: true })).toHaveValue(sessionId);
  await expect(rows(page)).toHaveCount(statuses.length);
  await shot(page, 'requestlog-query-form');

  // CSV of the rows on screen.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^request-log-.*\.csv$/);
  const csv = (await download.createReadStream()).toArray();
  const lines = Buffer.concat(await csv)
    .toString('utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Id,DateTime,HttpMethod,PathInfo,UserAuthId,IpAddress,ForwardedFor,SessionId,Referer,DurationMs,Error,ErrorCode',
  );
  expect(lines.length - 1).toBe(statuses.length);
  for (const line of lines.slice(1)) expect(line).toMatch(/,admin,.*,true,\w+$/);

  // A bad value is shown at its field and nothing is applied.
  await form.getByRole('textbox', { name: 'Ids' }).fill('12, x');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('Ids are whole numbers separated by commas.')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('Ids')).toBeNull();

  // Esc (outside a field) clears the filters.
  await page.getByRole('heading', { level: 1, name: 'Request log' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/request-log\?Take=50$/);
});

test('keyboard: select with arrows, open with Enter, page by id cursor', async ({ page }) => {
  await signIn(page, seed.admin);
  // A session of the test's own, and the log filtered to it: another worker's requests cannot land between pages.
  const { sessionKey } = await signInApi(page.request, seed.pm);
  await makeCalls(page, sessionKey);
  await makeCalls(page, sessionKey);
  await page.goto(`/admin/request-log?SessionId=${sessionIdOf(sessionKey)}&Take=2`);
  await expect(rows(page)).toHaveCount(2);
  const firstIds = await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
  expect(firstIds[0]).toBeGreaterThan(firstIds[1]);

  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`BeforeId=${firstIds[1] - 1}`));
  await expect(page.getByTestId('row-count')).toContainText('page 2');
  // The second page's rows, once drawn: older than the first page's.
  await expect
    .poll(async () => Number(await rows(page).first().getAttribute('data-id')))
    .toBeLessThan(firstIds[1]);
  await shot(page, 'requestlog-page-2');

  await page.keyboard.press('ArrowLeft');
  await expect(page).not.toHaveURL(/BeforeId/);
  await expect(page).toHaveURL(/SessionId=sess-/);
  await expect(rows(page).first()).toHaveAttribute('data-id', String(firstIds[0]));

  // The selection stays on its row across pages; ↑ moves it to the newest.
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`entry=${firstIds[0]}`));
  const detail = page.getByTestId('entry-detail');
  await expect(detail).toBeVisible();

  // From the detail, filter by the entry's IP address.
  await detail.getByRole('button', { name: '127.0.0.1', exact: true }).click();
  await expect(detail).toBeHidden();
  expect(new URL(page.url()).searchParams.get('IpAddress')).toBe('127.0.0.1');
  await expect(page.getByRole('textbox', { name: 'IP address' })).toHaveValue('127.0.0.1');
});

test('tracking, copy as curl and replay of a read side by side', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, seed.admin);
  const { sessionKey } = await keys(page);
  await openLog(page);

  // Response tracking is off by default; switch it on, through the confirmation.
  const responses = page.getByRole('switch', { name: 'Responses' });
  await expect(responses).not.toBeChecked();
  // No force: the click waits until nothing (a closing drawer) covers the switch.
  await responses.click();
  const dialog = page.getByRole('dialog', { name: 'Turn response tracking on?' });
  await expect(dialog).toContainText('changes the running service');
  await shot(page, 'requestlog-tracking-confirm');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog).toBeHidden();
  await expect(responses).toBeChecked();

  await makeCalls(page, sessionKey);
  // This session's own ProjectGet row: other specs may be calling the same service meanwhile.
  const sessionId = sessionIdOf(sessionKey);
  await page.goto(`/admin/request-log?PathInfo=%2Fapi%2Finternal%2Fproject%2Fget&SessionId=${sessionId}`);
  await openRow(rows(page).first());
  const detail = page.getByTestId('entry-detail');
  await expect(detail.getByRole('region', { name: 'Response DTO' })).toContainText(seed.project1.name);

  await detail.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(detail.getByRole('button', { name: 'Copied' })).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^curl -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/internal\/project\/get'/);
  expect(curl).toContain(`"ProjectId":${seed.project1.id}`);
  expect(curl).toContain('"\'"$PM_SESSION_KEY"\'"');
  expect(curl).not.toContain(sessionKey);

  await detail.getByRole('button', { name: 'Replay ProjectGetRequest' }).click();
  const compare = detail.getByTestId('replay-compare');
  await expect(compare.getByRole('region', { name: 'Replay reply' })).toContainText(seed.project1.name);
  await expect(compare).toContainText('Logged reply');
  await shot(page, 'requestlog-replay');

  // Back to the default, so the service is left as found.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await responses.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('switch', { name: 'Responses' })).not.toBeChecked();
});

test('live tail picks up a new request and keeps the selection', async ({ page }) => {
  await signIn(page, seed.admin);
  const { sessionKey } = await keys(page);
  await makeCalls(page, sessionKey);
  // This session's requests: another worker's admin request could otherwise be the newest row.
  await page.goto(`/admin/request-log?UserAuthId=admin&SessionId=${sessionIdOf(sessionKey)}`);
  await expect(rows(page).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const selected = page.locator('[role="row"][aria-selected="true"]');
  const selectedId = await selected.getAttribute('data-id');
  const newest = Number(await rows(page).first().getAttribute('data-id'));

  await page.getByRole('switch', { name: 'Live tail' }).click();
  const res = await page.request.post('/api/internal/folder/get', {
    data: { AuthSessionKey: sessionKey, FolderId: 4 },
  });
  expect(res.status()).toBe(200);
  await expect(rows(page).first()).toHaveAttribute('data-id', /\d+/);
  await expect
    .poll(async () => Number(await rows(page).first().getAttribute('data-id')), { timeout: 10_000 })
    .toBeGreaterThan(newest);
  await expect(rows(page).first().locator('[role="gridcell"]:nth-child(4)')).toHaveText(
    '/api/internal/folder/get',
  );
  await expect(page.getByText(/\d+ new/)).toBeVisible();
  await expect(selected).toHaveAttribute('data-id', selectedId!);
  await shot(page, 'requestlog-live-tail');
});

test('staff are refused the request log', async ({ page }) => {
  await signIn(page, seed.pm);
  await expect(page.getByRole('link', { name: 'Request log' })).toHaveCount(0);
  await page.goto('/admin/request-log');
  await expect(page.getByText('Only admins can open the request log')).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await shot(page, 'requestlog-refused');
});

test('in a narrow window the list scrolls sideways to its last columns, and the heading row follows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 860 });
  await signIn(page, seed.admin);
  const { sessionKey } = await keys(page);
  await makeCalls(page, sessionKey);
  await page.goto('/admin/request-log');
  const grid = page.getByRole('grid', { name: 'Requests' });
  await expect(rows(page).first()).toBeVisible();
  const status = grid.getByRole('columnheader', { name: 'Status' });
  const gridBox = (await grid.boundingBox())!;
  const right = (box: { x: number; width: number }) => box.x + box.width;
  // Cut off at first: the columns are wider than the grid.
  expect(right((await status.boundingBox())!)).toBeGreaterThan(right(gridBox));

  const list = page.getByTestId('log-scroll');
  await list.hover();
  await page.mouse.wheel(600, 0);
  await expect.poll(async () => right((await status.boundingBox())!)).toBeLessThanOrEqual(right(gridBox));
  // The heading and the cells under it moved together.
  const statusCell = rows(page).first().locator('[role="gridcell"]').nth(7);
  await expect
    .poll(async () => Math.abs((await statusCell.boundingBox())!.x - (await status.boundingBox())!.x))
    .toBeLessThan(2);
  await expect(statusCell).toBeInViewport();
  await shot(page, 'requestlog-narrow-scrolled');
});
