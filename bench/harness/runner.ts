// Runs the bench's table of parts: the build and the seed when a part needs them, then each part within its
// time, re-measured while disturbed (bench/disturbed.ts), with the load average at its start and end; prints the
// table and writes bench/results/latest.json (bench/harness/report.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBurner, type Burner } from '../burner';
import { WALL_MISS_LOAD_PER_CORE, disturbance } from '../disturbed';
import { build, context, ensureScaleData, type Ctx } from './context';
import type { BenchOptions } from './options';
import { la, stopAll } from './process';
import { report, type PartLog } from './report';
import { failRows } from './rows';

export interface PartDef {
  name: string;
  /** Seconds allowed by default (`--timeout=` changes it). */
  timeoutS: number;
  /** The console build (`build`) and the scale data set (`data`) it needs. */
  needs: ('build' | 'data')[];
  /** What its rows measure, and their budgets in short: the rows it gets when it cannot be measured. */
  figures: string[];
  budget: string;
  run: (ctx: Ctx, signal: AbortSignal) => Promise<void>;
}

/** Runs `fn` within the time allowed to `name`; returns whether it finished without an error. */
async function timed(ctx: Ctx, log: PartLog, name: string, fn: (signal: AbortSignal) => Promise<void>) {
  const started = Date.now();
  const loadAverageStart = la();
  ctx.say(`\n▶ ${name} (at most ${ctx.timeouts[name]} s; load average ${loadAverageStart.join(' ')})`);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let outcome = 'done';
  try {
    await Promise.race([
      fn(abort.signal),
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new Error(`stopped after ${ctx.timeouts[name]} s`));
        }, ctx.timeouts[name] * 1000);
      }),
    ]);
  } catch (e) {
    outcome = e instanceof Error ? e.message : String(e);
    ctx.say(`  ✗ ${name}: ${outcome}`);
  } finally {
    clearTimeout(timer);
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  log[name] = { seconds, loadAverageStart, loadAverage: la(), outcome };
  ctx.say(
    `  ${name}: ${seconds} s; load average ${loadAverageStart.join(' ')} → ${log[name].loadAverage.join(' ')}`,
  );
  return outcome === 'done';
}

/** Before a re-measurement: up to 60 s for the 1-minute load average to fall to WALL_MISS_LOAD_PER_CORE. */
async function quieter(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && la()[0] / cpus().length > WALL_MISS_LOAD_PER_CORE)
    await new Promise((r) => setTimeout(r, 5000));
}

/** Measures part `p`, again while its rows are disturbed (up to `retries` times), with its load averages. */
async function measure(ctx: Ctx, log: PartLog, p: PartDef) {
  const rows = ctx.rows;
  const fallback = () => p.figures.map((figure) => ({ figure, budget: p.budget }));
  const attempts: NonNullable<PartLog[string]['attempts']> = [];
  for (let attempt = 1; ; attempt++) {
    const before = rows.length;
    const ok = await timed(ctx, log, p.name, (signal) => p.run(ctx, signal));
    if (!ok && rows.length === before) rows.push(...failRows(p.name, fallback(), log[p.name].outcome));
    const { loadAverageStart: start, loadAverage: end } = log[p.name];
    const mine = rows.slice(before);
    const why: string[] = [];
    for (const r of mine) {
      r.loadAverage = { start: start[0], end: end[0] };
      r.attempts = attempt;
      r.disturbed = disturbance(r, start, end, cpus().length);
      if (r.disturbed) why.push(`${r.figure}: ${r.disturbed}`);
    }
    attempts.push({ loadAverageStart: start, loadAverageEnd: end, disturbed: why });
    log[p.name].attempts = attempts;
    if (why.length === 0) return;
    if (attempt > ctx.retries) {
      for (const r of mine) {
        if (!r.disturbed) continue;
        r.note = [`${r.status} when measured, but disturbed (${r.disturbed})`, r.note]
          .filter(Boolean)
          .join('; ');
        r.status = 'disturbed';
      }
      ctx.say(`  ${p.name}: still disturbed after ${attempt} measurements`);
      return;
    }
    ctx.say(`  ${p.name} was disturbed (${why.join('; ')}): measuring it again`);
    rows.splice(before);
    await quieter();
  }
}

/** The whole run: `parts` is the bench's table, `options` its parsed command line. */
export async function runBench(parts: PartDef[], options: BenchOptions, root: string): Promise<void> {
  const runStarted = Date.now();
  const loadStart = la();
  const selected = parts.filter((p) => options.selected.includes(p.name));
  console.log(
    `npm run bench — ${new Date().toISOString()} — ${cpus().length} CPUs, Node ${process.version}, load average ${loadStart.join(' ')}`,
  );
  console.log(
    `parts: ${options.selected.join(', ')}; cache: ${options.cacheDir}; re-measured up to ${options.retries}× when disturbed` +
      (options.burn ? `; CPU burner on ${options.burn} core(s)` : ''),
  );
  const ctx = context(options, root, mkdtempSync(join(tmpdir(), 'pm-bench-run-')));
  const log: PartLog = {};
  let burner: Burner | undefined;
  try {
    const ready = { build: true, data: true };
    if (selected.some((p) => p.needs.includes('build')))
      ready.build = await timed(ctx, log, 'build', () => build(ctx));
    if (selected.some((p) => p.needs.includes('data')))
      ready.data = await timed(ctx, log, 'seed', () => ensureScaleData(ctx));
    if (options.burn) {
      burner = startBurner(options.burn);
      ctx.say(`\n▶ CPU burner on ${options.burn} core(s) beside every part (bench/burner.ts)`);
    }
    for (const p of selected) {
      const missing = p.needs.find((n) => !ready[n]);
      if (missing) {
        const why = missing === 'build' ? 'the build failed' : 'the scale data set could not be seeded';
        ctx.rows.push(
          ...failRows(
            p.name,
            p.figures.map((figure) => ({ figure, budget: p.budget })),
            why,
          ),
        );
        continue;
      }
      await measure(ctx, log, p);
    }
  } finally {
    await burner?.stop();
    stopAll();
    rmSync(ctx.runDir, { recursive: true, force: true });
  }
  report(
    ctx,
    parts.map((p) => p.name),
    log,
    loadStart,
    runStarted,
  );
}
