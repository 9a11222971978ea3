// documents: bench/documents-scroll.ts: scrolling the 100,000-document folder, frames over 16.7 ms (CPU time) < 5 %.
import { childBench, childEnv, readResult } from '../harness/child';
import type { Ctx } from '../harness/context';
import { frameRow, pct } from '../harness/rows';

const FIGURES = [
  { figure: 'Documents: scrolling 100,000 rows, frames over 16.7 ms (CPU time)', budget: '< 5 %' },
];

interface Result {
  loadAverage?: number[];
  median: {
    traceShareOver16_7?: number;
    traceCpuShareOver16_7?: number;
    traceIdleShareOver16_7?: number;
    shareOver16_7: number;
    timeToFirstRowsMs: number;
  };
  runs?: { trace?: { wallPerCpu?: number } }[];
}

export async function documentsPart(ctx: Ctx) {
  await childBench(
    ctx,
    'documents',
    'bench/documents-scroll.ts',
    childEnv(ctx, 4, true),
    FIGURES,
    (since) => {
      const j = readResult<Result>(ctx, 'documents-scroll', since);
      const gaps = (j.runs ?? []).map((r) => r.trace?.wallPerCpu).filter((g) => g !== undefined);
      const wallPerCpu = gaps.length
        ? [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]
        : undefined;
      ctx.details.documents = { loadAverage: j.loadAverage, median: j.median, wallPerCpu };
      ctx.rows.push({
        part: 'documents',
        ...FIGURES[0],
        ...frameRow(j.median.traceCpuShareOver16_7, j.median.traceShareOver16_7, wallPerCpu),
        note:
          `main-thread work per frame (Chrome trace), median of the runs; idle page (wall) ` +
          `${pct(j.median.traceIdleShareOver16_7 ?? 0)}; first rows after ${j.median.timeToFirstRowsMs} ms`,
      });
    },
  );
}
