// Benchmark of the first rows of the two large replies (issue 19), against the reference service with the scale
// data, in Debian's Chromium (headless):
//  - documents: cold (a new browser profile, nothing cached), from the click on the 100,000-document folder in
//    its parent folder's list to the first document row on screen (budget ≤ 1.0 s), and to all 100,000 in;
//  - request log: from the click on Apply of a query for 10,000 rows (Take=10000, Up to id = a new id each run,
//    so nothing comes from the query cache) to its first row on screen (budget ≤ 300 ms), and to all 10,000.
//
//   npm run build                                        # or STATIC_DIR=<a build of yours>
//   DATA_DIR=/tmp/pm-scale npm run seed -- --scale       # once: about 20 s
//   DATA_DIR=/tmp/pm-scale npx tsx bench/first-rows.ts
//
// BENCH_URL=http://host:port measures a service already running (seeded with --scale, serving the console)
// instead of starting one; BENCH_RUNS (3), BENCH_PORT (8213), STATIC_DIR (dist).
// Result JSON (bench/results/first-rows.json and stdout):
//   { date, node, cpus, loadAverage: [1, 5, 15 min] at the start and at the end, chromium, folderId,
//     median: { documentsFirstRowMs, documentsAllRowsMs, requestLogFirstRowMs, requestLogAllRowsMs },
//     runs: [{ the same four }] }
import { type Page } from '@playwright/test';
import { launchChromium } from './harness/browser';
import { loadAverage, medians, stamp, writeResult } from './harness/results';
import {
  DOCUMENTS_CONTAINER,
  postJson,
  SCALE_FOLDER_NAME,
  scaleFolderId,
  serviceFromEnv,
} from './harness/service';

const PORT = Number(process.env.BENCH_PORT ?? 8213);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOG_ROWS = 10_000;

async function scaleFacts(url: string): Promise<{ folderId: number; newestLogId: number }> {
  const { authSessionKey, apiKey } = await postJson<{ authSessionKey: string; apiKey: string }>(
    url,
    '/api/internal/authenticateuser',
    { userName: 'admin', password: 'admin' },
  );
  const folderId = await scaleFolderId(url, authSessionKey);
  const log = (await (
    await fetch(`${url}/requestlogs?Take=1`, { headers: { authorization: `Bearer ${apiKey}` } })
  ).json()) as { results: { id: number }[] };
  return { folderId, newestLogId: log.results[0].id };
}

declare global {
  interface Window {
    __clickAt?: number;
  }
}

/** What to wait for: an element, and optionally an attribute value of another (the page's own clock). */
interface Ready {
  selector: string;
  /** Also: this element's attribute has this value. */
  attribute?: { selector: string; name: string; value: string };
  /** Also: this element's text matches. */
  text?: { selector: string; pattern: string };
}

/** Milliseconds from the click recorded in the page until `ready` holds. */
async function sinceClick(page: Page, ready: Ready): Promise<number> {
  const at = await page.waitForFunction(
    (r: Ready) => {
      const clicked = window.__clickAt;
      if (clicked === undefined || !document.querySelector(r.selector)) return 0;
      if (r.attribute) {
        const el = document.querySelector(r.attribute.selector);
        if (el?.getAttribute(r.attribute.name) !== r.attribute.value) return 0;
      }
      if (r.text) {
        const el = document.querySelector(r.text.selector);
        if (!new RegExp(r.text.pattern).test(el?.textContent ?? '')) return 0;
      }
      return performance.now() - clicked;
    },
    ready,
    { polling: 'raf', timeout: 180_000 },
  );
  return Math.round(await at.jsonValue());
}

/** Clicks, and returns the milliseconds from the click (as the page saw it) until `ready` holds. */
async function clickToFirst(page: Page, click: () => Promise<void>, ready: Ready): Promise<number> {
  await page.evaluate(() => {
    window.__clickAt = undefined;
    addEventListener('click', () => (window.__clickAt ??= performance.now()), { capture: true, once: true });
  });
  await click();
  return sinceClick(page, ready);
}

interface Run {
  documentsFirstRowMs: number;
  documentsAllRowsMs: number;
  requestLogFirstRowMs: number;
  requestLogAllRowsMs: number;
}

async function main() {
  const loadAtStart = loadAverage();
  const service = await serviceFromEnv(PORT);
  const { url } = service;
  try {
    const { folderId, newestLogId } = await scaleFacts(url);
    const browser = await launchChromium();
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A new profile: nothing cached (cold), the console's code loaded by the sign-in and the parent folder.
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
      const page = await context.newPage();
      // tsx keeps function names with a `__name` helper that the page does not have.
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await page.goto(`${url}/signin`);
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password', { exact: true }).fill('admin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();

      await page.goto(`${url}/projects/1/folders/${DOCUMENTS_CONTAINER}`);
      const link = page.getByRole('main').getByRole('link', { name: SCALE_FOLDER_NAME }).first();
      await link.waitFor();
      await page.waitForTimeout(300);
      // A row of the scale folder (SCL-000001…), not of the parent folder's table still on screen.
      const documentsFirstRowMs = await clickToFirst(page, () => link.click(), {
        selector: '[data-testid="documents-scroll"] tbody tr[data-index]',
        text: { selector: '[data-testid="documents-scroll"] tbody tr[data-index]', pattern: '^SCL-' },
      });
      const documentsAllRowsMs = await sinceClick(page, {
        selector: '[data-testid="documents-scroll"] tbody tr[data-index]',
        text: { selector: '[data-testid="documents-count"]', pattern: '^100,000 documents$' },
      });

      // The request log: a first query of 10 rows loads the screen, then 10,000 rows up to a new id.
      await page.goto(`${url}/admin/request-log?Take=10`);
      await page.getByRole('grid', { name: 'Requests' }).waitFor();
      const upTo = newestLogId - 20_000 * (i + 1);
      await page.getByRole('textbox', { name: 'Up to id' }).fill(String(upTo));
      await page.getByRole('textbox', { name: 'Take' }).fill(String(LOG_ROWS));
      await page.waitForTimeout(300);
      const grid = '[role="grid"][aria-label="Requests"]';
      const firstRow = `${grid} [role="row"][data-id="${upTo}"]`;
      const requestLogFirstRowMs = await clickToFirst(
        page,
        () => page.getByRole('button', { name: 'Apply' }).click(),
        { selector: firstRow },
      );
      const requestLogAllRowsMs = await sinceClick(page, {
        selector: firstRow,
        attribute: { selector: grid, name: 'aria-rowcount', value: String(LOG_ROWS + 1) },
      });
      runs.push({ documentsFirstRowMs, documentsAllRowsMs, requestLogFirstRowMs, requestLogAllRowsMs });
      console.log(`run ${i + 1}:`, JSON.stringify(runs[runs.length - 1]));
      await context.close();
    }
    const chromiumVersion = browser.version();
    await browser.close();
    const summary = {
      ...stamp(),
      loadAverage: { start: loadAtStart, end: loadAverage() },
      chromium: chromiumVersion,
      folderId,
      median: medians(runs, [
        'documentsFirstRowMs',
        'documentsAllRowsMs',
        'requestLogFirstRowMs',
        'requestLogAllRowsMs',
      ]),
      runs,
    };
    writeResult('first-rows', summary, summary);
  } finally {
    await service.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
