// The punch list on a phone (issue 21, item 4): at 390 × 844 with touch, the one-item form with the location
// carried over, items saved offline to the outbox and created exactly once when the connection is back; an item
// with a missing required field is refused at the field and not queued. Also: the RFI and daily-report screens
// stay readable at this width (screenshots, light and dark).
import { type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { seed, shot as fullShot, signIn } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// A service of its own: "exactly three created" is proven by the project's next punch number, which another
// worker's punch items would move.
test.use({ serviceEnv: { PUNCH_PHONE_SPEC: '1' } });

const PUNCH_FOLDER = 5; // project 1's punch-list container (docs/service-domain.md)
const URL_PATH = `/projects/1/punch-list/${PUNCH_FOLDER}`;
const CREATE_PATH = '/api/internal/punchlist/createmany';

interface SentItem {
  tempItemId: string;
  summary: string;
  locationSite?: string;
  locationBuilding?: string;
  locationFloor?: string;
  locationRoom?: string;
}

const form = (page: Page) => page.getByRole('region', { name: 'New item' });
const input = (page: Page, name: string) => form(page).getByRole('textbox', { name, exact: true });
const summaryInput = (page: Page) => form(page).getByRole('textbox', { name: /^Summary/ });
const saved = (page: Page) => page.getByRole('list', { name: 'Saved items' }).getByRole('listitem');

async function sessionKey(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('pm-console.session')!).sessionKey as string);
}

/** Creates one item through the API and returns its number: the project's next number at that moment. */
async function probe(page: Page, key: string): Promise<number> {
  const reply = await page.request.post(CREATE_PATH, {
    data: {
      authSessionKey: key,
      punchlistList: [
        { folderId: PUNCH_FOLDER, summary: 'Probe', tempItemId: `probe-${Date.now()}-${Math.random()}` },
      ],
    },
  });
  expect(reply.ok()).toBe(true);
  return Number((await reply.json()).returnedIdList[0].PunchListNumber);
}

/** Entries in the outbox's IndexedDB database (every user's), its sequence counter left out. */
async function outboxEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('pm-console-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve(0);
          const keys = db.transaction('entries').objectStore('entries').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.filter((k) => k !== 'meta:seq').length);
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

async function openPhoneForm(page: Page) {
  await page.goto(URL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Punch list' })).toBeVisible();
  await expect(summaryInput(page)).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
}

test('offline: three items through the phone form, the location carried over; online: exactly three created, a lost reply too', async ({
  page,
  context,
}) => {
  await signIn(page, seed.pm);
  await openPhoneForm(page);
  // Every target of the form is at least 44 px tall.
  for (const target of [
    summaryInput(page),
    input(page, 'Room'),
    form(page).getByRole('button', { name: 'Save and next' }),
  ]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  const key = await sessionKey(page);
  const before = await probe(page, key);
  const sent: SentItem[][] = [];
  let dropped = 0;
  await page.route(`**${CREATE_PATH}`, async (route) => {
    sent.push(route.request().postDataJSON().punchlistList);
    if (dropped++ === 0) {
      await route.fetch(); // the service creates the first item…
      await route.abort('connectionreset'); // …but its reply never reaches the browser
      return;
    }
    await route.continue();
  });

  await context.setOffline(true);
  // 1: everything typed, tapped "Save and next".
  await summaryInput(page).fill('Cracked floor tile at entry');
  await input(page, 'Site').fill('North');
  await input(page, 'Building').fill('A');
  await input(page, 'Floor').fill('2');
  await input(page, 'Room').fill('204 Lobby');
  await input(page, 'Due date').fill('12/15/2026');
  await form(page).getByRole('button', { name: 'Save and next' }).tap();
  await expect(saved(page)).toHaveCount(1);
  await expect(summaryInput(page)).toHaveValue('');
  await expect(summaryInput(page)).toBeFocused();
  await expect(input(page, 'Site')).toHaveValue('North');
  await expect(input(page, 'Room')).toHaveValue('204 Lobby');
  await expect(input(page, 'Due date')).toHaveValue('');
  // 2: the summary only, the location as carried over.
  await summaryInput(page).fill('Paint touch-up at door 204');
  await form(page).getByRole('button', { name: 'Save and next' }).tap();
  await expect(saved(page)).toHaveCount(2);
  // 3: Enter in the last field saves.
  await summaryInput(page).fill('Missing outlet cover plate');
  await input(page, 'Responsible parties').fill('Electrician');
  await input(page, 'Responsible parties').press('Enter');
  await expect(saved(page)).toHaveCount(3);
  for (const item of await saved(page).all()) await expect(item).toContainText('Queued');
  await expect(saved(page).first()).toContainText('Missing outlet cover plate');
  await expect(saved(page).first()).toContainText('North · A · 2 · 204 Lobby');
  await shot(page, 'phone-punch-offline-light');
  expect(sent).toHaveLength(0);
  expect(await outboxEntries(page)).toBe(3);

  await context.setOffline(false);
  await expect(saved(page).filter({ hasText: 'Created' })).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Created from this browser' }).getByRole('row')).toHaveCount(
    4,
  );
  await shot(page, 'phone-punch-created-light');
  expect(await outboxEntries(page)).toBe(0);

  // What reached the service: the three items, in order, each under its own TempItemId, the second and third
  // with the first's location; the first twice (its reply was lost), under the same TempItemId.
  expect(sent).toHaveLength(4);
  expect(sent[1]).toEqual(sent[0]);
  const items = sent.slice(1).flat();
  expect(items.map((i) => i.summary)).toEqual([
    'Cracked floor tile at entry',
    'Paint touch-up at door 204',
    'Missing outlet cover plate',
  ]);
  const location = (i: SentItem) => [i.locationSite, i.locationBuilding, i.locationFloor, i.locationRoom];
  for (const item of items) expect(location(item)).toEqual(['North', 'A', '2', '204 Lobby']);
  const ids = new Set(items.map((i) => i.tempItemId));
  expect(ids.size).toBe(3);

  // Exactly three were created: their TempItemIds answer three numbers right after the probe before, and
  // create nothing again; the next number follows them directly.
  const again = await page.request.post(CREATE_PATH, { data: { authSessionKey: key, punchlistList: items } });
  const againJson = await again.json();
  expect(againJson.numberOfRecordsEffected).toBe(0);
  const numbers = againJson.returnedIdList.map((e: Record<string, string>) => Number(e.PunchListNumber));
  expect([...numbers].sort((a: number, b: number) => a - b)).toEqual([before + 1, before + 2, before + 3]);
  expect(await probe(page, key)).toBe(before + 4);
});

test('an item with a missing required field shows the reason at the field and is not queued', async ({
  page,
  context,
}) => {
  await signIn(page, seed.pm);
  await openPhoneForm(page);
  await context.setOffline(true);
  await input(page, 'Site').fill('South');
  await input(page, 'Room').fill('12');
  await form(page).getByRole('button', { name: 'Save and next' }).tap();
  await expect(summaryInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(summaryInput(page)).toHaveAccessibleDescription('Summary is required.');
  await expect(summaryInput(page)).toBeFocused();
  await expect(input(page, 'Site')).toHaveValue('South');
  await expect(page.getByRole('list', { name: 'Saved items' })).toHaveCount(0);
  expect(await outboxEntries(page)).toBe(0);
  await shot(page, 'phone-punch-missing-light');
  await context.setOffline(false);
});

test('the phone form in the dark scheme (no serious axe violations), and the grid on request', async ({
  page,
}) => {
  await darkScheme(page);
  await signIn(page, seed.pm);
  await openPhoneForm(page);
  await form(page)
    .getByRole('button', { name: /^More fields/ })
    .tap();
  await expect(input(page, 'Drawing detail')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'phone-punch-form-dark');
  expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);
  await page.getByRole('button', { name: 'Use the grid' }).tap();
  await expect(page.getByRole('grid', { name: 'New punch-list items' })).toBeVisible();
  await page.getByRole('button', { name: 'One item at a time' }).tap();
  await expect(summaryInput(page)).toBeVisible();
});

/** A full-page screenshot from the top (scrolled, the fixed header would be drawn mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

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
