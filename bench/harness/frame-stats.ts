// Frame figures from main-thread work per frame (bench/harness/frames.ts): the summary of one trace, several
// traces as one, and the figures without their samples for JSON results.
import { WORK_KINDS, type FrameStats, type WorkKind } from './frames';

export const round = (n: number) => Math.round(n * 100) / 100;
function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
const share = (xs: number[], over: number) =>
  xs.length === 0 ? 0 : Number((xs.filter((x) => x > over).length / xs.length).toFixed(4));

export function summarise(
  wall: number[],
  cpu: number[],
  counts: { presented: number; partial: number; dropped: number; traceEvents: number },
  perFrameMs = {} as Record<WorkKind, number>,
  longestTask = { wallMs: 0, cpuMs: 0 },
): FrameStats {
  const wallSorted = [...wall].sort((a, b) => a - b);
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  const { presented, partial, dropped } = counts;
  const vsyncs = presented + partial + dropped;
  const ms = (sorted: number[]) => ({
    p50: round(pct(sorted, 0.5)),
    p95: round(pct(sorted, 0.95)),
    max: round(pct(sorted, 1)),
  });
  const wallSum = wall.reduce((a, b) => a + b, 0);
  const cpuSum = cpu.reduce((a, b) => a + b, 0);
  return {
    frames: wall.length,
    over16_7: share(wall, 16.7),
    over25: share(wall, 25),
    cpuOver16_7: share(cpu, 16.7),
    cpuOver25: share(cpu, 25),
    frameMs: ms(wallSorted),
    cpuMs: ms(cpuSorted),
    wallPerCpu: cpuSum > 0 ? round(wallSum / cpuSum) : 1,
    vsyncs,
    presented,
    partial,
    dropped,
    vsyncLateShare: vsyncs === 0 ? 0 : Number(((partial + dropped) / vsyncs).toFixed(4)),
    traceEvents: counts.traceEvents,
    perFrameMs,
    longestTask,
    perFrame: { wallMs: wall, cpuMs: cpu },
  };
}

/** Several measurements (pages of a scroll, say) as one: the shares over all their frames. */
export function combineFrameStats(list: FrameStats[]): FrameStats {
  const sum = (pick: (s: FrameStats) => number) => list.reduce((n, s) => n + pick(s), 0);
  const frames = sum((s) => s.frames);
  const perFrameMs = {} as Record<WorkKind, number>;
  for (const kind of Object.keys(WORK_KINDS) as WorkKind[])
    perFrameMs[kind] = frames ? round(sum((s) => (s.perFrameMs[kind] ?? 0) * s.frames) / frames) : 0;
  return summarise(
    list.flatMap((s) => s.perFrame?.wallMs ?? []),
    list.flatMap((s) => s.perFrame?.cpuMs ?? []),
    {
      presented: sum((s) => s.presented),
      partial: sum((s) => s.partial),
      dropped: sum((s) => s.dropped),
      traceEvents: sum((s) => s.traceEvents),
    },
    perFrameMs,
    {
      wallMs: Math.max(0, ...list.map((s) => s.longestTask.wallMs)),
      cpuMs: Math.max(0, ...list.map((s) => s.longestTask.cpuMs)),
    },
  );
}

/** The stats without the per-frame samples (for JSON results). */
export function withoutSamples(stats: FrameStats): Omit<FrameStats, 'perFrame'> {
  const { perFrame: _samples, ...rest } = stats;
  return rest;
}
