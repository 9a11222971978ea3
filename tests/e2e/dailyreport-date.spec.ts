import { expect, test } from './fixtures';
import { seed, signIn } from './helpers';

// Issue 22: an impossible day in a daily report's address is the route's 404, never the report of another day.
// Project 1's Daily Reports container is folder 7 (seed facts in dailyreports.spec.ts).

test.use({ failOnPageErrors: true });

test('an impossible date in a daily-report address shows "Not found"', async ({ page }) => {
  await signIn(page, seed.pm);
  for (const day of ['2026-13-45', '2026-02-30', '2026-10-32', '2026-00-10']) {
    await page.goto(`/projects/1/daily-reports/7/${day}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' }), day).toBeVisible();
    await expect(page.getByText('No report for this day')).toHaveCount(0);
  }
  // The older address (no container, the day where the container id goes) too.
  await page.goto('/projects/1/daily-reports/2026-02-30');
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();

  // A real day still opens its report.
  await page.goto('/projects/1/daily-reports/7/2026-10-30');
  await expect(page.getByRole('heading', { level: 1, name: 'Friday, October 30, 2026' })).toBeVisible();
});
