// The RFI log for triage (issue 22): ball in court (column, filter, sort), read-only rows marked, drafts never
// overdue, and cards instead of rows on a phone. Expectations are computed from what the service answers
// (operations 2 and 11 read through the API), not from seed figures.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { seed, shot, signIn } from './helpers';

// A service of this spec's own (fresh seed): rfis.spec.ts edits RFIs of the shared one while this runs.
test.use({ serviceEnv: {}, failOnPageErrors: true });

// Project 1's RFI container (the same fact rfis.spec.ts relies on).
const CONTAINER = 4;
const LIST = `/projects/1/rfis/${CONTAINER}`;
const PHONE = { width: 390, height: 844 };

interface ApiRfi {
  folderId: number;
  number?: string;
  subject?: string;
  statusId?: number;
  statusName?: string;
  dueDate?: string;
  closedDate?: string;
  issueFrom?: number;
  fromName?: string;
  issueTo?: number;
  toName?: string;
  userCanModify?: boolean;
}

async function session(request: APIRequestContext, user: { userName: string; password: string }) {
  const res = await request.post('/api/internal/authenticateuser', { data: user });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { authSessionKey: string }).authSessionKey;
}

/** Every RFI of the container as `user` sees it: the folder list, then each RFI's details. */
async function readRfis(request: APIRequestContext, user: { userName: string; password: string }) {
  const authSessionKey = await session(request, user);
  const list = await request.post('/api/internal/folder/readissuefolder', {
    data: { authSessionKey, folderParentId: CONTAINER },
  });
  expect(list.ok()).toBe(true);
  const { folderList } = (await list.json()) as { folderList: Array<{ folderId: number }> };
  expect(folderList.length).toBeGreaterThan(0);
  return Promise.all(
    folderList.map(async ({ folderId }) => {
      const res = await request.post('/api/internal/openissue/read', { data: { authSessionKey, folderId } });
      expect(res.ok()).toBe(true);
      return ((await res.json()) as { openIssue: ApiRfi }).openIssue;
    }),
  );
}

/** The state the console's rule reads from the status name (docs/console-decisions.md, RFIs). */
function stateOf(r: ApiRfi): 'draft' | 'open' | 'answered' | 'closed' {
  const name = r.statusName ?? '';
  if (r.closedDate?.trim() || /closed|void|cancel/i.test(name)) return 'closed';
  if (/answer|respond/i.test(name)) return 'answered';
  if (/draft/i.test(name)) return 'draft';
  return 'open';
}

/** Day number of a text date (MM/DD/YYYY or YYYY-MM-DD). */
function day(text: string | undefined): number | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text ?? '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (us) return Date.UTC(+us[3], +us[1] - 1, +us[2]) / 86_400_000;
  if (iso) return Date.UTC(+iso[1], +iso[2] - 1, +iso[3]) / 86_400_000;
  return undefined;
}

const shownDate = (text: string | undefined) => {
  const d = day(text);
  if (d === undefined) return text ?? '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(d * 86_400_000);
};

/** Today as the browser counts it (its time zone), as a day number. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const n = new Date();
    return Date.UTC(n.getFullYear(), n.getMonth(), n.getDate()) / 86_400_000;
  });

function expectedOverdue(r: ApiRfi, today: number): number {
  const due = day(r.dueDate);
  if (stateOf(r) !== 'open' || due === undefined) return 0;
  return Math.max(0, today - due);
}

function expectedCourt(r: ApiRfi): { id?: number; name?: string } {
  switch (stateOf(r)) {
    case 'closed':
      return {};
    case 'open':
      return { id: r.issueTo, name: r.toName };
    default:
      return { id: r.issueFrom, name: r.fromName };
  }
}

async function openList(page: Page, search = '') {
  await page.goto(`${LIST}${search}`);
  // The first load of a screen (chunk + data) can be slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible({ timeout: 30_000 });
}

/** Waits until every shown row or card has its details. */
async function allLoaded(page: Page, items: Locator, count: number) {
  await expect(items).toHaveCount(count);
  await expect(page.getByText(/Loading RFI details/)).toHaveCount(0);
  await expect(items.and(page.locator('[data-loaded="false"]'))).toHaveCount(0);
}

function rowOf(table: Locator, number: string) {
  return table.locator('tbody tr', { has: table.page().getByRole('link', { name: number, exact: true }) });
}

async function columnIndex(table: Locator, label: string) {
  const headers = await table.locator('thead th').allTextContents();
  const i = headers.findIndex((h) => h.replace(/[↑↓]/g, '').trim() === label);
  expect(i, `column ${label}`).toBeGreaterThanOrEqual(0);
  return i + 1;
}

test('on a phone every RFI is a card with its due date and days overdue, and the page does not scroll sideways', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, seed.admin);
  const rfis = await readRfis(request, seed.admin);
  await openList(page);
  const today = await browserToday(page);

  const cards = page.getByRole('list', { name: 'RFIs' }).getByRole('listitem');
  await allLoaded(page, cards, rfis.length);
  await expect(page.getByRole('table', { name: 'RFIs' })).toBeHidden();

  let overdueCount = 0;
  for (const r of rfis) {
    const card = cards.filter({ has: page.getByRole('link', { name: r.number, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(r.subject!);
    await expect(card).toContainText(r.statusName!);
    await expect(card).toContainText(`Due ${shownDate(r.dueDate)}`);
    const overdue = expectedOverdue(r, today);
    if (overdue > 0) {
      overdueCount++;
      await expect(card.getByText(`${overdue} ${overdue === 1 ? 'day' : 'days'} overdue`)).toBeVisible();
    } else {
      await expect(card).not.toContainText('overdue');
    }
    const court = expectedCourt(r);
    await expect(card).toContainText(`Ball in court: ${court.name ?? 'Nobody'}`);
  }
  expect(overdueCount, 'the seed has overdue RFIs to show').toBeGreaterThan(0);

  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  await shot(page, 'rfi-triage-phone');

  // The table's headers are hidden: "Sort by" sorts the cards (most overdue first, as a header click would).
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Days overdue' }).click();
  await expect(page).toHaveURL(/sort=overdue&dir=desc/);
  await expect(page.getByRole('button', { name: 'Descending' })).toHaveAttribute('aria-pressed', 'true');
  // Ties keep number order either way.
  const max = Math.max(...rfis.map((r) => expectedOverdue(r, today)));
  const most = rfis
    .filter((r) => expectedOverdue(r, today) === max)
    .map((r) => r.number!)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  await expect(cards.first().getByRole('link')).toHaveText(most[0]);
  await page.getByRole('button', { name: 'Descending' }).click();
  await expect(page).toHaveURL(/sort=overdue(?!&dir)/);
  await expect(cards.last().getByRole('link')).toHaveText(most[most.length - 1]);

  // A card opens its RFI, like a row.
  const first = rfis.find((r) => r.number === 'RFI-001') ?? rfis[0];
  await cards.getByRole('link', { name: first.number, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${first.folderId}$`));
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
});

for (const mode of ['light', 'dark'] as const) {
  test(`the phone cards have no axe violations (${mode})`, async ({ page }) => {
    await page.addInitScript((m) => localStorage.setItem('mantine-color-scheme-value', m), mode);
    await page.setViewportSize(PHONE);
    await signIn(page, seed.pm);
    // Overdue first, so red badges, a read-only badge further down and every status are in the scan.
    await openList(page, '?sort=overdue&dir=desc');
    const cards = page.getByRole('list', { name: 'RFIs' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(/Loading RFI details/)).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    await shot(page, `rfi-triage-phone-${mode}`);
  });
}

test('ball in court: a column, a filter kept in the URL, and a sort', async ({ page, request }) => {
  await signIn(page, seed.admin);
  const rfis = await readRfis(request, seed.admin);
  await openList(page);
  const table = page.getByRole('table', { name: 'RFIs' });
  const rows = table.locator('tbody tr');
  await allLoaded(page, rows, rfis.length);

  // The column says who each RFI waits on.
  const col = await columnIndex(table, 'Ball in court');
  for (const r of rfis) {
    await expect(rowOf(table, r.number!).locator(`td:nth-child(${col})`)).toHaveText(
      expectedCourt(r).name ?? 'Nobody',
    );
  }

  // Filter: the person most RFIs wait on.
  const byPerson = new Map<number, { name: string; numbers: string[] }>();
  for (const r of rfis) {
    const c = expectedCourt(r);
    if (c.id === undefined) continue;
    const entry = byPerson.get(c.id) ?? { name: c.name!, numbers: [] };
    entry.numbers.push(r.number!);
    byPerson.set(c.id, entry);
  }
  const [personId, person] = [...byPerson].sort((a, b) => b[1].numbers.length - a[1].numbers.length)[0];
  expect(person.numbers.length).toBeGreaterThan(1);
  const select = page.getByRole('combobox', { name: 'Ball in court' });
  await select.click();
  await page.getByRole('option', { name: `${person.name} (${person.numbers.length})` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]court=${personId}(&|$)`));
  const expected = [...person.numbers].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  await expect(rows.locator('td:first-child a')).toHaveText(expected);
  await expect(page.getByText(`${rfis.length} RFIs · ${expected.length} shown`)).toBeVisible();
  await shot(page, 'rfi-triage-court-filter');

  // The URL carries it: a reload shows the same.
  await page.reload();
  await expect(select).toHaveValue(`${person.name} (${person.numbers.length})`);
  await expect(rows.locator('td:first-child a')).toHaveText(expected);

  // Sort by ball in court: names in order, nobody (closed) last; the other way round nobody first.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/court=/);
  await expect(rows).toHaveCount(rfis.length);
  await table.getByRole('button', { name: /^Ball in court/ }).click();
  await expect(page).toHaveURL(/sort=court/);
  await expect(table.getByRole('columnheader', { name: /Ball in court/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const names = rfis.map((r) => expectedCourt(r).name ?? '');
  const ascending = names
    .filter((n) => n)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }))
    .concat(names.filter((n) => !n).map(() => 'Nobody'));
  await expect(rows.locator(`td:nth-child(${col})`)).toHaveText(ascending);
  await table.getByRole('button', { name: /^Ball in court/ }).click();
  await expect(page).toHaveURL(/sort=court&dir=desc/);
  await expect(rows.locator(`td:nth-child(${col})`)).toHaveText([...ascending].reverse());
});

test('as pm, an RFI pm cannot change is marked Read-only in its row and its card', async ({
  page,
  request,
}) => {
  await signIn(page, seed.pm);
  const rfis = await readRfis(request, seed.pm);
  const readOnly = rfis.filter((r) => r.userCanModify === false);
  expect(readOnly.length, 'pm has a read-only RFI in the seed').toBeGreaterThan(0);
  await openList(page);
  const table = page.getByRole('table', { name: 'RFIs' });
  await allLoaded(page, table.locator('tbody tr'), rfis.length);

  for (const r of readOnly) {
    await expect(rowOf(table, r.number!).getByRole('img', { name: 'Read-only' })).toBeVisible();
  }
  await expect(table.getByRole('img', { name: 'Read-only' })).toHaveCount(readOnly.length);
  await shot(page, 'rfi-triage-read-only');

  await page.setViewportSize(PHONE);
  const cards = page.getByRole('list', { name: 'RFIs' }).getByRole('listitem');
  const card = cards.filter({ has: page.getByRole('link', { name: readOnly[0].number, exact: true }) });
  await expect(card.getByText('Read-only')).toBeVisible();
  await expect(cards.getByText('Read-only')).toHaveCount(readOnly.length);
});

test('a draft past its due date is not overdue; neither is an answered one', async ({ page, request }) => {
  await signIn(page, seed.pm);
  await openList(page);
  const today = await browserToday(page);
  let rfis = await readRfis(request, seed.pm);
  const drafts = rfis.filter((r) => stateOf(r) === 'draft' && r.userCanModify !== false);
  expect(drafts.length, 'the seed has drafts').toBeGreaterThan(0);
  if (!drafts.some((r) => (day(r.dueDate) ?? Infinity) < today)) {
    // None past due yet: move one draft's due date ten days back, through the update operation.
    const past = new Date((today - 10) * 86_400_000);
    const dueDate = `${String(past.getUTCMonth() + 1).padStart(2, '0')}/${String(past.getUTCDate()).padStart(2, '0')}/${past.getUTCFullYear()}`;
    const authSessionKey = await session(request, seed.pm);
    const res = await request.post('/api/internal/openissue/update', {
      data: { authSessionKey, openIssue: { folderId: drafts[0].folderId, dueDate } },
    });
    expect(res.ok()).toBe(true);
    rfis = await readRfis(request, seed.pm);
    await page.reload();
  }
  const pastDue = (state: string) =>
    rfis.filter((r) => stateOf(r) === state && (day(r.dueDate) ?? Infinity) < today);
  const draftsPastDue = pastDue('draft');
  expect(draftsPastDue.length).toBeGreaterThan(0);

  const table = page.getByRole('table', { name: 'RFIs' });
  await allLoaded(page, table.locator('tbody tr'), rfis.length);
  for (const r of [...draftsPastDue, ...pastDue('answered')]) {
    const row = rowOf(table, r.number!);
    await expect(row).toContainText(shownDate(r.dueDate));
    await expect(row.getByLabel(/days overdue/)).toHaveCount(0);
  }
  // Open ones past due are.
  for (const r of pastDue('open')) {
    await expect(rowOf(table, r.number!).getByLabel(`${today - day(r.dueDate)!} days overdue`)).toBeVisible();
  }

  // "Overdue only" leaves the drafts out.
  await page.getByLabel('Overdue only').check();
  await expect(table.locator('tbody tr')).toHaveCount(pastDue('open').length);
  for (const r of draftsPastDue) await expect(rowOf(table, r.number!)).toHaveCount(0);

  // The RFI screen agrees.
  await page.goto(`${LIST}/${draftsPastDue[0].folderId}`);
  await expect(page.getByRole('note', { name: 'Ball in court' })).toContainText('Draft');
  await expect(page.getByText(/^Overdue by/)).toHaveCount(0);
});
