// Punch-list entry across an expired session: this file runs its own service with 5-second sessions. The rows
// typed before the session lapsed are neither lost nor sent twice: Create asks to sign in again over the grid,
// then sends them.
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

const TTL_SECONDS = 5;

test.describe.configure({ mode: 'serial' });
test.use({ serviceEnv: { SESSION_TTL_SECONDS: String(TTL_SECONDS) } });

test('rows typed before the session expired are created after signing in again', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1/punch-list/5');
  const grid = page.getByRole('grid', { name: 'New punch-list items' });
  await grid.getByRole('textbox', { name: 'Summary, row 1', exact: true }).click();
  await page.keyboard.type('Expired-session item one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Expired-session item two');

  await page.waitForTimeout(TTL_SECONDS * 1000 + 1500);
  await page.getByRole('button', { name: 'Create 2 items' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(grid.getByRole('textbox', { name: 'Summary, row 2', exact: true })).toHaveValue(
    'Expired-session item two',
  );
  await shot(page, 'punch-session-expired');
  await dialog.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  const created = grid.getByRole('rowheader', { name: /created as number/ });
  await expect(created).toHaveCount(2);
  const labels = await created.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(labels).toEqual(['Row 1, created as number 61', 'Row 2, created as number 62']);
});
