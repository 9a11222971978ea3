import { expect, test } from './fixtures';
import { seed, signIn } from './helpers';

// Issue 22 on the daily report: an impossible day in its address is the route's 404, never the report of another
// day; its print view never breaks a word in the middle. Project 1's Daily Reports container is folder 7 (seed
// facts in dailyreports.spec.ts).

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

test('the print view breaks lines between words, never inside one', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1/daily-reports/7/2026-10-30');
  await expect(page.getByRole('table', { name: 'Activities' })).toBeVisible();
  // The printable width of A4 (186 mm ≈ 703 px), in print media.
  await page.setViewportSize({ width: 703, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();

  const cell = page.getByRole('table', { name: 'Activities' }).locator('tbody td').first();
  const style = await cell.evaluate((el) => {
    const s = getComputedStyle(el);
    return { hyphens: s.hyphens, overflowWrap: s.overflowWrap, wordBreak: s.wordBreak };
  });
  expect(style.hyphens).not.toBe('auto');
  expect(style.overflowWrap).not.toBe('anywhere');
  expect(style.wordBreak).not.toBe('break-all');

  // Every word of the sheet is on one line (a word no longer than 24 characters: only a long token such as a
  // URL may be broken, where it cannot fit a line at all).
  const broken = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        if (word[0].length > 24) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) found.push(word[0]);
      }
    }
    return found;
  });
  expect(broken).toEqual([]);
  // …and the sheet still fits the page.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
