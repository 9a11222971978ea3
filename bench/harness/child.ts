// A child bench (bench/<name>.ts) run as a part: in its own process group, within the part's time, its output in
// the run's log folder; it writes bench/results/<name>.json, which the part reads into rows.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ctx } from './context';
import { lastLines, node, run } from './process';
import { failRows, type Figure } from './rows';

/** A child bench's env: its port (the run's first + `portOffset`), the build, the run's scale data if `data`. */
export function childEnv(ctx: Ctx, portOffset: number, data = false): Record<string, string> {
  return {
    ...(data ? { DATA_DIR: ctx.dataCopy() } : {}),
    BENCH_PORT: String(ctx.portBase + portOffset),
    STATIC_DIR: ctx.distDir,
  };
}

/** A child bench's results file, checked to be newer than `since`. */
export function readResult<T>(ctx: Ctx, name: string, since: number): T {
  const file = join(ctx.root, 'bench', 'results', `${name}.json`);
  if (!existsSync(file)) throw new Error(`${file} was not written`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as T & { date?: string };
  if (!json.date || Date.parse(json.date) < since) throw new Error(`${file} is older than this run`);
  return json;
}

/**
 * Runs `script` for part `name`; `read` turns its results into rows. When the script is missing, fails or runs
 * out of time, `figures` get rows saying so.
 */
export async function childBench(
  ctx: Ctx,
  name: string,
  script: string | [string, ...string[]],
  env: Record<string, string>,
  figures: Figure[],
  read: (since: number) => void,
) {
  const [file, ...extra] = typeof script === 'string' ? [script] : script;
  if (!existsSync(join(ctx.root, file))) {
    for (const f of figures)
      ctx.rows.push({ part: name, ...f, value: '—', status: 'not measured', note: `${file} missing` });
    ctx.say(`  ${file} does not exist: not measured`);
    return;
  }
  const since = Date.now();
  const [cmd, args] = node(file);
  const seconds = ctx.timeouts[name] - 5;
  const r = await run(cmd, [...args, ...extra], env, seconds, join(ctx.runDir, 'logs', `${name}.log`));
  if (r.code !== 0) {
    const why = r.timedOut ? `stopped after ${seconds} s` : `exited with ${r.code}`;
    ctx.say(`  ${file} ${why}:\n${lastLines(r.tail)}`);
    ctx.rows.push(...failRows(name, figures, why));
    return;
  }
  read(since);
}
