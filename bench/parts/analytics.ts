// analytics: bench/analytics.ts: /admin/analytics over 100,000 logged requests: first figures ≤ 2 s, complete
// ≤ 6 s, refresh after 1,000 new requests ≤ 300 ms, longest main-thread task while reading ≤ 50 ms (CPU time).
import { childBench, childEnv, readResult } from '../harness/child';
import type { Ctx } from '../harness/context';
import { ms } from '../harness/rows';

const FIGURES = [
  { figure: 'Analytics over 100,000 logged requests: first figures', budget: '≤ 2 s' },
  { figure: 'Analytics over 100,000 logged requests: complete', budget: '≤ 6 s' },
  { figure: 'Analytics: refresh after 1,000 new requests', budget: '≤ 300 ms' },
  {
    figure: 'Analytics: longest main-thread task while reading and aggregating (CPU time)',
    budget: '≤ 50 ms',
  },
];

interface Result {
  loadAverage?: unknown;
  firstFiguresMs: number;
  completeMs: number;
  refreshMs: number;
  longestTaskMs: number;
  longestTaskCpuMs?: number;
}

export async function analyticsPart(ctx: Ctx) {
  await childBench(ctx, 'analytics', 'bench/analytics.ts', childEnv(ctx, 8), FIGURES, (since) => {
    const j = readResult<Result>(ctx, 'analytics', since);
    ctx.details.analytics = j;
    const cpu = j.longestTaskCpuMs;
    const values: [number, number, string, 'cpu' | 'wall'][] = [
      [j.firstFiguresMs, 2000, ms(j.firstFiguresMs), 'wall'],
      [j.completeMs, 6000, ms(j.completeMs), 'wall'],
      [j.refreshMs, 300, ms(j.refreshMs), 'wall'],
      // Gated on the task's CPU time, as the frame rows (the service and the worker share the cores).
      // No Long Tasks API entry: every task was under 50 ms, which is what the row says (not "0 ms").
      !j.longestTaskMs
        ? [0, 50, '< 50 ms (no long task)', 'wall']
        : cpu === undefined
          ? [j.longestTaskMs, 50, ms(j.longestTaskMs), 'wall']
          : [cpu, 50, `${ms(cpu)} CPU (wall time ${ms(j.longestTaskMs)})`, 'cpu'],
    ];
    values.forEach(([v, max, text, timing], i) =>
      ctx.rows.push({
        part: 'analytics',
        ...FIGURES[i],
        value: text,
        status: v <= max ? 'pass' : 'miss',
        timing,
      }),
    );
  });
}
