// Excel (issue 36): the RFI log and the request log exported as .xlsx and read back here with exceljs (the same
// rows in the same order as the screen, typed cells, a frozen header and an autofilter), and a 500-row workbook
// imported into the punch list: its three bad cells named by row and column, nothing sent until they are fixed,
// then one request creates all 500. Each test finds its own rows (its own session, its own mark).
import type { Download, Page, Request } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { seed, shot, signIn, waitForServiceWorker, signInApi, sessionIdOf } from './helpers';

// A service of its own: the punch list's 500 items and the log's rows stay out of the other specs' way.
test.use({ serviceEnv: {}, failOnPageErrors: true });
test.describe.configure({ timeout: 120_000 });

const mark = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

async function exportExcel(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  return download;
}

/** The sheet's rows below the header, each cell's value (null when empty). */
function body(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    out.push(Array.from({ length: ws.columnCount }, (_, c) => row.getCell(c + 1).value ?? null));
  }
  return out;
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

test('the RFI log as .xlsx: the rows shown, in their order, with typed cells', async ({ page }) => {
  await signIn(page, seed.pm);
  // Overdue ones, latest due first: a filter and a sort of the screen's own.
  await page.goto('/projects/1/rfis/4?overdue=1');
  const table = page.getByRole('table', { name: 'RFIs' });
  await expect(table.locator('tbody tr[data-loaded="false"]')).toHaveCount(0);
  await table.getByRole('button', { name: /Due date/ }).click();
  await expect(page).toHaveURL(/sort=due/);
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    );
  expect(shown.length).toBeGreaterThan(1);
  await shot(page, 'xlsx-export-buttons-rfis');

  const download = await exportExcel(page);
  expect(download.suggestedFilename()).toMatch(/^rfis-project-1-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const ws = (await workbookOf(download)).getWorksheet('RFIs')!;
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(ws.getRow(1).values).toEqual([
    undefined,
    'Number',
    'Subject',
    'Status',
    'From',
    'To',
    'Ball in court',
    'Due date',
    'Days overdue',
    'Cost impact',
    'Change order amount',
  ]);
  const rows = body(ws);
  expect(ws.autoFilter).toBe(`A1:J${rows.length + 1}`); // read back as the range it covers
  expect(rows.map((r) => r[0])).toEqual(shown.map((s) => s[0])); // the same RFIs, in the screen's order
  rows.forEach((r, i) => {
    const s = shown[i];
    expect(r[1]).toBe(s[1]);
    expect(r[2]).toBe(s[2]);
    // The due date is a date cell, the day the screen shows; days overdue a number.
    expect(r[6]).toBeInstanceOf(Date);
    expect(day.format(r[6] as Date)).toBe(s[5]);
    expect(r[7]).toBe(Number(s[6]));
    expect(typeof r[8] === 'boolean' || r[8] === null).toBe(true);
  });
  expect(ws.getCell('G2').numFmt).toBe('yyyy-mm-dd');
});

test('the request log’s loaded window as .xlsx: the same requests, times as date-times', async ({
  page,
  request,
}) => {
  const admin = await signInApi(request, seed.admin);
  const pm = await signInApi(request, seed.pm);
  const session = sessionIdOf(pm.sessionKey); // this test's own rows
  const post = (path: string, data: object) =>
    request.post(path, { data: { authSessionKey: pm.sessionKey, ...data } });
  for (let i = 0; i < 3; i++) await post('/api/internal/project/get', { projectId: 1 });
  await post('/api/internal/folder/get', { folderId: 'abc' });
  await expect
    .poll(async () => {
      const res = await request.get(`/requestlogs?take=100&sessionId=${session}`, {
        headers: { Authorization: `Bearer ${admin.apiKey}` },
      });
      return ((await res.json()) as { results: unknown[] }).results.length;
    })
    .toBe(5);

  const value = JSON.stringify({ ...admin, userName: 'admin', isAdmin: true, confirmed: true });
  await page.addInitScript((v) => sessionStorage.setItem('pm-console.session', v), value);
  // Sorted by duration, the slowest first: the export follows the table's order, not the service's.
  await page.goto(`/admin/request-log?SessionId=${session}&sort=-duration`);
  const rows = page.getByRole('grid', { name: 'Requests' }).locator('[role="row"][data-id]');
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const shown = await rows.evaluateAll((rs) =>
    rs.map((r) => {
      const cells = [...r.querySelectorAll('[role="gridcell"]')];
      const iso = cells[1]?.getAttribute('title') ?? '';
      const d = new Date(iso);
      // The wall time the screen shows, as the cell holds it (Excel has no time zones).
      const wall = Date.UTC(
        d.getFullYear(),
        d.getMonth(),
        d.getDate(),
        d.getHours(),
        d.getMinutes(),
        d.getSeconds(),
        d.getMilliseconds(),
      );
      return { id: Number(r.getAttribute('data-id')), wall, path: cells[3]?.textContent ?? '' };
    }),
  );
  await shot(page, 'xlsx-export-buttons-requestlog');

  const download = await exportExcel(page);
  expect(download.suggestedFilename()).toMatch(/^request-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const ws = (await workbookOf(download)).getWorksheet('Request log')!;
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(ws.autoFilter).toBe('A1:L6');
  const got = body(ws);
  expect(got.map((r) => r[0])).toEqual(shown.map((s) => s.id)); // ids as numbers, the screen's order
  got.forEach((r, i) => {
    expect(r[1]).toBeInstanceOf(Date);
    expect((r[1] as Date).getTime()).toBe(shown[i].wall);
    expect(shown[i].path).toContain(r[3] as string);
    expect(r[7]).toBe(session);
    expect(typeof r[9]).toBe('number');
    if (i > 0) expect(r[9] as number).toBeLessThanOrEqual(got[i - 1][9] as number);
    expect(typeof r[10]).toBe('boolean');
  });
  expect(got.filter((r) => r[10] === true).map((r) => r[3])).toEqual(['/api/internal/folder/get']);
});

const PUNCH = '/projects/1/punch-list/5';

/** A 500-row workbook as a user's spreadsheet has it: odd-case headers, date cells and text dates, 3 bad cells. */
async function walkBook(tag: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Walk');
  ws.addRow(['SUMMARY', 'room', 'Due Date', 'STATUS', 'cost']);
  for (let n = 1; n <= 500; n++) {
    const due: string | Date =
      n % 2 ? new Date(Date.UTC(2026, 11, 1 + (n % 28))) : `12/${String(1 + (n % 28)).padStart(2, '0')}/2026`;
    ws.addRow([`${tag} item ${n}`, `R${n}`, due, n % 3 ? 'Open' : 'ready for review', n % 5 ? '' : 100 + n]);
  }
  ws.getCell('C11').value = '02/30/2027'; // row 11: item 10, no such day
  ws.getCell('E201').value = 'lots'; // row 201: item 200
  ws.getCell('D451').value = 'Bogus'; // row 451: item 450
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a 500-row workbook with 3 bad cells: named, nothing sent until fixed, then one request', async ({
  page,
}) => {
  const tag = `XL-${mark()}`;
  await signIn(page, seed.pm);
  const creates: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/punchlist/createmany')) creates.push(r);
  });
  await page.goto(PUNCH);
  await expect(page.getByRole('grid', { name: 'New punch-list items' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: `${tag}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await walkBook(tag),
  });
  const dialog = page.getByRole('dialog', { name: `Import ${tag}.xlsx` });
  await expect(dialog.getByText('3 cells to fix in 3 rows')).toBeVisible({ timeout: 30_000 });
  const problems = dialog.getByTestId('import-problems');
  await expect(problems).toContainText('Row 11, column C (Due Date): Due date is not a date');
  await expect(problems).toContainText('Row 201, column E (cost): Cost must be a number');
  await expect(problems).toContainText('Row 451, column D (STATUS): Status must be one of');
  await expect(dialog.getByRole('table', { name: 'Import preview' })).toContainText(`${tag} item 1`);
  await shot(page, 'xlsx-import-bad-cells');
  await dialog.getByRole('button', { name: 'Add 500 rows' }).click();
  await expect(dialog).toBeHidden();

  // Creating now sends nothing: the problems are listed under the grid.
  await page.getByRole('button', { name: 'Create 500 items' }).click();
  const panel = page.getByRole('region', { name: 'Problems' });
  await expect(panel).toContainText('3 rows with problems');
  await page.waitForTimeout(500);
  expect(creates).toHaveLength(0);

  // Fixed in the grid, each from its entry in the list.
  for (const [name, fix] of [
    [/Row 10 · Due date/, '12/30/2026'],
    [/Row 200 · Cost/, '250'],
    [/Row 450 · Status/, 'Open'],
  ] as const) {
    await panel.getByRole('button', { name }).click();
    await expect(page.locator('[role="grid"] input:focus')).toBeVisible();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(fix);
  }
  await expect(panel).toBeHidden();
  expect(creates).toHaveLength(0);

  await page.getByRole('button', { name: 'Create 500 items' }).click();
  await expect(page.getByText('500 items created')).toBeVisible({ timeout: 60_000 });
  expect(creates).toHaveLength(1);
  const sent = (creates[0].postDataJSON() as { punchlistList: Array<Record<string, unknown>> }).punchlistList;
  expect(sent).toHaveLength(500);
  expect(sent[0]).toMatchObject({ summary: `${tag} item 1`, dueDate: '12/02/2026', locationRoom: 'R1' });
  expect(sent[1]).toMatchObject({ summary: `${tag} item 2`, dueDate: '12/03/2026' });
  expect(sent[9]).toMatchObject({ dueDate: '12/30/2026' });
  expect(sent[199]).toMatchObject({ cost: '250.00' });
  expect(sent[449]).toMatchObject({ status: 1 });
});

test.describe(() => {
  test.use({ serviceWorkers: 'allow' });

  test('the Excel chunk is not precached: the service worker keeps it on first use', async ({ page }) => {
    await signIn(page, seed.pm);
    await page.goto('/projects/1/rfis/4');
    await waitForServiceWorker(page);
    const cached = () =>
      page.evaluate(async () => {
        const out: Record<string, string[]> = {};
        for (const name of await caches.keys()) {
          const keys = await (await caches.open(name)).keys();
          out[name] = keys.map((k) => new URL(k.url).pathname).filter((p) => /exceljs-/.test(p));
        }
        return out;
      });
    expect(Object.values(await cached()).flat()).toEqual([]);
    await expect(page.getByRole('table', { name: 'RFIs' }).locator('tbody tr').first()).toBeVisible();
    const download = await exportExcel(page);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect.poll(async () => (await cached())['pm-excel'] ?? []).toHaveLength(1);
  });
});

test('a daily report as three sheets, and a meeting’s minutes', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1/daily-reports/7/2026-10-29');
  const activities = page.getByRole('table', { name: 'Activities' });
  await expect(activities.locator('tbody tr').first()).toBeVisible();
  const shownActivities = await activities.locator('tbody tr').count();
  await shot(page, 'xlsx-export-buttons-dailyreport');
  const report = await exportExcel(page);
  expect(report.suggestedFilename()).toMatch(/^daily-report-2026-10-29-project-1-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = await workbookOf(report);
  expect(book.worksheets.map((w) => w.name)).toEqual(['Weather', 'Manpower', 'Activities']);
  const weather = book.getWorksheet('Weather')!;
  expect(weather.getCell('A2').value).toEqual(new Date(Date.UTC(2026, 9, 29)));
  expect(body(book.getWorksheet('Activities')!)).toHaveLength(shownActivities);
  const total = body(book.getWorksheet('Manpower')!).find((r) => r[1] === 'Total')!;
  expect(typeof total[2]).toBe('number');

  await page.goto('/projects/1/meetings/3400');
  await expect(page.locator('[data-minute-id]').first()).toBeVisible();
  const shownMinutes = await page.locator('tr[data-minute-id]').count();
  await shot(page, 'xlsx-export-buttons-meeting');
  const minutes = (await workbookOf(await exportExcel(page))).getWorksheet('Minutes')!;
  const minuteRows = body(minutes);
  expect(minuteRows).toHaveLength(shownMinutes);
  // Carried over as the screen says it; the due date a date cell.
  const carriedOver = await page
    .getByRole('link', { name: /^From meeting #/ })
    .first()
    .textContent();
  expect(minuteRows.map((r) => r[11])).toContain(carriedOver!.replace(/^From meeting/, 'Meeting'));
  expect(minuteRows.some((r) => r[6] instanceof Date)).toBe(true);
});
