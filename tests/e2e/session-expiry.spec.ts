// A real expiry: this file runs its own service with 5-second sessions, lets the session lapse while
// the page sits idle, and checks that the console asks to sign in again over the page and then carries on.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

const TTL_SECONDS = 5;

test.describe.configure({ mode: 'serial' });
test.use({ serviceEnv: { SESSION_TTL_SECONDS: String(TTL_SECONDS) } });

async function letSessionExpire(page: Page) {
  await page.waitForTimeout(TTL_SECONDS * 1000 + 1500);
}

async function signInAgain(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveValue(seed.pm.userName);
  return dialog;
}

test('an expired session re-opens sign-in in place and the page continues', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

  // Type, let the session lapse, then go on as if nothing happened.
  await page.getByLabel('Project id').fill(String(seed.project1.id));
  await letSessionExpire(page);
  await page.getByRole('button', { name: 'Open', exact: true }).click();

  const dialog = await signInAgain(page);
  // The page behind is the one the user left, with what they typed.
  await expect(page.getByLabel('Project id')).toHaveValue(String(seed.project1.id));
  await shot(page, 'session-expired-dialog');

  await dialog.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  // The refused request was sent again: the project opens, without a reload.
  await expect(page).toHaveURL(/\/projects\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  await shot(page, 'session-expired-continued');
});

test('an expiry while reading a project: the next section opens after signing in again', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.getByLabel('Project id').fill(String(seed.project1.id));
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();

  await letSessionExpire(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'RFIs' }).click();
  const dialog = await signInAgain(page);
  // Still the dashboard underneath.
  await expect(page.getByText(seed.project1.addressLine)).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
});

test('a key that worked in this browser and then lapsed says "expired", after a reload too', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  await letSessionExpire(page);
  await page.goto('/projects/1');
  const dialog = await signInAgain(page);
  await expect(dialog.getByText('Your session has expired.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'You are not signed in' })).toHaveCount(0);
});
