// Issue 34 ("Bugs"), the screens' part: the punch list's "Save and next" on a phone in view, a meeting's overdue
// count that agrees with what is shown, the request log's summary saying what it covers, and the RFI log's
// ball-in-court counts under the other filters.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, sessionIdOf, shot, signIn } from './helpers';

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('"Save and next": the Summary field clear of the sticky header, the confirmation in view', async ({
    page,
  }) => {
    await signIn(page, seed.pm);
    await page.goto('/projects/1/punch-list/5');
    const form = page.getByRole('region', { name: 'New item' });
    const summary = form.getByRole('textbox', { name: /^Summary/ });
    const mark = `Phone confirm ${Date.now()}`;
    await summary.fill(mark);
    await form.getByRole('button', { name: 'Save and next' }).click();
    const said = form.getByRole('status').filter({ hasText: `Saved “${mark}”` });
    await expect(said).toHaveCount(1);
    await expect(summary).toBeFocused();
    await expect(summary).toHaveValue('');
    await page.waitForTimeout(300); // any scrolling done
    const header = (await page.locator('header').boundingBox())!;
    const field = (await summary.boundingBox())!;
    expect(field.y, 'the Summary field below the sticky header').toBeGreaterThanOrEqual(
      header.y + header.height,
    );
    const note = (await said.boundingBox())!;
    expect(note.y, 'the confirmation below the header').toBeGreaterThanOrEqual(header.y + header.height);
    expect(note.y + note.height, 'the confirmation above the fold').toBeLessThanOrEqual(844);
    await shot(page, 'punch-phone-saved');
  });
});

test('a meeting says how many overdue items are shown, and that one is hidden', async ({ page }) => {
  // MEP Coordination #10 (folder 3900): minute 3.01 is overdue and hidden (server/db/seed).
  await signIn(page, seed.pm);
  await page.goto('/projects/1/meetings/3900');
  const minutes = page.locator('section[aria-labelledby="minutes"]');
  const overdueRows = minutes.locator('tbody tr[data-overdue="true"]');
  await expect(overdueRows.first()).toBeVisible();
  const shown = await overdueRows.count();
  await expect(page.getByText(/^\d+ overdue items?$/)).toHaveText(
    `${shown} overdue ${shown === 1 ? 'item' : 'items'}`,
  );
  await expect(page.getByText('1 more overdue item is hidden')).toBeVisible();
  await shot(page, 'meeting-overdue-hidden');

  await page.getByRole('switch', { name: /Show hidden/ }).click();
  await expect(overdueRows).toHaveCount(shown + 1);
  await expect(page.getByText(/^\d+ overdue items?$/)).toHaveText(`${shown + 1} overdue items`);
  await expect(page.getByText(/more overdue item/)).toHaveCount(0);
});

async function sessionKey(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('pm-console.session')!).sessionKey as string);
}

test('the request log summary says which rows it covers', async ({ page }) => {
  await signIn(page, seed.admin);
  const key = await sessionKey(page);
  // A failure, then more than a page of successes after it: the failure is on an older page.
  const bad = await page.request.post('/api/internal/folder/get', {
    data: { AuthSessionKey: key, FolderId: 'x' },
  });
  expect(bad.status()).toBe(400);
  for (let i = 0; i < 110; i++) {
    const ok = await page.request.post('/api/internal/project/get', {
      data: { AuthSessionKey: key, ProjectId: 1 },
    });
    expect(ok.status()).toBe(200);
  }
  // This session's rows: another worker's failure among the newest 100 would be counted.
  await page.goto(`/admin/request-log?SessionId=${sessionIdOf(key)}`);
  const grid = page.getByRole('grid', { name: 'Requests' });
  await expect(grid).toBeVisible();
  const overview = page.getByRole('region', { name: 'Summary of the rows loaded' });
  await expect(overview).toContainText(/of the 100 rows loaded/);
  await expect(overview).toContainText(/older requests are not counted/i);
  await expect(overview).toContainText('None in these 100 rows');
  await shot(page, 'requestlog-summary-sample');
});

test('ball-in-court counts follow the other filters', async ({ page }) => {
  await signIn(page, seed.admin);
  await page.goto('/projects/1/rfis/4');
  const table = page.getByRole('table', { name: 'RFIs' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/Loading RFI details/)).toHaveCount(0, { timeout: 20_000 });
  await expect(rows.and(page.locator('[data-loaded="false"]'))).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Overdue only' }).check();
  const select = page.getByRole('combobox', { name: 'Ball in court' });
  await select.click();
  const labels = await page.getByRole('option').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  for (const label of labels) {
    const count = Number(/\((\d+)\)$/.exec(label)?.[1] ?? 0);
    await select.click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await expect(select).toHaveValue(label);
    await expect(rows, `"${label}" with Overdue only`).toHaveCount(count);
  }
  await shot(page, 'rfi-court-counts-overdue');
});
