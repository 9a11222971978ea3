import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';
import { holdRequests } from './waves';

// Seed facts (server/db/seed.ts): project 1 has a daily report for each working day 09/21–10/30/2026 in its Daily
// Reports container (folder 7); project 3 (container 20007) also has a Saturday report (10/31/2026) without
// weather, deliveries, issues or visitors.

/** "6 / 48 h" → {people: 6, hours: 48}; "—" → zeros. */
function crew(text: string) {
  const m = /^(\d+) \/ ([\d,.]+) h$/.exec(text.trim());
  return m ? { people: Number(m[1]), hours: Number(m[2].replace(/,/g, '')) } : { people: 0, hours: 0 };
}

test.describe(() => {
  test.use({ failOnPageErrors: true });

  test('open a daily report, check a total against its activities, go to the next one, print it', async ({
    page,
  }) => {
    await signIn(page, seed.pm);

    // The report (operation 8) and its activities (operation 9) go out together.
    // Both are held until both have been asked for: neither waits for the other's reply.
    const reads = await holdRequests(page, /dailyreport\/get$|getdailyreportactivitiesbyreport$/i);
    await page.goto('/projects/1/daily-reports/7/2026-10-29', { waitUntil: 'commit' });
    await reads.waitFor(/dailyreport\/get$/i, /getdailyreportactivitiesbyreport$/i);
    await reads.passThrough();
    await expect(page.getByRole('heading', { level: 1, name: 'Thursday, October 29, 2026' })).toBeVisible();

    await expect(page.getByText('Riverside Medical Office Building (2025-014)').first()).toBeVisible();
    const weather = page.getByRole('region', { name: 'Weather' });
    await expect(weather.getByText('Temperature', { exact: true })).toBeVisible();
    await expect(weather.getByText(/°F$/)).toBeVisible();

    // Tradesmen: the total in "By trade" is the sum of the activities' Tradesmen cells.
    const activities = page.getByRole('table', { name: 'Activities' });
    const rows = activities.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    const cells = (await activities.locator('tbody td[data-trade="tradesman"]').allTextContents()).map(crew);
    const sum = cells.reduce((a, c) => ({ people: a.people + c.people, hours: a.hours + c.hours }), {
      people: 0,
      hours: 0,
    });
    expect(sum.people).toBeGreaterThan(0);
    const tradesmen = page.getByRole('table', { name: 'By trade' }).getByRole('row', { name: /^Tradesmen/ });
    await expect(tradesmen.getByRole('cell')).toHaveText([String(sum.people), `${sum.hours} h`]);
    // …and the activities table's own total row agrees.
    await expect(activities.locator('tfoot [data-trade="tradesman"]')).toHaveText(
      `${sum.people} / ${sum.hours} h`,
    );
    await expect(page.getByRole('img', { name: /^Hours by trade: Foreman/ })).toBeVisible();
    await shot(page, 'dailyreport');

    await page.getByRole('link', { name: 'Next report: Oct 30, 2026' }).click();
    await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/2026-10-30$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Friday, October 30, 2026' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Previous report: Oct 29, 2026' })).toBeVisible();

    // Print view: no header, navbar or buttons; the sheet fits the printable width of A4 (186 mm ≈ 703 px).
    await page.setViewportSize({ width: 703, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: /Previous report/ })).toBeHidden();
    await expect(page.getByRole('table', { name: 'Activities' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Friday, October 30, 2026' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'dailyreport-print');
    await page.pdf({ path: 'test-results/screens/dailyreport-print-a4.pdf', format: 'A4' });
    await page.pdf({ path: 'test-results/screens/dailyreport-print-letter.pdf', format: 'Letter' });
  });
});

test('the daily reports section opens the latest report; a day without one offers the nearest', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1');
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Daily reports' })
    .click();
  await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/2026-10-30$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Friday, October 30, 2026' })).toBeVisible();

  await page.goto('/projects/1/daily-reports/7/2026-10-31');
  await expect(page.getByText('No report for this day')).toBeVisible();
  await page.getByRole('link', { name: 'Earlier: Oct 30, 2026' }).click();
  await expect(page).toHaveURL(/\/daily-reports\/7\/2026-10-30$/);

  await page.goto('/projects/1/daily-reports/7/not-a-date');
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  // A folder that is not a Daily Reports container of the project: the RFIs container, project 3's reports.
  for (const url of ['/projects/1/daily-reports/4/2026-10-30', '/projects/1/daily-reports/20007']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  }
});

test('older bookmarks without the container open the same report at its new address', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();

  // A day: the same day in the project's Daily Reports container, replacing the old address in the history.
  await page.goto('/projects/1/daily-reports/2026-10-29');
  await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/2026-10-29$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thursday, October 29, 2026' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Activities' }).locator('tbody tr').first()).toBeVisible();
  await shot(page, 'dailyreport-old-bookmark');
  await page.goBack();
  await expect(page).toHaveURL(/\/projects\/1$/);

  // No day: the latest report.
  await page.goto('/projects/1/daily-reports');
  await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/2026-10-30$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Friday, October 30, 2026' })).toBeVisible();
});

test('a bookmarked report needs two waves of reads: its container’s reports beside the project, then the report', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  // Every read is held until the test lets its wave go. Wave 1, asked for at once: the project, the container and
  // its reports. Wave 2, after their replies: the report and its activities. Then the report shows with nothing
  // more let through, so no third wave of reads stands between a bookmark and its report.
  const reads = await holdRequests(page, /\/api\/internal\/|\/json\/reply\//);
  await page.goto('/projects/1/daily-reports/7/2026-10-29', { waitUntil: 'commit' });
  await reads.waitFor(/\/project\/get$/, /\/folder\/get$/, /\/folder\/readissuefolder$/);
  const first = await reads.release();
  expect(first.some((u) => /dailyreport/i.test(u))).toBe(false);
  await reads.waitFor(/\/dailyreport\/get$/i, /getdailyreportactivitiesbyreport$/i);
  await reads.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Thursday, October 29, 2026' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Activities' }).locator('tbody tr').first()).toBeVisible();
  await reads.passThrough();
});

test('a report without weather says so plainly', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/3/daily-reports/20007/2026-10-31');
  await expect(page.getByRole('heading', { level: 1, name: 'Saturday, October 31, 2026' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weather' })).toContainText(
    'No weather was recorded for this report.',
  );
  await expect(page.getByText('No deliveries recorded.')).toBeVisible();
  await expect(page.getByText('No issues recorded.')).toBeVisible();
  await expect(page.getByText('No visitors recorded.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Activities' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'By subcontractor' })).toContainText(
    'No subcontractor crews.',
  );
  await expect(page.getByRole('button', { name: 'No later report' })).toBeDisabled();
  await shot(page, 'dailyreport-no-weather');
});
