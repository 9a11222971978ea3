// Request-log analytics (issue 18): known traffic — N reads, M writes, K failures across two projects and two
// users — sent through the HTTP API to a service of this spec's own, then the Analytics page for exactly that
// time: every count, error rate and the per-project split equals what was sent, and a figure opens the request
// log with exactly its requests. Screenshots light and dark, each scanned by axe.
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { seed, shot, signInApi, type Keys } from './helpers';

// A service of its own: no other spec's calls in its log.
test.use({ serviceEnv: { ANALYTICS_SPEC: '1' }, failOnPageErrors: true });
test.describe.configure({ timeout: 120_000 });

/** One call; returns its JSON and checks the status it must have. */
async function send(request: APIRequestContext, keys: Keys, path: string, data: object, status = 200) {
  const res = await request.post(path, { data: { authSessionKey: keys.sessionKey, ...data } });
  expect(res.status(), `${path} ${JSON.stringify(data)}`).toBe(status);
  return (await res.json()) as Record<string, unknown>;
}

const PROJECT_GET = '/api/internal/project/get';
const FOLDER_UPDATE = '/api/internal/folder/update';
const FOLDER_GET = '/api/internal/folder/get';

/**
 * The traffic, as sent (sign-ins happen before the window):
 *   pm:    4 reads of project 1, 2 of project 2, 2 updates of project 1's root folder,
 *          1 read of project 999 (404), 1 read of folder "abc" (400)
 *   admin: 2 reads of project 2, 1 update of project 2's root folder, 1 read of project 999 (404)
 */
const SENT = {
  total: 14,
  errors: 3,
  reads: 8 + 1 + 1 + 1,
  writes: 3,
  byUser: { pm: 10, admin: 4 },
  byOperation: { ProjectGetRequest: 10, FolderUpdateRequest: 3, FolderGetRequest: 1 },
  byStatus: { '200': 11, '404': 2, '400': 1 },
  // A request counts for a project when its DTO names it: the reads and the folder updates (folderProjectId).
  byProject: { '1': 6, '2': 5, '999': 2 },
};

async function sendTraffic(request: APIRequestContext, pm: Keys, admin: Keys) {
  let root1 = 0;
  let root2 = 0;
  for (let i = 0; i < 4; i++)
    root1 = ((await send(request, pm, PROJECT_GET, { projectId: 1 })).project as { rootFolderId: number })
      .rootFolderId;
  for (let i = 0; i < 2; i++)
    root2 = ((await send(request, pm, PROJECT_GET, { projectId: 2 })).project as { rootFolderId: number })
      .rootFolderId;
  for (let i = 0; i < 2; i++)
    await send(request, pm, FOLDER_UPDATE, {
      folder: { folderId: root1, folderProjectId: 1, folderDescription: `Analytics ${i}` },
    });
  await send(request, pm, PROJECT_GET, { projectId: 999 }, 404);
  await send(request, pm, FOLDER_GET, { folderId: 'abc' }, 400);
  for (let i = 0; i < 2; i++) await send(request, admin, PROJECT_GET, { projectId: 2 });
  await send(request, admin, FOLDER_UPDATE, {
    folder: { folderId: root2, folderProjectId: 2, folderDescription: 'Analytics admin' },
  });
  await send(request, admin, PROJECT_GET, { projectId: 999 }, 404);
}

async function openAnalytics(page: Page, admin: Keys, search: string, mode: 'light' | 'dark' = 'light') {
  await page.addInitScript(
    ([scheme, value]) => {
      localStorage.setItem('mantine-color-scheme-value', scheme);
      sessionStorage.setItem('pm-console.session', value);
    },
    [mode, JSON.stringify({ ...admin, userName: 'admin', isAdmin: true, confirmed: true })] as const,
  );
  await page.goto(`/admin/analytics?${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('analytics-done')).toBeVisible({ timeout: 30_000 });
}

/** Name → [requests, errors, error rate] of a breakdown table's rows. */
async function tableFigures(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click();
  const table = page.getByRole('table', { name: tab });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  const out: Record<string, [number, number, string]> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const key = (await row.getAttribute('data-key')) ?? '';
    const num = async (col: string) =>
      Number((await row.locator(`[data-col="${col}"]`).innerText()).replace(/\D/g, ''));
    out[key] = [
      await num('count'),
      await num('errors'),
      (await row.locator('[data-col="rate"]').innerText()).trim(),
    ];
  }
  return out;
}

test('counts, error rates and the per-project split equal the traffic sent; a figure opens exactly its requests', async ({
  page,
  request,
}) => {
  const pm = await signInApi(request, seed.pm);
  const admin = await signInApi(request, seed.admin);
  // The window starts after the sign-ins are logged: a log row can be stamped a moment after its reply arrives
  // here (a sign-in once fell inside a window that began 1 ms before the traffic).
  await new Promise((r) => setTimeout(r, 50));
  const from = new Date();
  await sendTraffic(request, pm, admin);
  // The log is written by a thread of its own: wait until the last call is in it.
  await expect
    .poll(async () => {
      const res = await request.get(`/requestlogs?take=1&pathInfo=${PROJECT_GET}`, {
        headers: { Authorization: `Bearer ${admin.apiKey}` },
      });
      const body = (await res.json()) as {
        results: { requestDto?: { projectId?: number }; userAuthId?: string }[];
      };
      return body.results[0]?.userAuthId === 'admin' && body.results[0]?.requestDto?.projectId === 999;
    })
    .toBe(true);
  const to = new Date(Date.now() + 1);

  const window = `from=${from.toISOString()}&to=${to.toISOString()}`;
  await openAnalytics(page, admin, window);

  await expect(page.getByTestId('total-count')).toHaveText(String(SENT.total));
  await expect(page.getByTestId('total-errors')).toHaveText(String(SENT.errors));
  await expect(page.getByTestId('total-rate')).toHaveText('21.4 %'); // 3 / 14
  await shot(page, 'analytics-light');

  const ops = await tableFigures(page, 'Operations');
  expect(ops).toEqual({
    ProjectGetRequest: [10, 2, '20 %'],
    FolderUpdateRequest: [3, 0, '0 %'],
    FolderGetRequest: [1, 1, '100 %'],
  });
  const users = await tableFigures(page, 'Users');
  expect(users).toEqual({ pm: [10, 2, '20 %'], admin: [4, 1, '25 %'] });
  const status = await tableFigures(page, 'Status codes');
  expect(status).toEqual({ '200': [11, 0, '0 %'], '404': [2, 2, '100 %'], '400': [1, 1, '100 %'] });
  const projects = await tableFigures(page, 'Projects');
  expect(projects).toEqual({ '1': [6, 0, '0 %'], '2': [5, 0, '0 %'], '999': [2, 2, '100 %'] });
  // Named from the console's own reads.
  await expect(page.getByRole('table', { name: 'Projects' })).toContainText(
    `${seed.project1.name} (project 1)`,
  );

  // A user's figures: the page limited to pm.
  await page.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: 'pm', exact: true }).click();
  await expect(page).toHaveURL(/user=pm/);
  await expect(page.getByTestId('analytics-done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('total-count')).toHaveText(String(SENT.byUser.pm));
  await expect(page.getByTestId('total-errors')).toHaveText('2');

  // Clicking a figure: pm's errors open the request log with exactly those two requests.
  await page.getByRole('link', { name: '2 errors', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  await expect(page).toHaveURL(/WithErrors=true/);
  await expect(page).toHaveURL(/UserAuthId=pm/);
  const logRows = page.getByRole('grid', { name: 'Requests' }).locator('[role="row"][data-id]');
  await expect(logRows).toHaveCount(2);
  await expect(logRows.filter({ hasText: 'NotFound' })).toHaveCount(1);
  await expect(page.locator('[role="row"][data-id][data-error]')).toHaveCount(2);

  // A project's count (not a filter of the log): its requests by id.
  await page.goBack();
  await expect(page.getByTestId('analytics-done')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/admin/analytics?${window}`);
  await expect(page.getByTestId('analytics-done')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Projects' }).click();
  await page.getByRole('link', { name: `6 requests: ${seed.project1.name} (project 1)` }).click();
  await expect(page).toHaveURL(/Ids=/);
  await expect(logRows).toHaveCount(6);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the page (${mode}) has no serious or critical axe violations`, async ({ page, request }) => {
    const pm = await signInApi(request, seed.pm);
    const admin = await signInApi(request, seed.admin);
    await sendTraffic(request, pm, admin);
    await openAnalytics(page, admin, 'window=1h', mode);
    await page.getByRole('button', { name: /Show the charts' figures/ }).click();
    await expect(page.getByTestId('requests-chart').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('duration-chart').locator('canvas')).toBeVisible();
    await shot(page, `analytics-${mode}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('staff get the refusal, not the figures', async ({ page, request }) => {
  const pm = await signInApi(request, seed.pm);
  await page.addInitScript(
    (value) => sessionStorage.setItem('pm-console.session', value),
    JSON.stringify({ ...pm, userName: 'pm', isAdmin: false, confirmed: true }),
  );
  await page.goto('/admin/analytics');
  await expect(page.getByText('Only admins can open the analytics')).toBeVisible({ timeout: 30_000 });
});

test('what was read is kept in IndexedDB and wiped on sign-out', async ({ page, request }) => {
  const admin = await signInApi(request, seed.admin);
  await openAnalytics(page, admin, 'window=1h');
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(await databases()).toContain('pm-console-requestlog');
  // Written once the reading has ended (src/features/analytics/job.ts), a moment after the figures.
  const kept = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('pm-console-requestlog');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('chunks').objectStore('chunks').count();
            req.onsuccess = () => {
              open.result.close();
              resolve(req.result);
            };
          };
        }),
    );
  await expect.poll(kept).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect.poll(databases).not.toContain('pm-console-requestlog');
});

test('rows older than what the page keeps (31 days) leave IndexedDB on the next visit', async ({
  page,
  request,
}) => {
  const admin = await signInApi(request, seed.admin);
  await openAnalytics(page, admin, 'window=1h');
  /** The chunks kept (their highest ids), after planting `plant` (a chunk of a 40-day-old row) when given. */
  const chunks = (plant?: { id: number; t: number }) =>
    page.evaluate(
      (p) =>
        new Promise<number[]>((resolve, reject) => {
          const open = indexedDB.open('pm-console-requestlog');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('chunks', 'readwrite');
            const store = tx.objectStore('chunks');
            const keys = store.getAllKeys();
            keys.onsuccess = () => {
              const list = keys.result as [string, number][];
              if (p)
                store.put({
                  scope: list[0][0],
                  high: p.id,
                  low: p.id,
                  rows: [{ id: p.id, t: p.t, path: '/old', error: false, ms: 1 }],
                });
              tx.oncomplete = () => {
                open.result.close();
                resolve(list.map((k) => k[1]));
              };
            };
          };
        }),
      plant,
    );
  // Written once the reading has ended, a moment after the figures.
  await expect.poll(async () => (await chunks()).length).toBeGreaterThan(0);
  const before = await chunks();
  // Below every kept id (the store's coverage says nothing about it): a page of 40 days ago.
  const oldId = Math.min(...before) - 1_000_000;
  await chunks({ id: oldId, t: Date.now() - 40 * 86_400_000 });
  expect(await chunks()).toContain(oldId);
  await page.reload();
  await expect(page.getByTestId('analytics-done')).toBeVisible({ timeout: 30_000 });
  await expect.poll(chunks).not.toContain(oldId);
  expect(await chunks()).toEqual(expect.arrayContaining(before));
});
