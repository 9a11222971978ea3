// What every bench part is given (the run's folders, ports, options, where its rows go), and what the run
// prepares for the parts: the console and baseline builds, and the scale data set (seeded once into the cache
// folder, copied for the run).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchOptions } from './options';
import { lastLines, node, run } from './process';
import type { Row } from './rows';

export interface Ctx extends BenchOptions {
  root: string;
  /** The console built for the run, and the minimal Mantine app (bench/baseline) beside it. */
  distDir: string;
  baselineDir: string;
  /** This run's scratch folder (removed at the end). */
  runDir: string;
  rows: Row[];
  /** Each part's figures in full, by part, for latest.json. */
  details: Record<string, unknown>;
  say: (line: string) => void;
  /**
   * This run's copy of the scale data set (the service writes request-log rows into it, so the cached one stays
   * as seeded). One copy serves every part; the service benchmark, which logs the most, runs last.
   */
  dataCopy: () => string;
}

export function context(options: BenchOptions, root: string, runDir: string): Ctx {
  let copied = '';
  return {
    ...options,
    root,
    distDir: join(options.cacheDir, 'dist'),
    baselineDir: join(options.cacheDir, 'baseline-dist'),
    runDir,
    rows: [],
    details: {},
    say: (line) => console.log(line),
    dataCopy: () => {
      if (!copied) {
        copied = join(runDir, 'data');
        const scaleDir = join(options.cacheDir, 'scale');
        cpSync(scaleDir, copied, { recursive: true, filter: (src) => !src.endsWith('seeded-with.txt') });
      }
      return copied;
    },
  };
}

// ---- builds ----
const vite = (root: string) => join(root, 'node_modules', 'vite', 'bin', 'vite.js');

/** Builds the console (and, when the size part runs, the baseline app) into the cache folder. */
export async function build(ctx: Ctx): Promise<void> {
  const logs = join(ctx.cacheDir, 'logs');
  const app = await run(
    process.execPath,
    [vite(ctx.root), 'build', '--outDir', ctx.distDir, '--emptyOutDir'],
    {},
    ctx.timeouts.build,
    join(logs, 'build.log'),
  );
  if (app.code !== 0) throw new Error(`vite build failed:\n${lastLines(app.tail, 20)}`);
  ctx.say(`  console built into ${ctx.distDir}`);
  if (ctx.selected.includes('size')) {
    const base = await run(
      process.execPath,
      [
        vite(ctx.root),
        'build',
        '--config',
        'bench/baseline/vite.config.ts',
        '--outDir',
        ctx.baselineDir,
        '--emptyOutDir',
      ],
      {},
      ctx.timeouts.build,
      join(logs, 'build-baseline.log'),
    );
    if (base.code !== 0) throw new Error(`baseline build failed:\n${lastLines(base.tail, 20)}`);
    ctx.say(`  baseline app built into ${ctx.baselineDir}`);
  }
}

// ---- scale data: seeded once into the cache (again when server/db or the seed script change) ----
function seedKey(root: string): string {
  const hash = createHash('sha256');
  const files = [
    'server/seed-cli.ts',
    ...readdirSync(join(root, 'server', 'db'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `server/db/${f}`),
  ].sort();
  for (const f of files) hash.update(f).update(readFileSync(join(root, f)));
  return hash.digest('hex').slice(0, 16);
}

export async function ensureScaleData(ctx: Ctx): Promise<void> {
  const scaleDir = join(ctx.cacheDir, 'scale');
  const key = seedKey(ctx.root);
  const marker = join(scaleDir, 'seeded-with.txt');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === key) {
    ctx.say(`  cached scale data set: ${scaleDir}`);
    return;
  }
  rmSync(scaleDir, { recursive: true, force: true });
  mkdirSync(scaleDir, { recursive: true });
  ctx.say('  seeding the scale data set (100,000 documents, 1,000,000 request-log rows)…');
  const [cmd, args] = node('server/seed-cli.ts');
  const r = await run(
    cmd,
    [...args, '--scale'],
    { DATA_DIR: scaleDir },
    ctx.timeouts.seed,
    join(ctx.cacheDir, 'logs', 'seed.log'),
  );
  if (r.code !== 0)
    throw new Error(`seeding failed${r.timedOut ? ' (timed out)' : ''}:\n${lastLines(r.tail)}`);
  writeFileSync(marker, key + '\n');
  ctx.say(`  ${lastLines(r.tail, 1).trim()}`);
}
