import { type Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';
import { holdRequests } from './waves';

// Seed facts (server/db/seed.ts): meeting i of project 1 is folder 3000 + 100·i; "MEP Coordination #5" (3400)
// has 19 minutes, some complete, some open and past due, some linked to RFI folders. Project 3's folder 24000
// is next week's meeting, without minutes.

/** The folder id a request's body names, whatever the case of its key. */
function folderOf(r: Request) {
  const body = (r.postDataJSON() ?? {}) as Record<string, unknown>;
  return Object.entries(body).find(([k]) => k.toLowerCase() === 'folderid')?.[1];
}

test.describe(() => {
  test.use({ failOnPageErrors: true });

  test('open a meeting, toggle completed items, see an overdue minute highlighted', async ({ page }) => {
    await signIn(page, seed.pm);

    // The meeting (operation 18) and its minutes (operation 19) go out together. (The other meetings of the
    // series are read too, for previous / next: only this meeting's calls count here.)
    // Both are held until both have been asked for: neither waits for the other's reply.
    const reads = await holdRequests(
      page,
      /meeting\/read$|meetingminute\/readbymeeting$/i,
      (r) => folderOf(r) === 3400,
    );
    await page.goto('/projects/1/meetings/3400', { waitUntil: 'commit' });
    await reads.waitFor(/meeting\/read$/i, /meetingminute\/readbymeeting$/i);
    await reads.passThrough();
    await expect(page.getByRole('heading', { level: 1, name: 'MEP Coordination #5' })).toBeVisible();

    const header = page.getByRole('list', { name: 'Meeting' }).or(page.locator('dl[aria-label="Meeting"]'));
    await expect(header).toContainText('10:00 AM – 11:30 AM');
    await expect(header).toContainText('Wednesday, September 23, 2026');
    await expect(page.getByRole('region', { name: 'Attendees' }).locator('li').first()).toBeVisible();

    const minutes = page.locator('section[aria-labelledby="minutes"]');
    const rows = minutes.locator('tbody tr');
    const completed = minutes.locator('tbody').getByText('Complete', { exact: true });
    await expect(completed).toHaveCount(0);
    const openCount = await rows.count();
    expect(openCount).toBeGreaterThan(0);

    // Overdue minutes are highlighted and say by how much.
    const overdue = minutes.locator('tbody tr[data-overdue="true"]');
    expect(await overdue.count()).toBeGreaterThan(0);
    await expect(overdue.first().getByText(/^Overdue \d+ days?$/)).toBeVisible();
    const background = await overdue.first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await expect(page.getByText(/^\d+ overdue items?$/)).toBeVisible();
    await shot(page, 'meeting');

    // Completed minutes appear with the toggle, which lives in the URL.
    await page.getByRole('switch', { name: /Show completed/ }).click();
    await expect(page).toHaveURL(/completed=1/);
    // The URL changes before the table re-renders: wait for the completed rows, then count.
    await expect(completed.first()).toBeVisible();
    expect(await completed.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeGreaterThan(openCount);
    await page.reload();
    await expect(page.getByRole('switch', { name: /Show completed/ })).toBeChecked();
    await expect(completed.first()).toBeVisible();
    expect(await completed.count()).toBeGreaterThan(0);
    await page.getByRole('switch', { name: /Show completed/ }).click();
    await expect(page).not.toHaveURL(/completed=1/);
    await expect(completed).toHaveCount(0);

    // With hidden ones too: every minute, and the links to the linked RFIs.
    await page.getByRole('switch', { name: /Show completed/ }).click();
    await page.getByRole('switch', { name: /Show hidden/ }).click();
    await expect(page).toHaveURL(/completed=1&hidden=1|hidden=1&completed=1/);
    await expect(page.getByText(/^19 of 19 minutes shown/)).toBeVisible();
    const linked = minutes.getByRole('link', { name: /^Linked issue: / });
    await expect(linked.first()).toBeVisible();
    await shot(page, 'meeting-all');

    // Print view: no chrome, no toggles.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
    await expect(page.getByRole('switch', { name: /Show completed/ })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'MEP Coordination #5' })).toBeVisible();
    await shot(page, 'meeting-print');
    await page.emulateMedia({ media: 'screen' });

    await linked.first().click();
    await expect(page).toHaveURL(/\/projects\/1\/rfis\/4\/1\d\d$/);
  });
});

test('a meeting without minutes says so plainly', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/3/meetings/24000');
  await expect(page.getByRole('heading', { level: 1, name: 'OAC Meeting #11' })).toBeVisible();
  await expect(page.getByTestId('no-minutes')).toContainText(
    'No minutes have been recorded for this meeting yet.',
  );
  await expect(page.getByText('No attendees recorded.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes after the minutes' })).toContainText('None.');
  await shot(page, 'meeting-no-minutes');
});

test('on a phone the minutes are cards, every fact in view without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, seed.pm);
  await page.goto('/projects/1/meetings/3100');
  const schedule = page.getByRole('list', { name: 'Minutes: Schedule' });
  await expect(schedule.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const overdue = schedule.locator('[data-overdue="true"]').first();
  await expect(overdue).toContainText('Responsible');
  await expect(overdue).toContainText(/Overdue \d+ days/i);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'meeting-phone-cards');
});
