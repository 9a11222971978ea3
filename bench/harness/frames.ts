// Frame measurement for the browser benchmarks, from a Chrome trace rather than from requestAnimationFrame
// timestamps. In headless Chromium without a GPU the gaps between rAF timestamps jitter around 16.7 ms even on
// an idle page (16.6-16.8 ms), so "the share of frames over 16.7 ms" read from rAF gaps measures the timer, not
// the page. Here a frame counts as over 16.7 ms only when the page took longer than one vsync to produce it.
//
//   import { measureFrames } from './harness/frames';
//   const stats = await measureFrames(page, async () => { ...scroll... });
//   stats.over16_7   // share (0..1) of the page's frames whose main-thread work took longer than 16.7 ms
//
// How. While `action` runs, the page is traced over CDP (Tracing.start; categories below). From the trace of
// the page's renderer process:
//
//  1. Main-thread work per frame (the headline figures). Each frame of the page starts with a
//     `ProxyMain::BeginMainFrame` slice on the renderer main thread (CrRendererMain): it runs the rAF callbacks,
//     scroll events, style, layout, paint and the commit. A frame's work is every top-level task
//     (`ThreadControllerImpl::RunTask`) on that thread from the task holding its BeginMainFrame to the task
//     holding the next one: the frame itself plus whatever the page ran before the next frame could start
//     (React renders scheduled by a scroll event, timers, …). `over16_7` / `over25` are the shares of frames
//     whose work (wall time) exceeds 16.7 ms (one vsync at 60 Hz) and 25 ms; `cpuOver16_7` is the same with
//     the thread's CPU time (`tdur`), which does not grow when other processes take the CPU.
//  2. Vsyncs (a cross-check, what DevTools' Frames track shows). The compositor writes one `PipelineReporter`
//     async slice per frame stage, its `args.frame_reporter` (older: `chrome_frame_reporter`) holding
//     `frame_sequence` (one per vsync) and `state`: STATE_PRESENTED_ALL, STATE_PRESENTED_PARTIAL (shown
//     without the main thread's update), STATE_DROPPED, STATE_NO_UPDATE_DESIRED. Grouped by `frame_sequence`:
//     a vsync in which the page wanted an update is `presented` if one of its reporters is PRESENTED_ALL,
//     otherwise `late` (partial or dropped). `vsyncLateShare` = late / vsyncs.
//
// Both are checked by bench/calibration.ts (`npm run bench -- --only=calibration`, with `--burn=1` on a busy
// machine): a page doing a known amount of CPU work per frame — none, 20 ms, 30 ms — must read 0 %, 100 % over
// 16.7 ms and 0 % over 25 ms, 100 % over both; by CPU time it does with a CPU burner beside it too, by wall time
// it does not (docs/performance.md, "Calibration").
//
// Result shape (FrameStats):
//   { frames, over16_7, over25, cpuOver16_7, cpuOver25,
//     frameMs: {p50, p95, max}, cpuMs: {p50, p95, max}, wallPerCpu,
//     vsyncs, presented, partial, dropped, vsyncLateShare, traceEvents,
//     perFrameMs: {script, style, layout, paint, gc} (mean main-thread ms per frame by kind of work),
//     longestTask: {wallMs, cpuMs} (the longest main-thread task while tracing) }
import type { Page } from '@playwright/test';
import { round, summarise } from './frame-stats';
import { collectTrace, type TraceEvent } from './trace';

export { combineFrameStats, withoutSamples } from './frame-stats';
export type { TraceEvent };

// `benchmark` carries ProxyMain::BeginMainFrame and PipelineReporter (both are also in the busy `cc` category,
// left out to keep the tracing overhead down); `toplevel` the tasks; `devtools.timeline` the kinds of work.
export const TRACE_CATEGORIES = [
  'toplevel',
  'benchmark',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
];

export interface FrameStats {
  /** Frames the page produced (ProxyMain::BeginMainFrame on its main thread) while the action ran. */
  frames: number;
  /** Share (0..1) of those frames whose main-thread work (wall time) took longer than 16.7 ms. */
  over16_7: number;
  /** Share (0..1) of frames over 25 ms (the next vsync was missed by more than half a frame). */
  over25: number;
  /** The same shares with the main thread's CPU time (not inflated by other processes on a shared machine). */
  cpuOver16_7: number;
  cpuOver25: number;
  /** Main-thread work per frame, wall time and CPU time, in ms. */
  frameMs: { p50: number; p95: number; max: number };
  cpuMs: { p50: number; p95: number; max: number };
  /**
   * The frames' wall time over their CPU time (sums). About 1.1 when the thread had a core whenever it had work;
   * larger when other processes kept it waiting: bench/run.ts calls a run "disturbed" above DISTURBED_WALL_PER_CPU.
   */
  wallPerCpu: number;
  /** Vsyncs in which the page wanted an update (PipelineReporter frame sequences, not all NO_UPDATE_DESIRED). */
  vsyncs: number;
  presented: number;
  partial: number;
  dropped: number;
  /** (partial + dropped) / vsyncs: vsyncs that did not show the page's update in full. */
  vsyncLateShare: number;
  traceEvents: number;
  /** The longest main-thread task while tracing (ms): wall time and the thread's CPU time. */
  longestTask: { wallMs: number; cpuMs: number };
  /** Every main-thread task of 50 ms and more (wall), in order, with its CPU time (ms). */
  longTasks?: { wallMs: number; cpuMs: number }[];
  /** Mean main-thread time per frame (ms, wall) by kind of work, from the devtools.timeline slices. */
  perFrameMs: Record<WorkKind, number>;
  /** Main-thread work of every frame (ms), for combineFrameStats; benches drop it before writing JSON. */
  perFrame?: { wallMs: number[]; cpuMs: number[] };
}

/** Kinds of main-thread work and the devtools.timeline slice names that make them (nesting is merged). */
export const WORK_KINDS = {
  script: [
    'FunctionCall',
    'EvaluateScript',
    'EventDispatch',
    'FireAnimationFrame',
    'TimerFire',
    'RunMicrotasks',
    'v8.callFunction',
    'V8.Execute',
  ],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer'],
  gc: ['MinorGC', 'MajorGC', 'BlinkGC.AtomicPhase', 'V8.GC_SCAVENGER', 'V8.GC_MC_BACKGROUND_EVACUATE_COPY'],
} as const;
export type WorkKind = keyof typeof WORK_KINDS;

/** Total length of the union of [ts, ts+dur) intervals (µs). */
function unionLength(spans: Array<[number, number]>): number {
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/** The figures of one trace (exported for the self-test and for reading saved traces). */
export function analyseTrace(events: TraceEvent[]): FrameStats {
  // The page's renderer: the process whose main thread ran the most frames.
  const mainThreads = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mainThreads.set(`${e.pid}:${e.tid}`, 0);
  }
  for (const e of events) {
    if (e.name === 'ProxyMain::BeginMainFrame' && e.ph === 'X') {
      const key = `${e.pid}:${e.tid}`;
      if (mainThreads.has(key)) mainThreads.set(key, mainThreads.get(key)! + 1);
    }
  }
  const [mainKey] = [...mainThreads].sort((a, b) => b[1] - a[1])[0] ?? [''];
  const [pid, tid] = mainKey.split(':').map(Number);

  // 1. Main-thread work per frame.
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks: TraceEvent[] = [];
  for (const t of onMain
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts)) {
    const last = tasks[tasks.length - 1];
    if (last && t.ts < last.ts + (last.dur ?? 0)) continue; // nested run loop: counted in its parent
    tasks.push(t);
  }
  const frameStarts = onMain
    .filter((e) => e.name === 'ProxyMain::BeginMainFrame')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  // Index of the task holding each frame start.
  const frameTask: number[] = [];
  let ti = 0;
  for (const s of frameStarts) {
    while (ti < tasks.length - 1 && tasks[ti].ts + (tasks[ti].dur ?? 0) < s) ti++;
    if (frameTask[frameTask.length - 1] !== ti) frameTask.push(ti);
  }
  // Work by kind (the trace covers the action only, so nearly all of it is the frames' work).
  const perFrameMs = {} as Record<WorkKind, number>;
  for (const kind of Object.keys(WORK_KINDS) as WorkKind[]) {
    const names = new Set<string>(WORK_KINDS[kind]);
    const spans = onMain
      .filter((e) => names.has(e.name) && e.dur !== undefined)
      .map((e): [number, number] => [e.ts, e.ts + (e.dur ?? 0)]);
    perFrameMs[kind] = frameTask.length ? round(unionLength(spans) / 1000 / frameTask.length) : 0;
  }

  const wall: number[] = [];
  const cpu: number[] = [];
  for (let f = 0; f < frameTask.length; f++) {
    const end = f + 1 < frameTask.length ? frameTask[f + 1] : tasks.length;
    let w = 0;
    let c = 0;
    for (let i = frameTask[f]; i < end; i++) {
      w += tasks[i].dur ?? 0;
      c += tasks[i].tdur ?? tasks[i].dur ?? 0;
    }
    wall.push(w / 1000);
    cpu.push(c / 1000);
  }

  // 2. Vsyncs from the compositor's frame reporter.
  const sequences = new Map<number, Set<string>>();
  for (const e of events) {
    if (e.name !== 'PipelineReporter' || e.ph !== 'b' || e.pid !== pid) continue;
    const r = (e.args?.frame_reporter ?? e.args?.chrome_frame_reporter) as
      { state?: string; frame_sequence?: number } | undefined;
    if (!r?.state || r.frame_sequence === undefined) continue;
    const set = sequences.get(r.frame_sequence) ?? new Set<string>();
    set.add(r.state);
    sequences.set(r.frame_sequence, set);
  }
  let presented = 0;
  let partial = 0;
  let dropped = 0;
  for (const states of sequences.values()) {
    if (states.has('STATE_PRESENTED_ALL')) presented++;
    else if (states.has('STATE_PRESENTED_PARTIAL')) partial++;
    else if (states.has('STATE_DROPPED')) dropped++;
  }
  const longest = tasks.reduce<TraceEvent | undefined>(
    (a, t) => (!a || (t.dur ?? 0) > (a.dur ?? 0) ? t : a),
    undefined,
  );
  return {
    ...summarise(wall, cpu, { presented, partial, dropped, traceEvents: events.length }),
    perFrameMs,
    longestTask: { wallMs: round((longest?.dur ?? 0) / 1000), cpuMs: round((longest?.tdur ?? 0) / 1000) },
    longTasks: tasks
      .filter((t) => (t.dur ?? 0) >= 50_000)
      .map((t) => ({ wallMs: round((t.dur ?? 0) / 1000), cpuMs: round((t.tdur ?? t.dur ?? 0) / 1000) })),
  };
}

/**
 * Traces the page while `action` runs and returns its frame figures (see the top of this file). The action
 * should make the page produce frames (scrolling one step per animation frame, say); time outside frames
 * (waiting for the action to start) does not count.
 */
export async function measureFrames(page: Page, action: () => Promise<void>): Promise<FrameStats> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return analyseTrace(await collectTrace<TraceEvent>(cdp, TRACE_CATEGORIES, action));
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
