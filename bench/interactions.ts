// Interaction latency (issue 37): what a person feels when they act, in Chromium against the built console and
// a service on the scale data — without and with a 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate, a
// mid-range phone). Each interaction's latency is its longest Event Timing entry (INP as Chrome reports it) and
// the main thread's CPU time inside it (bench/harness/event-timing.ts). Budgets: ≤ 100 ms without throttling,
// ≤ 200 ms at 4× (Core Web Vitals' "good"), on the p95 of ≥ REPS repetitions, judged on CPU time like the frame
// rows (a busy machine stretches the wall time, not the CPU time), the wall time beside it.
//
// The scenarios (bench/interactions-scenarios.ts); `npm run bench` runs them as its part `interactions`
// (bench/parts/interactions.ts: one row per scenario and rate, `--interactions=<ids>` for some only):
//
//  calibration-50 / -300  a bench page whose click handler works 50 / 300 ms: must read pass / miss at both rates
//  rfi-search             typing a word in the RFI log's search (each key an interaction), then clearing it
//  rfi-overdue            ticking "Overdue only" on the RFI log, and unticking it
//  documents-sort         sorting the 100,000-document folder by file name (ascending, descending in turn)
//  palette                typing in the command palette (each key), then closing it
//  analytics-tab          switching Analytics' breakdown tabs over ~100,000 logged requests
//  punch-save             "Save and next" in the phone punch form (390 × 844)
//  rfi-open               opening an RFI from the log (the click), and back
//
//   npm run build && DATA_DIR=<scale data> npm run bench:interactions -- [--only=rfi-search,palette]
//   env: STATIC_DIR (dist), BENCH_PORT (8215), BENCH_URL (a running service), BENCH_REPS (10)
// Writes bench/results/interactions.json: { date, loadAverage, chromium, reps, rows: [{ id, label, rate,
//   budgetMs, count, short, wall: {p50,p95,max}, cpu: {p50,p95,max}, wallPerCpu }] }.
import type { Browser } from '@playwright/test';
import { launchChromium } from './harness/browser';
import { interactionFigures, traceInteractions, type InteractionFigures } from './harness/event-timing';
import { loadAverage, writeResult } from './harness/results';
import { postJson, scaleFolderId, serviceFromEnv } from './harness/service';
import { scenarios, type Facts, type Scenario } from './interactions-scenarios';

const PORT = Number(process.env.BENCH_PORT ?? 8215);
const REPS = Number(process.env.BENCH_REPS ?? 10);
const RATES = [1, 4] as const;
const BUDGET_MS: Record<(typeof RATES)[number], number> = { 1: 100, 4: 200 };
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

async function facts(url: string): Promise<Facts> {
  const signIn = await postJson<{ authSessionKey: string; apiKey: string }>(
    url,
    '/api/internal/authenticateuser',
    {
      userName: 'admin',
      password: 'admin',
    },
  );
  const folderId = await scaleFolderId(url, signIn.authSessionKey);
  const log = async (query: string) =>
    (
      (await (
        await fetch(`${url}/requestlogs?Take=1&${query}`, {
          headers: { authorization: `Bearer ${signIn.apiKey}` },
        })
      ).json()) as { results: { id: number; dateTime: string }[] }
    ).results[0];
  const newest = await log('');
  const older = await log(`BeforeId=${Math.max(1, newest.id - 100_000)}`);
  const ms = (d: string) => Number(/\d+/.exec(d)?.[0] ?? Date.parse(d));
  const session = JSON.stringify({
    sessionKey: signIn.authSessionKey,
    apiKey: signIn.apiKey,
    userName: 'admin',
    isAdmin: true,
    confirmed: true,
  });
  return {
    session,
    scaleFolderId: folderId,
    analyticsFromMs: ms(older.dateTime),
    analyticsToMs: ms(newest.dateTime),
  };
}

async function measure(browser: Browser, url: string, f: Facts, s: Scenario, rate: number) {
  const context = await browser.newContext({
    viewport: s.phone ? { width: 390, height: 844 } : { width: 1280, height: 860 },
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
  });
  try {
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await context.addInitScript((v) => sessionStorage.setItem('pm-console.session', v), f.session);
    const page = await context.newPage();
    await s.open(page, url);
    await s.act(page, -1); // a first, unmeasured one: code loaded, caches warm
    let expected = 0;
    const list = await traceInteractions(
      page,
      async () => {
        for (let rep = 0; rep < REPS; rep++) expected += await s.act(page, rep);
      },
      rate,
    );
    return interactionFigures(list, expected);
  } finally {
    await context.close();
  }
}

async function main() {
  const loadStart = loadAverage();
  const service = await serviceFromEnv(PORT);
  const browser = await launchChromium();
  const rows: ({ id: string; label: string; rate: number; budgetMs: number } & InteractionFigures)[] = [];
  try {
    const f = await facts(service.url);
    for (const s of scenarios(f).filter((x) => !only || only.includes(x.id))) {
      for (const rate of RATES) {
        const figures = await measure(browser, service.url, f, s, rate);
        const row = { id: s.id, label: s.label, rate, budgetMs: BUDGET_MS[rate], ...figures };
        rows.push(row);
        console.log(
          `${s.id} ${rate}×: CPU p50 ${figures.cpu.p50} / p95 ${figures.cpu.p95} ms; wall p50 ${figures.wall.p50} / ` +
            `p95 ${figures.wall.p95} ms (${figures.count} interactions, ${figures.short} under 16 ms; wall/CPU ${figures.wallPerCpu})`,
        );
      }
    }
  } finally {
    const chromium = browser.version();
    await browser.close();
    await service.stop();
    const result = {
      date: new Date().toISOString(),
      loadAverage: { start: loadStart, end: loadAverage() },
      chromium,
      reps: REPS,
      rows,
    };
    writeResult('interactions', result);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
