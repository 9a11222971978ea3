import { expect, test } from './fixtures';
import { openProject, seed, shot, signIn } from './helpers';

test.describe(() => {
  // Console errors other than unreachable external images (the seed's logo host) are bugs.
  test.use({ failOnPageErrors: { console: { type: 'error', except: /Failed to load resource/ } } });

  test('opening project 1 shows its name and address from the seed', async ({ page }) => {
    await signIn(page, seed.pm);
    await openProject(page, seed.project1.id);
    await expect(page).toHaveURL(/\/projects\/1$/);

    await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
    await expect(page.getByText(`Project number ${seed.project1.number}`)).toBeVisible();
    await expect(page.getByText(seed.project1.addressLine)).toBeVisible();
    await expect(page.getByText(seed.project1.city)).toBeVisible();
    await expect(page.getByText('$48,750,000.00')).toBeVisible();
    await expect(page.getByTestId('current-project')).toHaveText(seed.project1.name);
    // No raw wire dates anywhere on the page.
    await expect(page.getByText('/Date(')).toHaveCount(0);

    const folders = page.getByRole('region', { name: 'Folders' });
    await expect(folders.getByRole('link', { name: /RFIs/ })).toBeVisible();
    await expect(folders.getByRole('link', { name: /Daily Reports/ })).toHaveAttribute(
      'href',
      '/projects/1/daily-reports/7',
    );
    await expect(folders.getByRole('link', { name: /Meetings/ })).toHaveAttribute(
      'href',
      /\/projects\/1\/folders\/\d+$/,
    );
    await expect(folders.getByRole('link', { name: /Submittals/ })).toHaveAttribute(
      'href',
      '/projects/1/submittals/6',
    );
    await expect(folders.getByRole('link', { name: /Punch List/ })).toHaveAttribute(
      'href',
      '/projects/1/punch-list/5',
    );
    await shot(page, 'dashboard');

    // A navbar section opens the container's screen (the RFI list).
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'RFIs' }).click();
    await expect(page).toHaveURL(/\/projects\/1\/rfis\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await shot(page, 'folder-rfis');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect(nav.getByRole('link', { name: 'RFIs' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    // Inside a section (an RFI, a daily report, a folder) its navbar item stays the current one.
    await page
      .getByRole('table', { name: 'RFIs' })
      .getByRole('link', { name: 'RFI-001', exact: true })
      .click();
    await expect(page).toHaveURL(/\/projects\/1\/rfis\/4\/101$/);
    await expect(nav.getByRole('link', { name: 'RFIs' })).toHaveAttribute('aria-current', 'true');
    await nav.getByRole('link', { name: 'Daily reports' }).click();
    await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/\d{4}-\d\d-\d\d$/);
    await expect(nav.getByRole('link', { name: 'Daily reports' })).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('link', { name: 'RFIs' })).not.toHaveAttribute('aria-current');
    await page.goto('/projects/1/folders/11');
    await expect(nav.getByRole('link', { name: 'Folders' })).toHaveAttribute('aria-current', 'true');

    // The project is now among the recently opened ones.
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Start page' })
      .click();
    const recent = page.getByRole('list', { name: 'Recently opened projects' });
    await expect(recent.getByRole('link', { name: seed.project1.name })).toBeVisible();
    await shot(page, 'start-page-recent');
    await recent.getByRole('link', { name: seed.project1.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  });
});

test('an unknown project says it was not found', async ({ page }) => {
  await signIn(page, seed.pm);
  await openProject(page, 999);
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(page.getByTestId('current-project')).toHaveCount(0);
  await expect(page.getByText('Project 999 was not found.')).toBeVisible();
  await shot(page, 'project-not-found');
});

test('the start page rejects an id that is not a number', async ({ page }) => {
  await signIn(page, seed.pm);
  await openProject(page, 'abc' as unknown as number);
  await expect(page.getByText('Enter a project id: a whole number such as 1.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the dark theme is kept across a reload', async ({ page }) => {
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.getByRole('button', { name: /^Colour scheme/ }).click();
  await page.getByRole('button', { name: 'Dark', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'dashboard-dark');
  await page.getByRole('button', { name: 'Colour scheme: Dark' }).click();
  await page.getByRole('button', { name: 'Light', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
