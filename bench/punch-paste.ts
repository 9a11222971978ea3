// Punch-list grid budget (issue 6): paste 1,000 rows copied from a spreadsheet (tab-separated, 8 columns,
// 10 of them with a bad date) into the empty grid → the validated grid is shown (1,000 rows counted, the 10
// problems listed, the first rows painted) in ≤ 300 ms in Chromium. Measured in the page from the paste event
// to two animation frames after that state is in the DOM; every run starts from a freshly loaded, empty grid.
// Median of RUNS runs after one warm-up.
// Usage: npm run build && npx tsx bench/punch-paste.ts
//   env: STATIC_DIR (default dist), BENCH_PORT (default 8203), RUNS (default 7)
import { type Page } from '@playwright/test';
import { cpus } from 'node:os';
import { desktopPage, launchChromium } from './harness/browser';
import { loadAverage, median, writeResult } from './harness/results';
import { startFreshService } from './harness/service';

const PORT = Number(process.env.BENCH_PORT ?? 8203);
const RUNS = Number(process.env.RUNS ?? 7);
const ROWS = 1000;
const BAD = 10;
const URL_PATH = '/projects/1/punch-list/5';

const block = Array.from({ length: ROWS }, (_, i) => {
  const n = i + 1;
  const due = n % (ROWS / BAD) === 0 ? '13/45/2026' : `12/${String((n % 28) + 1).padStart(2, '0')}/2026`;
  return [
    `Walk item ${n}: touch up paint at door frame`,
    `Level ${(n % 4) + 1}, east corridor, near column line ${n % 12}`,
    'Main campus',
    'Building B',
    String((n % 4) + 1),
    `Room ${100 + (n % 300)}`,
    due,
    n % 5 === 0 ? 'Ready for Review' : 'Open',
  ].join('\t');
}).join('\r\n');

async function pasteOnce(page: Page): Promise<number> {
  await page.evaluate(() => localStorage.clear());
  await page.goto(URL_PATH);
  const first = page.getByRole('textbox', { name: 'Summary, row 1', exact: true });
  await first.waitFor();
  await first.focus();
  await page.waitForTimeout(300);
  return page.evaluate(
    async ({ text, rows, bad }) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      const target = document.activeElement as HTMLInputElement;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      const t0 = performance.now();
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
      for (;;) {
        const grid = document.querySelector('[role="grid"][aria-label="New punch-list items"]');
        const body = document.body.textContent ?? '';
        if (
          grid?.getAttribute('aria-rowcount') === String(rows + 1) &&
          body.includes(`${rows.toLocaleString()} rows to create`) &&
          body.includes(`${bad} rows with problems`) &&
          grid
            .querySelector<HTMLInputElement>('input[aria-label="Summary, row 1"]')
            ?.value.startsWith('Walk item 1:')
        )
          break;
        await frame();
      }
      await frame();
      await frame();
      return performance.now() - t0;
    },
    { text: block, rows: ROWS, bad: BAD },
  );
}

async function main() {
  const service = await startFreshService(PORT);
  const browser = await launchChromium();
  try {
    const page = await desktopPage(browser, service.url);
    await page.goto('/signin');
    await page.getByLabel('Username').fill('pm');
    await page.getByLabel('Password', { exact: true }).fill('pm');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();

    await pasteOnce(page); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) ms.push(await pasteOnce(page));
    const result = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      cpus: cpus().length,
      loadAverage: loadAverage(),
      pasteToValidatedGrid: {
        rows: ROWS,
        columns: 8,
        rowsWithProblems: BAD,
        runs: RUNS,
        medianMs: Math.round(median(ms)),
        minMs: Math.round(Math.min(...ms)),
        maxMs: Math.round(Math.max(...ms)),
        ms: ms.map(Math.round),
        budgetMs: 300,
      },
    };
    writeResult('punch-paste', result, result);
  } finally {
    await browser.close();
    await service.stop();
  }
}

await main();
