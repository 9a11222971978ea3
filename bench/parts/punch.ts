// punch: bench/punch-paste.ts: paste 1,000 rows → validated grid ≤ 300 ms.
import { childBench, childEnv, readResult } from '../harness/child';
import type { Ctx } from '../harness/context';

const FIGURES = [{ figure: 'Punch grid: paste 1,000 rows → validated grid (median)', budget: '≤ 300 ms' }];

export async function punchPart(ctx: Ctx) {
  await childBench(ctx, 'punch', 'bench/punch-paste.ts', childEnv(ctx, 6), FIGURES, (since) => {
    const j = readResult<{
      loadAverage?: number[];
      pasteToValidatedGrid: { medianMs: number; runs: number };
    }>(ctx, 'punch-paste', since);
    ctx.details.punch = { loadAverage: j.loadAverage, ...j.pasteToValidatedGrid };
    const ms = j.pasteToValidatedGrid.medianMs;
    ctx.rows.push({
      part: 'punch',
      ...FIGURES[0],
      value: `${ms} ms`,
      status: ms <= 300 ? 'pass' : 'miss',
      timing: 'wall',
    });
  });
}
