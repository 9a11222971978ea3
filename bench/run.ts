// `npm run bench`: every performance budget of the console and the service in one run (issue 10), printed as one
// table (figure, budget, pass / miss) and written to bench/results/latest.json. Not part of `npm test`.
//
//   npm run bench                              # everything (about 6-10 minutes on 2 cores, more with interactions)
//   npm run bench -- --only=size,chunks        # a subset: the parts below, by name
//   npm run bench -- --skip=documents,service
//   npm run bench -- --timeout=120             # seconds allowed to each part (default: per part, below)
//   npm run bench -- --timeout=service:300,roundtrips:200
//   npm run bench -- --cache=/tmp/bench-cache  # where the builds and the seeded scale data live
//   npm run bench -- --markdown                # also print the table as Markdown (docs/performance.md)
//   npm run bench -- --port=8281               # first of the 10 ports the parts use (BENCH_PORT_BASE)
//   npm run bench -- --burn=1                  # with a CPU burner on one core beside every part (bench/burner.ts)
//   npm run bench -- --retries=2               # re-measurements of a disturbed part (default 2)
//   npm run bench -- --only=interactions --interactions=calibration-50,rfi-search   # some scenarios only
//
// This file is the table: each part's name, time, needs and budgets in short; what it measures and how its
// rows are judged is in bench/parts/<name>.ts. The harness (bench/harness/) does the rest: options.ts parses
// the command line; context.ts builds the console and the baseline app into the cache folder (bench/.cache,
// git-ignored) and seeds the scale data set there once (`npm run seed -- --scale`, again when server/db or the
// seed script change), each run working on a fresh copy; runner.ts runs the parts one after the other, each
// within its time, re-measures a disturbed part (bench/disturbed.ts: frame and interaction rows are gated on
// CPU time, a wall-time row's miss under load is noise) up to --retries times, and report.ts prints the table
// and writes latest.json. Child benches (bench/<name>.ts) run in a process group of their own (process.ts:
// stopped with everything they started when their time is up) and write bench/results/<name>.json, which
// their part reads (child.ts); they start the service (service.ts) and Chromium (browser.ts) through the
// harness too, and trace frames (bench/frames.ts) or interactions (event-timing.ts).
//
// Exit code: 0 when every row passes, 1 when a budget is missed or a part fails (its rows say why), 3 when
// nothing missed but some rows stayed disturbed.
import { parseOptions } from './harness/options';
import { runBench, type PartDef } from './harness/runner';
import { analyticsBoundPart, analyticsPart } from './parts/analytics';
import { calibrationPart } from './parts/calibration';
import { chunksPart } from './parts/chunks';
import { documentsPart } from './parts/documents';
import { firstRowsPart } from './parts/firstrows';
import { interactionsPart } from './parts/interactions';
import { lighthousePart } from './parts/lighthouse';
import { punchPart } from './parts/punch';
import { requestlogPart } from './parts/requestlog';
import { roundtripsPart } from './parts/roundtrips';
import { servicePart } from './parts/service';
import { sizePart } from './parts/size';
import { startPart } from './parts/start';

const root = process.cwd();
const PARTS: PartDef[] = [
  {
    name: 'size', // sign-in first load vs the baseline app's (bench/baseline)
    run: sizePart,
    timeoutS: 60,
    needs: ['build'],
    figures: ['Sign-in route first load vs a minimal Mantine app'],
    budget: '≤ 1.25×',
  },
  {
    name: 'chunks', // largest lazily loaded screen; the signed-in shell
    run: chunksPart,
    timeoutS: 30,
    needs: ['build'],
    figures: ['Largest lazily loaded screen, gzip'],
    budget: '≤ 60 KB',
  },
  {
    name: 'start', // `npm start` from a built tree to the first answer
    run: startPart,
    timeoutS: 120,
    needs: ['build', 'data'],
    figures: ['`npm start` from a built tree to first answer'],
    budget: '≤ 2 s',
  },
  {
    name: 'roundtrips', // sequential data round trips before each screen is complete
    run: roundtripsPart,
    timeoutS: 300,
    needs: ['build', 'data'],
    figures: ['Sequential data round trips before a screen is complete'],
    budget: '1 (2 where data depends on data), never > 2',
  },
  {
    name: 'calibration', // the frame metric on pages with 0, 20, 30 ms of work per frame
    run: calibrationPart,
    timeoutS: 120,
    needs: [],
    figures: ['Calibration: idle, 20 ms and 30 ms of CPU work per frame'],
    budget: '0 % / 100 % / 100 % over 16.7 ms',
  },
  {
    name: 'documents', // scrolling the 100,000-document folder
    run: documentsPart,
    timeoutS: 300,
    needs: ['build', 'data'],
    figures: ['Documents: scrolling 100,000 rows, frames over 16.7 ms (CPU time)'],
    budget: '< 5 %',
  },
  {
    name: 'requestlog', // 10,000 rows vs a bare table; scrolling 100,000 rows
    run: requestlogPart,
    timeoutS: 360,
    needs: ['build'],
    figures: ['Request log: 10,000 rows vs a bare table', 'Request log: scrolling 100,000 rows'],
    budget: '≤ 1.5× / < 5 %',
  },
  {
    name: 'firstrows', // streamed replies: first row of the documents folder, of a request-log query
    run: firstRowsPart,
    timeoutS: 240,
    needs: ['build', 'data'],
    figures: ['Documents: first row of 100,000', 'Request log: first row of 10,000'],
    budget: '≤ 1.0 s / ≤ 300 ms',
  },
  {
    name: 'analytics', // /admin/analytics over 100,000 logged requests
    run: analyticsPart,
    timeoutS: 300,
    needs: ['build'],
    figures: ['Analytics: first figures, complete, refresh, longest task'],
    budget: '≤ 2 s / ≤ 6 s / ≤ 300 ms / ≤ 50 ms',
  },
  {
    name: 'analytics-bound', // the same at the browser store's bound: 1,000,000 logged requests
    run: analyticsBoundPart,
    timeoutS: 600,
    needs: ['build'],
    figures: ['Analytics over 1,000,000: first figures, complete, longest task, heap'],
    budget: '≤ 3 s / ≤ 20 s / ≤ 50 ms / ≤ 300 MB',
  },
  {
    name: 'punch', // paste 1,000 rows into the punch grid
    run: punchPart,
    timeoutS: 180,
    needs: ['build'],
    figures: ['Punch grid: paste 1,000 rows → validated grid'],
    budget: '≤ 300 ms',
  },
  {
    name: 'interactions', // interaction latency per scenario at 1× and 4× CPU, with its calibration pages
    run: interactionsPart,
    timeoutS: 900,
    needs: ['build', 'data'],
    figures: ['Interactions: latency p95 per scenario at 1× and 4× CPU (CPU time)'],
    budget: '≤ 100 ms at 1×, ≤ 200 ms at 4×',
  },
  {
    name: 'lighthouse', // sign-in page and /projects/1, mobile, simulated throttling
    run: lighthousePart,
    timeoutS: 420,
    needs: ['build'],
    figures: ['Lighthouse: sign-in page and /projects/1, Performance, Accessibility, Best Practices'],
    budget: '≥ 95 / 100 / ≥ 95',
  },
  {
    name: 'service', // req/s vs bare Fastify; request-log query p95 (logs the most: runs last)
    run: servicePart,
    timeoutS: 240,
    needs: ['data'],
    figures: ['Service: req/s vs bare Fastify', 'Service: request-log query p95'],
    budget: '≥ 0.7× / ≤ 20 ms',
  },
];

const names = PARTS.map((p) => p.name);
const timeouts = { build: 240, seed: 300, ...Object.fromEntries(PARTS.map((p) => [p.name, p.timeoutS])) };
const options = parseOptions(process.argv.slice(2), names, timeouts, root);
await runBench(PARTS, options, root);
