// Session expiry mid-edit: a service of this file's own with short sessions. The user opens an editor, the
// session lapses, they type and save → the sign-in dialog comes up over the editor, and once they have signed
// in again the same save goes through with every typed value (checked after a reload).
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

const TTL_SECONDS = 6;

test.describe.configure({ mode: 'serial' });
test.use({ serviceEnv: { SESSION_TTL_SECONDS: String(TTL_SECONDS) }, failOnPageErrors: true });

async function letSessionExpire(page: Page) {
  await page.waitForTimeout(TTL_SECONDS * 1000 + 1500);
}

async function signInAgain(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveValue(seed.pm.userName);
  return dialog;
}

function field(page: Page, label: string) {
  return page
    .locator('dt', { hasText: new RegExp(`^${label}$`, 'i') })
    .locator('xpath=following-sibling::dd[1]');
}

test('RFI editor: the session lapses while editing; after signing in again the save keeps every value', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, seed.pm);
  // RFI-006 of project 1 (folder 106); pm may modify it.
  await page.goto('/projects/1/rfis/4/106');
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit RFI' });
  await expect(form).toBeVisible();

  await letSessionExpire(page);

  const stamp = Date.now().toString(36);
  const typed = {
    Subject: `Expired mid-edit ${stamp}`,
    Question: `Typed after the session lapsed (${stamp}); every word must reach the service.`,
    Site: `Site ${stamp}`,
    Building: `Building ${stamp}`,
    Floor: `Level ${stamp}`,
    Room: `Room ${stamp}`,
    Reference: `Ref ${stamp}`,
    Drawing: `A-${stamp}`,
  };
  for (const [label, value] of Object.entries(typed)) {
    await form.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await form.getByLabel('Due date').fill('01/29/2027');
  await page.getByRole('button', { name: 'Save' }).click();

  // The save was refused with 401: sign in again over the editor, which still holds every value.
  const dialog = await signInAgain(page);
  for (const [label, value] of Object.entries(typed)) {
    await expect(form.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
  }
  await shot(page, 'session-expiry-rfi-dialog');
  await dialog.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  // The same save went through, without pressing Save again.
  await expect(page.getByRole('heading', { level: 1, name: typed.Subject })).toBeVisible();
  await expect(page.getByText(/was saved\.$/)).toBeVisible();

  const check = async () => {
    await expect(page.getByRole('heading', { level: 1, name: typed.Subject })).toBeVisible();
    await expect(page.getByText(typed.Question)).toBeVisible();
    await expect(field(page, 'Due')).toHaveText('Jan 29, 2027');
    for (const label of ['Site', 'Building', 'Floor', 'Room', 'Reference', 'Drawing'] as const) {
      await expect(field(page, label)).toHaveText(typed[label]);
    }
  };
  await page.reload();
  await check();
  await shot(page, 'session-expiry-rfi-saved');
});

test('punch grid: the session lapses while typing rows; after signing in again they are created as typed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, seed.pm);
  await page.goto('/projects/1/punch-list/5');
  const grid = page.getByRole('grid', { name: 'New punch-list items' });
  const cell = (column: string, row: number) =>
    grid.getByRole('textbox', { name: `${column}, row ${row}`, exact: true });
  await expect(grid).toBeVisible();

  await letSessionExpire(page);

  const stamp = Date.now().toString(36);
  const rows = [
    {
      summary: `Expired-session item A ${stamp}`,
      description: `Typed after expiry A ${stamp}`,
      site: `Site A ${stamp}`,
    },
    {
      summary: `Expired-session item B ${stamp}`,
      description: `Typed after expiry B ${stamp}`,
      site: `Site B ${stamp}`,
    },
  ];
  const k = page.keyboard;
  await cell('Summary', 1).click();
  for (const [i, row] of rows.entries()) {
    if (i > 0) {
      await k.press('Enter'); // a new row below, same column (Site)
      await k.press('ArrowLeft');
      await k.press('ArrowLeft');
      await expect(cell('Summary', i + 1)).toBeFocused();
    }
    await k.type(row.summary);
    await k.press('Tab');
    await k.type(row.description);
    await k.press('Tab');
    await k.type(row.site);
  }
  await page.getByRole('button', { name: 'Create 2 items' }).click();

  const dialog = await signInAgain(page);
  await expect(cell('Summary', 2)).toHaveValue(rows[1].summary);
  await shot(page, 'session-expiry-punch-dialog');
  await dialog.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  // The same create went through: both rows have their numbers.
  await expect(grid.getByRole('rowheader', { name: /created as number/ })).toHaveCount(2);
  await expect(page.getByText('2 items created')).toBeVisible();
  await shot(page, 'session-expiry-punch-created');

  // What the service stored: the request log's successful create carries every typed value, once.
  const signInReply = await request.post('/api/internal/authenticateuser', {
    data: { userName: seed.admin.userName, password: seed.admin.password },
  });
  const { apiKey } = (await signInReply.json()) as { apiKey: string };
  const log = await request.get('/requestlogs?PathInfo=/api/internal/punchlist/createmany', {
    headers: { Authorization: `Bearer ${apiKey}` },
  });
  const { results } = (await log.json()) as { results: { errorResponse?: unknown; requestDto?: unknown }[] };
  const succeeded = results.filter((r) => !r.errorResponse);
  const refused = results.filter((r) => r.errorResponse);
  expect(succeeded).toHaveLength(1);
  expect(refused.length).toBeGreaterThanOrEqual(1); // the 401 that opened the dialog
  const sent = JSON.stringify(succeeded[0].requestDto);
  for (const row of rows) for (const value of Object.values(row)) expect(sent).toContain(value);
});
