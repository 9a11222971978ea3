// Issue 34, "Dates are picked, not typed": the RFI editor's due date is picked from a calendar (the text entry
// stays for keyboards), saved and read back; the phone punch form picks its due date the same way.
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

// Project 1's RFI-012 (folder 112): no other test edits it.
const RFI = '/projects/1/rfis/4/112';

test.use({ failOnPageErrors: true });

test('the RFI editor: open the calendar, pick a day, save, reload: the due date is that day', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  await page.goto(RFI);
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();

  // The field's month opens (typed first, as a keyboard user would), and the typed date is the selected day.
  const due = page.getByLabel('Due date');
  await due.fill('03/10/2027');
  await page.getByRole('button', { name: 'Open the calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Open the calendar' });
  await expect(calendar.getByRole('button', { name: 'March 2027', exact: true })).toBeVisible();
  await expect(calendar.locator('[data-selected]')).toHaveText('10');
  await shot(page, 'date-pick-rfi');

  await calendar.getByRole('button', { name: '24 March 2027', exact: true }).click();
  await expect(calendar).toBeHidden();
  await expect(due).toHaveValue('03/24/2027');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/was saved\./)).toBeVisible();
  await page.reload();
  const dd = page.locator('dt', { hasText: /^Due$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(dd).toHaveText('Mar 24, 2027');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the punch form picks its due date by tapping a day', async ({ page }) => {
    await signIn(page, seed.pm);
    await page.goto('/projects/1/punch-list/5');
    await expect(page.getByRole('heading', { level: 1, name: 'Punch list' })).toBeVisible();
    const due = page.getByLabel('Due date');
    await expect(due).toBeVisible();
    await expect(due).toHaveAttribute('inputmode', 'numeric');
    await page.getByRole('button', { name: 'Open the calendar' }).tap();
    const calendar = page.getByRole('dialog', { name: 'Open the calendar' });
    // An empty field opens this month; a day of it is tapped.
    const day = calendar.locator('button[data-today]');
    await expect(day).toBeVisible();
    await shot(page, 'date-pick-phone');
    await day.tap();
    await expect(calendar).toBeHidden();
    await expect(due).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    const box = await page.getByRole('button', { name: 'Open the calendar' }).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });
});
