// Where Lighthouse's simulated metrics come from (docs/performance.md, Lighthouse, part 4, fourth step): runs the
// dashboard (or the sign-in page) like bench/lighthouse.ts and writes, per run, the report (lhr-N.json) and every
// simulated request and task of each metric's Lantern graph (lantern-N.txt: simulated start and end, and for a task
// its observed start and length and what it ran). With PROFILE=1 the trace gets JS samples
// (disabled-by-default-v8.cpu_profiler) and is written too (trace-N.json).
//
//   STATIC_DIR=<build> npx tsx bench/lighthouse-lantern.ts
//   env: STATIC_DIR (dist), BENCH_PORT (8341), LH_RUNS (3), OUT (/tmp/lh-lantern), PROFILE=1, PAGE=signin
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Config } from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { signIn } from './lighthouse-signin';
import { launchLighthouseChromium } from './harness/browser';
import { startFreshService } from './harness/service';

const PORT = Number(process.env.BENCH_PORT ?? 8341);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const OUT = process.env.OUT ?? '/tmp/lh-lantern';
const PROFILE = process.env.PROFILE === '1';
const SIGNIN = process.env.PAGE === 'signin';
mkdirSync(OUT, { recursive: true });
const la = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface TraceEvent {
  name: string;
  args?: { data?: { url?: string; functionName?: string } };
}
/** What this script reads of a node of Lantern's graph. */
interface LanternNode {
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request: { priority: string; resourceType: string; transferSize: number; url: string };
  childEvents: TraceEvent[];
}

function describe(node: LanternNode, t0: number) {
  if (node.type === 'network') {
    return `NET ${node.request.priority} ${node.request.resourceType} ${node.request.transferSize} ${node.request.url.replace(/^https?:\/\/[^/]+/, '')}`;
  }
  const names = new Map<string, number>();
  for (const e of node.childEvents) {
    const k =
      e.name === 'EvaluateScript' ||
      e.name === 'FunctionCall' ||
      e.name === 'v8.compile' ||
      e.name === 'v8.compileModule' ||
      e.name === 'v8.evaluateModule'
        ? `${e.name}(${(e.args?.data?.url ?? e.args?.data?.functionName ?? '').replace(/^https?:\/\/[^/]+/, '')}${e.args?.data?.functionName ? ':' + e.args.data.functionName : ''})`
        : e.name;
    if (
      [
        'Paint',
        'Layout',
        'UpdateLayoutTree',
        'ParseHTML',
        'TimerFire',
        'EventDispatch',
        'FireAnimationFrame',
        'RunMicrotasks',
        'ResourceSendRequest',
        'ResourceReceiveResponse',
        'ResourceFinish',
        'ParseAuthorStyleSheet',
      ].includes(e.name) ||
      k !== e.name
    )
      names.set(k, (names.get(k) ?? 0) + 1);
  }
  return `CPU obs@${((node.startTime - t0) / 1000).toFixed(1)} dur ${((node.endTime - node.startTime) / 1000).toFixed(1)} ${[...names].map(([k, n]) => (n > 1 ? `${k}×${n}` : k)).join(' ')}`;
}

const service = await startFreshService(PORT);
const browser = await launchLighthouseChromium();
try {
  for (let i = 1; i <= RUNS; i++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const path = SIGNIN ? '/signin' : '/projects/1';
    if (!SIGNIN) await signIn(page, service.url);
    const config = {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
      },
    };
    const result = await lighthouse(
      `${service.url}${path}`,
      { logLevel: 'error', output: 'json' },
      config as Config,
      page,
    );
    await context.close();
    if (!result) throw new Error('no result');
    const lhr = result.lhr;
    if (new URL(lhr.finalDisplayedUrl).pathname !== path)
      throw new Error('ended on ' + lhr.finalDisplayedUrl);
    const m = (lhr.audits.metrics.details as unknown as { items: Record<string, number>[] }).items[0];
    const sc = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const line = `run ${i}: perf ${sc('performance')} a11y ${sc('accessibility')} bp ${sc('best-practices')} FCP ${m.firstContentfulPaint} LCP ${m.largestContentfulPaint} TBT ${m.totalBlockingTime} SI ${m.speedIndex} TTI ${m.interactive} | obs FCP ${m.observedFirstContentfulPaint} LCP ${m.observedLargestContentfulPaint} | bi ${lhr.environment.benchmarkIndex} | load ${la()}`;
    console.log(line);
    writeFileSync(join(OUT, `lhr-${i}.json`), JSON.stringify(lhr));
    if (PROFILE)
      writeFileSync(
        join(OUT, `trace-${i}.json`),
        JSON.stringify((result.artifacts as unknown as { Trace: unknown }).Trace),
      );
    const t0 = m.observedNavigationStartTs;
    let dump = line + '\n';
    for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings as unknown as Map<
      string,
      Map<LanternNode, { startTime: number; endTime: number }>
    >) {
      dump += `\n== ${label}\n`;
      const rows = [...timings].sort((a, b) => a[1].startTime - b[1].startTime);
      for (const [node, t] of rows) {
        dump += `${t.startTime.toFixed(0).padStart(6)} ${t.endTime.toFixed(0).padStart(6)} ${(t.endTime - t.startTime).toFixed(0).padStart(5)}  ${describe(node, t0)}\n`;
      }
    }
    writeFileSync(join(OUT, `lantern-${i}.txt`), dump);
  }
} finally {
  await browser.close();
  await service.stop();
}
