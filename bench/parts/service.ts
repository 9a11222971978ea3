// service: bench/service.ts: openissue/read req/s with request logging vs bare Fastify ≥ 0.7×; request-log query
// (two filters, 1,000,000 rows) p95 ≤ 20 ms; the ratio sustained past the log's hold, for information.
import { childBench, readResult } from '../harness/child';
import type { Ctx } from '../harness/context';

const FIGURES = [
  { figure: 'Service: openissue/read req/s with request logging vs bare Fastify', budget: '≥ 0.7×' },
  { figure: 'Service: request-log query, two filters, 1,000,000 rows, p95', budget: '≤ 20 ms' },
];

export async function servicePart(ctx: Ctx) {
  const env = { BENCH_DATA_DIR: ctx.dataCopy() };
  await childBench(ctx, 'service', 'bench/service.ts', env, FIGURES, (since) => {
    const j = readResult<{ rows: { figure: string; value: number }[] }>(ctx, 'service', since);
    const find = (re: RegExp) => j.rows.find((r) => re.test(r.figure))?.value;
    const ratio = find(/^ratio/);
    const service = find(/^openissue/);
    const bare = find(/^bare/);
    const p95 = find(/p95/);
    ctx.details.service = j.rows;
    ctx.rows.push({
      part: 'service',
      ...FIGURES[0],
      value: ratio === undefined ? '—' : `${ratio.toFixed(2)}× (${service} vs ${bare} req/s)`,
      status: ratio === undefined ? 'error' : ratio >= 0.7 ? 'pass' : 'miss',
    });
    const sustained = find(/^sustained/);
    if (sustained !== undefined)
      ctx.rows.push({
        part: 'service',
        figure: "Service: the same ratio, sustained 8 s a side (past the log's hold)",
        value: `${sustained.toFixed(2)}× (a round's log written ${find(/^log written/)} ms after it)`,
        budget: '(for information)',
        status: 'info',
      });
    ctx.rows.push({
      part: 'service',
      ...FIGURES[1],
      value: p95 === undefined ? '—' : `${p95} ms`,
      status: p95 === undefined ? 'error' : p95 <= 20 ? 'pass' : 'miss',
      timing: 'wall',
    });
  });
}
