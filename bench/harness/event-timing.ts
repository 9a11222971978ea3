// Interaction latency from a Chrome trace (issue 37): what a person feels when they act — the time from the
// input to the next frame that shows its answer — as Chrome measures it for INP (the Event Timing API), and the
// main thread's CPU time inside that span, so a busy machine can be told from a slow page.
//
//   const { interactions } = await traceInteractions(page, async () => { ...type, click… });
//
// How. While `action` runs, the page is traced over CDP with `devtools.timeline` (which carries one `EventTiming`
// async slice per event the page handled, with its `interactionId`, as DevTools' Interactions track shows them)
// and `toplevel` (the renderer main thread's tasks, `ThreadControllerImpl::RunTask`, with their wall time `dur`
// and the thread's CPU time `tdur`). Events of one interaction (pointerdown, pointerup, click; keydown, keyup)
// share an interactionId; an interaction's latency is its longest event's duration (what INP takes), from the
// input's time stamp to the presentation of the next frame. Its CPU time is the main thread's CPU time of the
// tasks inside that span (a task partly inside counts for its part).
//
// CPU time is the thread's own time: it does not grow when other processes take the cores, and it does grow with
// `Emulation.setCPUThrottlingRate` (Chrome throttles by keeping the throttled thread busy: bench/calibration-
// interactions in bench/interactions.ts checks it), so a row judged on it reads the same on a busy machine.
// Events shorter than Chrome's threshold for Event Timing (16 ms) may carry no slice: `expected` lets the caller
// count those as "< 16 ms".
import type { Page } from '@playwright/test';
import { collectTrace } from './trace';

export interface Interaction {
  /** The longest event's type: click, keydown, pointerup… */
  type: string;
  /** Input time stamp → next frame presented (ms; Event Timing's duration, 8 ms granularity). */
  wallMs: number;
  /** The renderer main thread's CPU time within that span (ms). */
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: { interactionId?: number; duration?: number; type?: string } };
}

const CATEGORIES = ['toplevel', 'devtools.timeline'];

/** The interactions of a trace, in order (exported for reading saved traces). */
export function interactionsOf(events: TraceEvent[]): Interaction[] {
  const spans = new Map<number, { start: number; end: number; type: string; wallMs: number; pid: number }>();
  for (const e of events) {
    if (e.name !== 'EventTiming' || e.ph !== 'b') continue;
    const d = e.args?.data;
    if (!d?.interactionId || d.duration === undefined) continue;
    const span = spans.get(d.interactionId);
    const end = e.ts + d.duration * 1000;
    if (!span)
      spans.set(d.interactionId, { start: e.ts, end, type: d.type ?? '?', wallMs: d.duration, pid: e.pid });
    else {
      span.start = Math.min(span.start, e.ts);
      span.end = Math.max(span.end, end);
      if (d.duration > span.wallMs) Object.assign(span, { wallMs: d.duration, type: d.type ?? span.type });
    }
  }
  const mainThreads = new Set<string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mainThreads.add(`${e.pid}:${e.tid}`);
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mainThreads.has(`${e.pid}:${e.tid}`),
  );
  return [...spans.values()]
    .sort((a, b) => a.start - b.start)
    .map((s) => {
      let cpu = 0;
      for (const t of tasks) {
        if (t.pid !== s.pid || !t.dur) continue;
        const inside = Math.min(t.ts + t.dur, s.end) - Math.max(t.ts, s.start);
        if (inside > 0) cpu += ((t.tdur ?? t.dur) * inside) / t.dur;
      }
      return { type: s.type, wallMs: Math.round(s.wallMs), cpuMs: Math.round(cpu / 100) / 10 };
    });
}

/** Traces the page while `action` runs, at `rate`× CPU slowdown (1: none), and returns its interactions. */
export async function traceInteractions(
  page: Page,
  action: () => Promise<void>,
  rate = 1,
): Promise<Interaction[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    return interactionsOf(await collectTrace<TraceEvent>(cdp, CATEGORIES, action));
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}

export interface InteractionFigures {
  /** Interactions measured (with the ones too short for a slice, counted as 16 ms). */
  count: number;
  /** Interactions without a slice (shorter than 16 ms). */
  short: number;
  wall: { p50: number; p95: number; max: number };
  cpu: { p50: number; p95: number; max: number };
  /** Sum of wall over sum of CPU time (≈ 1 when the thread had a core whenever it had work). */
  wallPerCpu: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : 0;

/** p50 / p95 / max of a list of interactions; `expected` interactions were made (the missing ones were short). */
export function interactionFigures(list: Interaction[], expected = list.length): InteractionFigures {
  const short = Math.max(0, expected - list.length);
  const wall = [...list.map((i) => i.wallMs), ...Array<number>(short).fill(16)].sort((a, b) => a - b);
  const cpu = [...list.map((i) => i.cpuMs), ...Array<number>(short).fill(0)].sort((a, b) => a - b);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const stats = (xs: number[]) => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95), max: xs[xs.length - 1] ?? 0 });
  return {
    count: wall.length,
    short,
    wall: stats(wall),
    cpu: stats(cpu),
    wallPerCpu: Number(
      (sum(list.map((i) => i.wallMs)) / Math.max(1, sum(list.map((i) => i.cpuMs)))).toFixed(2),
    ),
  };
}
