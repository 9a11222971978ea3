// Lighthouse scores of the built console (issue 19): the sign-in page and a project's dashboard (/projects/1,
// signed in), Lighthouse's default mobile run (simulated throttling: slow 4G, 4× CPU slowdown, Moto G Power
// screen), categories Performance, Accessibility and Best Practices. Budgets (bench/run.ts): Performance ≥ 95,
// Accessibility 100, Best Practices ≥ 95 on each page.
//
//   npm run build && npx tsx bench/lighthouse.ts
//   env: STATIC_DIR (dist), BENCH_PORT (8204), LH_RUNS (3 per page; the median Performance score counts),
//        CHROME_PATH (/usr/bin/chromium), LH_REPORT_DIR (where the full reports go; default a temp folder)
//
// How the dashboard is signed in: Chromium is driven by puppeteer-core (what Lighthouse itself drives), and
// Lighthouse is given the page. For the dashboard that tab first signs in through the console's own sign-in
// form, as a user does; the console keeps the session in the tab's sessionStorage (src/api/session.ts). Then
// Lighthouse loads /projects/1 in the same tab with its default storage reset: it empties the HTTP cache,
// localStorage, IndexedDB and the service workers of the origin (a first visit), but not sessionStorage, which
// is the tab's own. A run that did not end on /projects/1 (sent to the sign-in page) is an error, not a score.
// The service is the reference service with a fresh demo data set (tests/e2e/start-service.mjs).
//
// Result JSON (bench/results/lighthouse.json): { date, chromium, lighthouse, cpus, loadAverage: {start, end},
//   pages: [{ id, path, runs: [{ performance, accessibility, bestPractices, metrics: {fcp, lcp, tbt, cls, si}
//   (ms; cls unitless), benchmarkIndex, finalUrl, warnings, report }], scores: { performance (the median run),
//   accessibility, bestPractices (the lowest run) }, losing: { performance: [...], accessibility: [...],
//   bestPractices: [...] } }] }
// `losing` lists the audits that cost the page points (id, title, score, weight, display value): Performance's
// from the median run, the others' from any run.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Result as LHResult } from 'lighthouse';
import type { Browser } from 'puppeteer-core';
import { launchLighthouseChromium } from './harness/browser';
import { loadAverage as la, writeResult } from './harness/results';
import { startFreshService } from './harness/service';
import { signIn } from './lighthouse-signin';

const PORT = Number(process.env.BENCH_PORT ?? 8204);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const REPORT_DIR = process.env.LH_REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'pm-lighthouse-'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

const PAGES = [
  { id: 'signin', path: '/signin', signedIn: false },
  { id: 'dashboard', path: '/projects/1', signedIn: true },
] as const;

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  benchmarkIndex: number;
  finalUrl: string;
  warnings: string[];
  report: string;
}

interface Losing {
  id: string;
  title: string;
  score: number | null;
  weight: number;
  displayValue?: string;
}

const score = (lhr: LHResult, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
const num = (lhr: LHResult, id: string) => Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000;

/** The audits that cost the category points: weighted ones below 1, or any failed one where weights are 0. */
function losing(lhr: LHResult, c: string): Losing[] {
  const cat = lhr.categories[c];
  if (!cat) return [];
  return cat.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ ref, audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        (ref.weight > 0 || audit.scoreDisplayMode === 'binary') &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue,
    }));
}

async function runOnce(
  browser: Browser,
  url: string,
  p: (typeof PAGES)[number],
  n: number,
): Promise<{ run: Run; lhr: LHResult }> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (p.signedIn) await signIn(page, url);
    const result = await lighthouse(
      `${url}${p.path}`,
      { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${p.path}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${p.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== p.path)
      throw new Error(`${p.path}: Lighthouse ended on ${finalUrl} (not signed in?)`);
    const report = join(REPORT_DIR, `${p.id}-${n}.json`);
    writeFileSync(report, JSON.stringify(lhr));
    return {
      lhr,
      run: {
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        metrics: {
          fcp: num(lhr, 'first-contentful-paint'),
          lcp: num(lhr, 'largest-contentful-paint'),
          tbt: num(lhr, 'total-blocking-time'),
          cls: num(lhr, 'cumulative-layout-shift'),
          si: num(lhr, 'speed-index'),
        },
        benchmarkIndex: lhr.environment.benchmarkIndex,
        finalUrl,
        warnings: lhr.runWarnings,
        report,
      },
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const start = la();
  mkdirSync(REPORT_DIR, { recursive: true });
  const service = await startFreshService(PORT);
  const browser = await launchLighthouseChromium();
  try {
    const pages = [];
    for (const p of PAGES) {
      const runs: { run: Run; lhr: LHResult }[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const r = await runOnce(browser, service.url, p, i);
        runs.push(r);
        console.log(
          `${p.id} run ${i}: performance ${r.run.performance}, accessibility ${r.run.accessibility}, ` +
            `best practices ${r.run.bestPractices}; ${JSON.stringify(r.run.metrics)}; ` +
            `benchmarkIndex ${r.run.benchmarkIndex}; load ${la().join(' ')}`,
        );
      }
      // Performance: the median run's score. Accessibility and Best Practices do not move between runs: the
      // lowest of the runs.
      const byPerf = [...runs].sort((a, b) => a.run.performance - b.run.performance);
      const mid = byPerf[Math.floor(byPerf.length / 2)];
      const minOf = (pick: (r: Run) => number) => Math.min(...runs.map((r) => pick(r.run)));
      pages.push({
        id: p.id,
        path: p.path,
        runs: runs.map((r) => r.run),
        scores: {
          performance: mid.run.performance,
          accessibility: minOf((r) => r.accessibility),
          bestPractices: minOf((r) => r.bestPractices),
        },
        losing: {
          performance: losing(mid.lhr, 'performance'),
          accessibility: runs
            .flatMap((r) => losing(r.lhr, 'accessibility'))
            .filter((a, i, all) => all.findIndex((b) => b.id === a.id) === i),
          bestPractices: runs
            .flatMap((r) => losing(r.lhr, 'best-practices'))
            .filter((a, i, all) => all.findIndex((b) => b.id === a.id) === i),
        },
      });
    }
    const result = {
      date: new Date().toISOString(),
      chromium: await browser.version(),
      lighthouse: (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version,
      cpus: cpus().length,
      loadAverage: { start, end: la() },
      reports: REPORT_DIR,
      pages,
    };
    writeResult('lighthouse', result, result);
  } finally {
    await browser.close();
    await service.stop();
  }
}

await main();
