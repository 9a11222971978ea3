// Calibration of the frame metric (bench/frames.ts): a static page (bench/calibration/index.html) makes frames
// with a known amount of CPU work in each, and the metric must give the verdicts that work implies:
//
//   idle (0 ms of work per frame)  → ~0 % of frames over 16.7 ms                     (a frame row passes)
//   20 ms of work per frame        → ~100 % over 16.7 ms, ~0 % over 25 ms
//   30 ms of work per frame        → ~100 % over 16.7 ms and over 25 ms
//
// "~" is within 5 points (the frame rows' budget is < 5 %). The work is a fixed number of loop steps, sized in
// the page beforehand (steps per ms of CPU: the fastest of 3 × 400 runs of about 0.25 ms, each shorter than a
// time slice, timed by the page's clock, cross-origin isolated for 5 µs resolution), then checked against the
// trace: 40 traced frames of that nominal 20 ms, less 40 idle ones, scale the steps so the loop costs 20 ms of
// main-thread CPU time (long runs cost 10-20 % more than the short timed ones). So it costs the same CPU time
// on a busy machine; its wall time grows. Each mode is judged by the frames' main-thread CPU time (what the
// frame rows of `npm run bench` are gated on) and, for comparison, by their wall time.
//
//   npx tsx bench/calibration.ts            # on this machine as it is
//   npx tsx bench/calibration.ts --burn=1   # with a CPU burner (bench/burner.ts) on one core beside it
//
// env: CHROMIUM (/usr/bin/chromium), CALIBRATION_FRAMES (180 per mode).
// Result JSON (bench/results/calibration.json): { date, cpus, chromium, burn, loadAverage: {start, end},
//   stepsPerMs, sizing: { stepsPerMsInPage, probeIdleMs, probeWorkMs }, modes: [{ mode, workMs, expected, cpu: {over16_7, over25, p50Ms}, wall: {over16_7, over25,
//   p50Ms}, wallPerCpu, cpuVerdict, wallVerdict, frames }] }   (shares 0..1; verdict 'as expected' | 'wrong')
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { burnOption, startBurner } from './burner';
import { measureFrames, type FrameStats } from './harness/frames';
import { launchChromium } from './harness/browser';
import { loadAverage as la, writeResult } from './harness/results';

export const CALIBRATION_MODES = [
  { mode: 'idle', workMs: 0, expected: { over16_7: 0, over25: 0 }, label: 'idle page (rAF loop, no work)' },
  { mode: '20ms', workMs: 20, expected: { over16_7: 1, over25: 0 }, label: '20 ms of CPU work per frame' },
  { mode: '30ms', workMs: 30, expected: { over16_7: 1, over25: 1 }, label: '30 ms of CPU work per frame' },
] as const;
/** How far (0..1) a share may be from what the mode's work implies. */
export const CALIBRATION_TOLERANCE = 0.05;

export interface ModeResult {
  mode: string;
  label: string;
  workMs: number;
  expected: { over16_7: number; over25: number };
  frames: number;
  cpu: { over16_7: number; over25: number; p50Ms: number };
  wall: { over16_7: number; over25: number; p50Ms: number };
  wallPerCpu: number;
  cpuVerdict: 'as expected' | 'wrong';
  wallVerdict: 'as expected' | 'wrong';
}

export interface CalibrationResult {
  date: string;
  cpus: number;
  chromium: string;
  burn: number;
  loadAverage: { start: number[]; end: number[] };
  /** Loop steps per ms of main-thread CPU time used by the modes (the page's sizing, checked by the trace). */
  stepsPerMs: number;
  /** The page's own sizing and the traced probe that corrected it (CPU ms per frame, p50). */
  sizing: { stepsPerMsInPage: number; probeIdleMs: number; probeWorkMs: number };
  modes: ModeResult[];
}

// localhost is a secure context (needed for cross-origin isolation); the route answers, nothing listens there.
const PAGE_URL = 'http://localhost:9/calibration.html';
const near = (share: number, want: number) => Math.abs(share - want) <= CALIBRATION_TOLERANCE;

function judge(m: (typeof CALIBRATION_MODES)[number], s: FrameStats): ModeResult {
  const verdict = (a: number, b: number) =>
    near(a, m.expected.over16_7) && near(b, m.expected.over25) ? 'as expected' : 'wrong';
  return {
    mode: m.mode,
    label: m.label,
    workMs: m.workMs,
    expected: m.expected,
    frames: s.frames,
    cpu: { over16_7: s.cpuOver16_7, over25: s.cpuOver25, p50Ms: s.cpuMs.p50 },
    wall: { over16_7: s.over16_7, over25: s.over25, p50Ms: s.frameMs.p50 },
    wallPerCpu: s.wallPerCpu,
    cpuVerdict: verdict(s.cpuOver16_7, s.cpuOver25),
    wallVerdict: verdict(s.over16_7, s.over25),
  };
}

/** Runs the three modes in one Chromium; `burn` only says what ran beside it (the caller starts any burner). */
export async function calibrate(
  opts: { frames?: number; burn?: number; log?: (line: string) => void } = {},
): Promise<CalibrationResult> {
  const frames = opts.frames ?? Number(process.env.CALIBRATION_FRAMES ?? 180);
  const log = opts.log ?? (() => undefined);
  const start = la();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    // Served cross-origin isolated (COOP + COEP), so the page's clock has 5 µs resolution for the sizing runs.
    const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'calibration', 'index.html'));
    await page.route(PAGE_URL, (route) =>
      route.fulfill({
        body: html,
        contentType: 'text/html; charset=utf-8',
        headers: {
          'Cross-Origin-Opener-Policy': 'same-origin',
          'Cross-Origin-Embedder-Policy': 'require-corp',
        },
      }),
    );
    const modes: ModeResult[] = [];
    // Sized three times before any mode runs, the fastest kept (each sizing is already the fastest of 400).
    await page.goto(PAGE_URL);
    if (!(await page.evaluate('crossOriginIsolated')))
      throw new Error('the calibration page is not isolated');
    let stepsPerMsInPage = 0;
    for (let i = 0; i < 3; i++)
      stepsPerMsInPage = Math.max(stepsPerMsInPage, (await page.evaluate('calibrate()')) as number);
    // The page's clock sizes short runs; a frame's long run of the loop costs more CPU time than they suggest
    // (10-20 % here: a busy machine's caches, timer interrupts). So the size is checked against the metric
    // itself: 40 frames of nominal 20 ms and 40 idle ones, traced; the steps are scaled so the loop costs 20 ms
    // of main-thread CPU time per frame, as the trace measures it. Then "20 ms of CPU work" is what it says.
    const probe = async (ms: number) => {
      await page.goto(PAGE_URL);
      const s = await measureFrames(page, async () => {
        await page.evaluate(`runFrames(40, ${ms}, ${stepsPerMsInPage})`);
      });
      return s.cpuMs.p50;
    };
    const probeIdleMs = await probe(0);
    const probeWorkMs = await probe(20);
    const loopMsPerNominalMs = probeWorkMs > probeIdleMs ? (probeWorkMs - probeIdleMs) / 20 : 1;
    const stepsPerMs = stepsPerMsInPage / loopMsPerNominalMs;
    log(
      `  sized: ${Math.round(stepsPerMsInPage)} steps/ms by the page's clock; 20 ms of them took ` +
        `${probeWorkMs} ms of CPU a frame (idle ${probeIdleMs} ms): ${Math.round(stepsPerMs)} steps/ms used`,
    );
    for (const m of CALIBRATION_MODES) {
      await page.goto(PAGE_URL);
      const stats = await measureFrames(page, async () => {
        await page.evaluate(`runFrames(${frames}, ${m.workMs}, ${stepsPerMs})`);
      });
      const r = judge(m, stats);
      modes.push(r);
      const p = (x: number) => `${(x * 100).toFixed(1)} %`;
      log(
        `  ${m.label}: CPU ${p(r.cpu.over16_7)} / ${p(r.cpu.over25)} over 16.7 / 25 ms (p50 ${r.cpu.p50Ms} ms) ` +
          `${r.cpuVerdict}; wall ${p(r.wall.over16_7)} / ${p(r.wall.over25)} (p50 ${r.wall.p50Ms} ms) ` +
          `${r.wallVerdict}; wall/CPU ${r.wallPerCpu}; ${Math.round(stepsPerMs)} steps/ms`,
      );
    }
    return {
      date: new Date().toISOString(),
      cpus: cpus().length,
      chromium: browser.version(),
      burn: opts.burn ?? 0,
      loadAverage: { start, end: la() },
      stepsPerMs: Math.round(stepsPerMs),
      sizing: { stepsPerMsInPage: Math.round(stepsPerMsInPage), probeIdleMs, probeWorkMs },
      modes,
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let burn: number;
  try {
    burn = burnOption(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const burner = burn ? startBurner(burn) : undefined;
  try {
    // A burner started here needs a few seconds to show in the 1-minute load average; the work does not wait.
    const result = await calibrate({ burn, log: (l) => console.log(l) });
    console.log(JSON.stringify(result, null, 2));
    writeResult('calibration', result);
  } finally {
    await burner?.stop();
  }
}
