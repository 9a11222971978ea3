// requestlog: bench/requestlog-render.ts: 10,000 rows vs a bare table ≤ 1.5×; scrolling 100,000 rows, frames over
// 16.7 ms (CPU time) < 5 %.
import { childBench, childEnv, readResult } from '../harness/child';
import type { Ctx } from '../harness/context';
import { frameRow } from '../harness/rows';

const FIGURES = [
  { figure: 'Request log: 10,000 rows rendered vs a bare HTML table', budget: '≤ 1.5×' },
  { figure: 'Request log: scrolling 100,000 rows, frames over 16.7 ms (CPU time)', budget: '< 5 %' },
];

interface Result {
  loadAverage?: number[];
  render10k: { ratio: number; consoleMedianMs: number; bareTableMedianMs: number };
  scroll100k: {
    trace?: {
      percentOver16_7ms: number;
      cpuPercentOver16_7ms?: number;
      idlePercentOver16_7ms?: number;
      frames?: { frames: number; wallPerCpu?: number };
    };
    percentOver16_7ms?: number;
  };
}

export async function requestlogPart(ctx: Ctx) {
  await childBench(
    ctx,
    'requestlog',
    'bench/requestlog-render.ts',
    // 3 alternating runs of the 10,000-row render instead of 5, to keep the whole bench within its time.
    { ...childEnv(ctx, 5), RUNS: process.env.RUNS ?? '3' },
    FIGURES,
    (since) => {
      const j = readResult<Result>(ctx, 'requestlog-render', since);
      const r = j.render10k;
      ctx.details.requestlog = {
        loadAverage: j.loadAverage,
        render10k: r,
        scroll: j.scroll100k.trace ?? j.scroll100k,
      };
      ctx.rows.push({
        part: 'requestlog',
        ...FIGURES[0],
        value: `${r.ratio.toFixed(2)}× (${r.consoleMedianMs} vs ${r.bareTableMedianMs} ms)`,
        status: r.ratio <= 1.5 ? 'pass' : 'miss',
      });
      const t = j.scroll100k.trace;
      const fraction = (x: number | undefined) => (x === undefined ? undefined : x / 100);
      ctx.rows.push({
        part: 'requestlog',
        ...FIGURES[1],
        ...frameRow(fraction(t?.cpuPercentOver16_7ms), fraction(t?.percentOver16_7ms), t?.frames?.wallPerCpu),
        note: `main-thread work per frame (Chrome trace); idle page (wall) ${t?.idlePercentOver16_7ms ?? '?'} %`,
      });
    },
  );
}
