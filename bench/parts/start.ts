// start: `npm start` (node --import tsx server/start.ts) from a built tree to the first answer, on the scale data
// (median of 3), and from an empty DATA_DIR (seeding), for information.
import { join } from 'node:path';
import type { Ctx } from '../harness/context';
import { startService, stopService, waitForHttp } from '../harness/process';

async function timeStart(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = startService({ ...env, PORT: String(port) }, 'server/start.ts');
  try {
    await waitForHttp(`http://127.0.0.1:${port}/config.json`, child, 60_000);
    return performance.now() - started;
  } finally {
    await stopService(child);
  }
}

export async function startPart(ctx: Ctx) {
  const port = ctx.portBase + 7;
  const env = { DATA_DIR: ctx.dataCopy(), STATIC_DIR: ctx.distDir };
  const built: number[] = [];
  for (let i = 0; i < 3; i++) built.push(await timeStart(env, port));
  const fresh = await timeStart({ DATA_DIR: join(ctx.runDir, 'start-empty'), STATIC_DIR: ctx.distDir }, port);
  const median = [...built].sort((a, b) => a - b)[1];
  ctx.details.start = {
    builtTreeMs: built.map(Math.round),
    medianMs: Math.round(median),
    freshDataDirMs: Math.round(fresh),
  };
  ctx.rows.push({
    part: 'start',
    figure: '`npm start` from a built tree to first answer (scale data, median of 3)',
    value: `${(median / 1000).toFixed(2)} s`,
    budget: '≤ 2 s',
    status: median <= 2000 ? 'pass' : 'miss',
    timing: 'wall',
  });
  ctx.rows.push({
    part: 'start',
    figure: '`npm start` with an empty DATA_DIR (seeds the demo data first)',
    value: `${(fresh / 1000).toFixed(2)} s`,
    budget: '(for information)',
    status: 'info',
  });
  ctx.say(
    `  built tree: ${built.map((t) => `${Math.round(t)} ms`).join(', ')}; empty DATA_DIR: ${Math.round(fresh)} ms`,
  );
}
