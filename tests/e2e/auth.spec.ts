import { expect, test } from '@playwright/test';
import { fillSignIn, openProject, seed, shot, signIn } from './helpers';

test('wrong password shows the error at the form', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin/);
  await shot(page, 'sign-in');
  await fillSignIn(page, seed.pm.userName, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('The user name or password is not correct.');
  await expect(page.getByLabel('Username')).toHaveValue(seed.pm.userName);
  await expect(page).toHaveURL(/\/signin/);
  await shot(page, 'sign-in-wrong-password');
});

test('empty fields are caught before anything is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/authenticateuser')) sent.push(r.url());
  });
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your user name.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await shot(page, 'sign-in-empty-fields');
  expect(sent).toEqual([]);
});

test('sign-in lands on the start page and keeps no password', async ({ page }) => {
  await signIn(page, seed.pm);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('current-user')).toHaveText(seed.pm.userName);
  await expect(page.getByLabel('Project id')).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(stored).toContain('sessionKey');
  expect(stored).not.toContain(`"password"`);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('"password"');
  await shot(page, 'start-page');
});

test('the admin is recognised as such', async ({ page }) => {
  await signIn(page, seed.admin);
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
});

test('a deep link opened signed out returns there after sign-in', async ({ page }) => {
  await page.goto('/projects/1/folders/4');
  await expect(page).toHaveURL(/\/signin\?next=%2Fprojects%2F1%2Ffolders%2F4$/);
  await expect(page.getByText('Sign in to open the page you asked for.')).toBeVisible();
  await shot(page, 'deep-link-sign-in');
  await fillSignIn(page, seed.pm.userName, seed.pm.password);
  await expect(page).toHaveURL(/\/projects\/1\/folders\/4$/);
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
  await shot(page, 'deep-link-after-sign-in');
});

test('sign-out returns to sign-in and Back shows no project data', async ({ page }) => {
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByText(seed.project1.name)).toHaveCount(0);
  await expect(page.getByText(seed.project1.addressLine)).toHaveCount(0);
  await shot(page, 'sign-out-then-back');
});
