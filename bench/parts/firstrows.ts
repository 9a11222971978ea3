// firstrows: bench/first-rows.ts: streamed replies, cold: click → first row of the 100,000-document folder ≤ 1.0 s;
// Apply → first row of a 10,000-row request-log query ≤ 300 ms (all rows in, for information).
import { childBench, childEnv, readResult } from '../harness/child';
import type { Ctx } from '../harness/context';

const FIGURES = [
  {
    figure: 'Documents: click → first row of the 100,000-document folder, cold (median of 3)',
    budget: '≤ 1.0 s',
  },
  { figure: 'Request log: Apply → first row of a 10,000-row query (median of 3)', budget: '≤ 300 ms' },
];

interface Result {
  loadAverage?: unknown;
  median: {
    documentsFirstRowMs: number;
    documentsAllRowsMs: number;
    requestLogFirstRowMs: number;
    requestLogAllRowsMs: number;
  };
}

export async function firstRowsPart(ctx: Ctx) {
  await childBench(ctx, 'firstrows', 'bench/first-rows.ts', childEnv(ctx, 1, true), FIGURES, (since) => {
    const j = readResult<Result>(ctx, 'first-rows', since);
    ctx.details.firstrows = { loadAverage: j.loadAverage, ...j.median };
    const m = j.median;
    const row = (i: number, first: number, all: number, max: number) =>
      ctx.rows.push({
        part: 'firstrows',
        ...FIGURES[i],
        value: `${Math.round(first)} ms (all rows in: ${Math.round(all)} ms)`,
        status: first <= max ? 'pass' : 'miss',
        timing: 'wall',
      });
    row(0, m.documentsFirstRowMs, m.documentsAllRowsMs, 1000);
    row(1, m.requestLogFirstRowMs, m.requestLogAllRowsMs, 300);
  });
}
