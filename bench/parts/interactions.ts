// interactions: bench/interactions.ts (issue 37): interaction latency per scenario at 1× and 4× CPU slowdown,
// budgets ≤ 100 ms at 1× and ≤ 200 ms at 4×, on the p95 of the main thread's CPU time inside each interaction
// (as the frame rows: a busy machine is re-measured, not failed), the wall time (Event Timing) beside it. The two
// calibration pages prove the metric: the 50 ms click handler must read pass and the 300 ms one miss — their
// rows pass when they read so. `--interactions=rfi-search,palette` runs some scenarios only.
import { childBench, childEnv, readResult } from '../harness/child';
import type { Ctx } from '../harness/context';
import type { InteractionFigures } from '../harness/event-timing';

const FIGURES = [
  {
    figure: 'Interactions: latency p95 per scenario at 1× and 4× CPU (CPU time)',
    budget: '≤ 100 / ≤ 200 ms',
  },
];

type Result = {
  loadAverage?: { start: number[]; end: number[] };
  reps: number;
  rows: ({ id: string; label: string; rate: number; budgetMs: number } & InteractionFigures)[];
};

/** What a calibration page must read (its handler's work in ms → verdict), by scenario id. */
const CALIBRATION: Record<string, 'pass' | 'miss'> = { 'calibration-50': 'pass', 'calibration-300': 'miss' };

export async function interactionsPart(ctx: Ctx) {
  const env = childEnv(ctx, 9, true);
  const only = ctx.interactions.length ? [`--only=${ctx.interactions.join(',')}`] : [];
  await childBench(ctx, 'interactions', ['bench/interactions.ts', ...only], env, FIGURES, (since) => {
    const j = readResult<Result>(ctx, 'interactions', since);
    ctx.details.interactions = j;
    for (const r of j.rows) {
      const reads = r.cpu.p95 <= r.budgetMs ? 'pass' : 'miss';
      const expected = CALIBRATION[r.id];
      ctx.rows.push({
        part: 'interactions',
        figure: `${expected ? 'Interaction calibration' : 'Interaction'}: ${r.label.replace(/^Calibration: /, '')}, ${r.rate}× CPU, p95 (CPU time)`,
        value:
          `${r.cpu.p95} ms (wall time ${r.wall.p95} ms; p50 ${r.cpu.p50} / ${r.wall.p50} ms; ` +
          `wall/CPU ${r.wallPerCpu.toFixed(2)})` +
          (expected ? `: reads ${reads}` : ''),
        budget: expected
          ? `reads ${expected} (${expected === 'pass' ? '≤' : '>'} ${r.budgetMs} ms)`
          : `≤ ${r.budgetMs} ms`,
        status: (expected ? reads === expected : reads === 'pass') ? 'pass' : 'miss',
        timing: 'cpu',
        // The wall time over the CPU time tells a busy machine only when the wall time matters: an interaction's
        // Event Timing duration includes the wait for the next frame's paint (up to 16.7 ms, rounded to 8 ms), so
        // one of a few ms of work reads 3–4× on a quiet machine (documents-sort at 1×: 3 ms CPU, 13 ms wall, load
        // 1.6). Within its budget in wall time too, a row is not re-measured for its ratio.
        wallPerCpu: r.wall.p95 > r.budgetMs ? r.wallPerCpu : undefined,
        note: `${r.count} interactions (${r.short} under 16 ms) over ${j.reps} repetitions`,
      });
    }
  });
}
