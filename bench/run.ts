// `npm run bench`: every performance budget of the console and the service in one run (issue 10), printed as one
// table (figure, budget, pass / miss) and written to bench/results/latest.json. Not part of `npm test`.
//
//   npm run bench                              # everything (about 6-10 minutes on 2 cores)
//   npm run bench -- --only=size,chunks        # a subset: size chunks start roundtrips calibration documents
//                                              #   requestlog firstrows analytics punch lighthouse service
//   npm run bench -- --skip=documents,service
//   npm run bench -- --timeout=120             # seconds allowed to each part (default: per part, below)
//   npm run bench -- --timeout=service:300,roundtrips:200
//   npm run bench -- --cache=/tmp/bench-cache  # where the builds and the seeded scale data live
//   npm run bench -- --markdown                # also print the table as Markdown (docs/performance.md)
//   npm run bench -- --port=8281               # first of the 9 ports the parts use (BENCH_PORT_BASE)
//   npm run bench -- --burn=1                  # with a CPU burner on one core beside every part (bench/burner.ts)
//   npm run bench -- --retries=2               # re-measurements of a disturbed part (default 2; see below)
//
// What it does: builds the console and a minimal Mantine app (bench/baseline) with the same Vite toolchain into
// the cache folder (bench/.cache, git-ignored), seeds the scale data set there once (`npm run seed -- --scale`;
// re-seeded when server/db or the seed script change) and gives the run a fresh copy of it, then runs the parts
// one after the other, each bounded in time (a part over its time is stopped and reported as such):
//
//  size        sign-in first load (JS + CSS gzip, scripts/size.mjs) vs the baseline app's first load: ≤ 1.25×
//  chunks      largest lazily loaded screen (bench/chunks.ts: a route's lazy modules with their static imports
//              not in the entry nor the signed-in shell, JS + CSS gzip, from the Vite manifest): ≤ 60 KB; the
//              shell (AppLayout) is a row of its own
//  start       `npm start` (node --import tsx server/start.ts) from a built tree to the first answer: ≤ 2 s;
//              also from an empty DATA_DIR (seeding), for information
//  roundtrips  sequential data round trips before each screen is complete (bench/roundtrips.ts): 1, or 2 where
//              data depends on data; never more than 2
//  calibration bench/calibration.ts: pages doing 0, 20 and 30 ms of CPU work per frame must read 0 %, 100 %
//              over 16.7 ms and 0 % over 25 ms, 100 % over both (the frame metric below, proven on this machine)
//  documents   bench/documents-scroll.ts: scrolling the 100,000-document folder, frames over 16.7 ms < 5 %
//  requestlog  bench/requestlog-render.ts: 10,000 rows vs a bare table ≤ 1.5×; scrolling 100,000 rows < 5 %
//  firstrows   bench/first-rows.ts: streamed replies, cold: click → first row of the 100,000-document folder
//              ≤ 1.0 s; Apply → first row of a 10,000-row request-log query ≤ 300 ms (all rows in, for information)
//  analytics   bench/analytics.ts: /admin/analytics over 100,000 logged requests: first figures ≤ 2 s, complete
//              ≤ 6 s, refresh after 1,000 new requests ≤ 300 ms, longest main-thread task while reading ≤ 50 ms
//  punch       bench/punch-paste.ts: paste 1,000 rows → validated grid ≤ 300 ms
//  lighthouse  bench/lighthouse.ts: sign-in page and /projects/1 (signed in), mobile, simulated throttling:
//              Performance ≥ 95, Accessibility 100, Best Practices ≥ 95
//  service     bench/service.ts: openissue/read req/s vs bare Fastify ≥ 0.7×; request-log query p95 ≤ 20 ms
//
// Frame rows (calibration, documents, request-log scroll) are gated on the main-thread CPU time of each frame
// (from a Chrome trace: bench/frames.ts), with the wall-time figure beside it. The load average is recorded at
// the start and the end of every part. A part is *disturbed* when the machine was too busy for its figures to
// mean what they say (bench/disturbed.ts):
//  - frame rows (CPU time): the 1-minute load average per core, at the start or the end of the part, was above
//    DISTURBED_LOAD_PER_CORE, or the frames' wall time was more than DISTURBED_WALL_PER_CPU times their CPU time
//    (the renderer waited for a core most of the time it had work);
//  - wall-time rows (`npm start`, punch paste, the request-log query p95, Lighthouse Performance): only a miss
//    can be noise, since a busy machine only makes them slower. A miss with the load per core above
//    WALL_MISS_LOAD_PER_CORE is disturbed; a pass under load stands. So is any part that ran out of time.
// Ratios measured side by side (size, request log vs bare table, service vs bare Fastify), counts (round trips)
// and sizes are not gated. A disturbed part is measured again (after waiting up to 60 s for the load to fall),
// up to --retries times; if it is still disturbed, its disturbed rows say "disturbed", not pass or miss.
//
// Exit code: 0 when every row passes, 1 when a budget is missed or a part fails (its rows say why), 3 when
// nothing missed but some rows stayed disturbed.
// The child benchmarks write their own results (bench/results/<name>.json); this script reads them. Ratios are
// measured side by side in the same run, so they hold on a shared machine; absolute times follow its load,
// which is recorded beside every part.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { burnOption, startBurner, type Burner } from './burner';
import { calibrate } from './calibration';
import { lazyScreens } from './chunks';
import {
  DISTURBED_LOAD_PER_CORE,
  DISTURBED_WALL_PER_CPU,
  WALL_MISS_LOAD_PER_CORE,
  disturbance,
} from './disturbed';
import { measureRoundTrips, SCREENS, type ScreenResult } from './roundtrips';

const root = process.cwd();
const PARTS = [
  'size',
  'chunks',
  'start',
  'roundtrips',
  'calibration',
  'documents',
  'requestlog',
  'firstrows',
  'analytics',
  'analytics',
  'punch',
  'lighthouse',
  'service',
] as const;
type Part = (typeof PARTS)[number];
const DEFAULT_TIMEOUT_S: Record<Part | 'build' | 'seed', number> = {
  build: 240,
  seed: 300,
  size: 60,
  chunks: 30,
  start: 120,
  roundtrips: 300,
  calibration: 120,
  documents: 300,
  requestlog: 360,
  firstrows: 240,
  analytics: 300,
  punch: 180,
  lighthouse: 420,
  service: 240,
};
const NEEDS_BUILD: Part[] = [
  'size',
  'chunks',
  'start',
  'roundtrips',
  'documents',
  'requestlog',
  'firstrows',
  'punch',
  'lighthouse',
  'analytics',
];

const NEEDS_DATA: Part[] = ['start', 'roundtrips', 'documents', 'firstrows', 'service'];

// ---- options ----
const argv = process.argv.slice(2);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const only = list(opt('only'));
const skip = list(opt('skip'));
for (const p of [...only, ...skip]) {
  if (!(PARTS as readonly string[]).includes(p)) {
    console.error(`Unknown part '${p}'. Parts: ${PARTS.join(', ')}`);
    process.exit(2);
  }
}
const selected: Part[] = PARTS.filter((p) => (only.length === 0 || only.includes(p)) && !skip.includes(p));
const timeouts = { ...DEFAULT_TIMEOUT_S };
for (const t of list(opt('timeout'))) {
  const [a, b] = t.split(':');
  if (b === undefined) for (const k of Object.keys(timeouts)) timeouts[k as Part] = Number(a);
  else timeouts[a as Part] = Number(b);
}
const cacheDir = resolve(opt('cache') ?? join(root, 'bench', '.cache'));
const portBase = Number(opt('port') ?? process.env.BENCH_PORT_BASE ?? 8281);
const markdown = argv.includes('--markdown');
let burn = 0;
try {
  burn = burnOption(argv);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
const retries = Number(opt('retries') ?? 2);
if (!Number.isInteger(retries) || retries < 0) {
  console.error(`--retries takes a whole number ≥ 0, got '${opt('retries')}'`);
  process.exit(2);
}

// ---- results ----
type Status = 'pass' | 'miss' | 'disturbed' | 'not measured' | 'error' | 'info';
interface Row {
  part: Part;
  figure: string;
  value: string;
  budget: string;
  status: Status;
  note?: string;
  measuredAt?: string;
  /**
   * How the row is judged on a busy machine: `cpu` (frame rows: gated on CPU time, disturbed by load or by the
   * frames' wall/CPU gap, `wallPerCpu`) or `wall` (only a miss under load is disturbed). Absent: not gated.
   */
  timing?: 'cpu' | 'wall';
  wallPerCpu?: number;
  timedOut?: boolean;
  /** The part's 1-minute load average at its start and end, and how many times it was measured. */
  loadAverage?: { start: number; end: number };
  attempts?: number;
  /** Why the row counts as disturbed (kept when a re-measurement was not disturbed: then absent). */
  disturbed?: string;
}
const rows: Row[] = [];
const details: Record<string, unknown> = {};
const partLog: Record<
  string,
  {
    seconds: number;
    loadAverageStart: number[];
    loadAverage: number[];
    outcome: string;
    attempts?: { loadAverageStart: number[]; loadAverageEnd: number[]; disturbed: string[] }[];
  }
> = {};
const runStarted = Date.now();
const la = () => loadavg().map((l) => Number(l.toFixed(2)));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
const say = (line: string) => console.log(line);

// ---- child processes, each in its own process group so a timeout can stop everything it started ----
const children = new Set<ChildProcess>();
function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const c of children) stopGroup(c, 'SIGKILL');
    process.exit(130);
  });
}

interface ChildResult {
  code: number | null;
  timedOut: boolean;
  tail: string;
}

/** Runs a command (cwd = repository) with its output in `logFile`; stops its whole group after `timeoutS`. */
// The seed's "today" every data set of the figures is seeded for (the tests' day too), whatever day they run.
const SEED_TODAY = '2026-11-01';

function run(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  timeoutS: number,
  logFile: string,
): Promise<ChildResult> {
  return new Promise((done) => {
    mkdirSync(dirname(logFile), { recursive: true });
    const out = createWriteStream(logFile);
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, SEED_TODAY, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    let tail = '';
    const keep = (chunk: Buffer) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup(child);
      setTimeout(() => stopGroup(child, 'SIGKILL'), 5000).unref();
    }, timeoutS * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      stopGroup(child, 'SIGKILL'); // anything the child left running in its group
      out.end();
      done({ code, timedOut, tail });
    });
  });
}

const node = (script: string): [string, string[]] => [process.execPath, ['--import', 'tsx', script]];
const lastLines = (text: string, n = 12) =>
  text
    .split('\n')
    .filter((l) => l.trim() && !/npm warn/.test(l))
    .slice(-n)
    .map((l) => `      ${l}`)
    .join('\n');

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, pollMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) {
        await res.arrayBuffer();
        return;
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

function startService(env: Record<string, string>, script = 'server/main.ts'): ChildProcess {
  const [cmd, args] = node(script);
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, SEED_TODAY, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  child.stderr!.resume();
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function stopService(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    stopGroup(child);
    setTimeout(() => stopGroup(child, 'SIGKILL'), 5000).unref();
  });
}

/** Runs one part within its time; a part that throws or overruns gets its rows marked instead. */
async function part(
  name: Part | 'build' | 'seed',
  fn: (signal: AbortSignal) => Promise<void>,
): Promise<boolean> {
  const started = Date.now();
  const loadAverageStart = la();
  say(`\n▶ ${name} (at most ${timeouts[name]} s; load average ${loadAverageStart.join(' ')})`);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let outcome = 'done';
  try {
    await Promise.race([
      fn(abort.signal),
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new Error(`stopped after ${timeouts[name]} s`));
        }, timeouts[name] * 1000);
      }),
    ]);
  } catch (e) {
    outcome = e instanceof Error ? e.message : String(e);
    say(`  ✗ ${name}: ${outcome}`);
  } finally {
    clearTimeout(timer);
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  partLog[name] = { seconds, loadAverageStart, loadAverage: la(), outcome };
  say(
    `  ${name}: ${seconds} s; load average ${loadAverageStart.join(' ')} → ${partLog[name].loadAverage.join(' ')}`,
  );
  return outcome === 'done';
}

function failRows(p: Part, figures: { figure: string; budget: string }[], why: string) {
  const timedOut = /^stopped after/.test(why);
  for (const f of figures) rows.push({ part: p, ...f, value: '—', status: 'error', note: why, timedOut });
}

// ---- builds ----
const distDir = join(cacheDir, 'dist');
const baselineDir = join(cacheDir, 'baseline-dist');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

async function build(): Promise<void> {
  const logs = join(cacheDir, 'logs');
  const app = await run(
    process.execPath,
    [vite, 'build', '--outDir', distDir, '--emptyOutDir'],
    {},
    timeouts.build,
    join(logs, 'build.log'),
  );
  if (app.code !== 0) throw new Error(`vite build failed:\n${lastLines(app.tail, 20)}`);
  say(`  console built into ${distDir}`);
  if (selected.includes('size')) {
    const base = await run(
      process.execPath,
      [vite, 'build', '--config', 'bench/baseline/vite.config.ts', '--outDir', baselineDir, '--emptyOutDir'],
      {},
      timeouts.build,
      join(logs, 'build-baseline.log'),
    );
    if (base.code !== 0) throw new Error(`baseline build failed:\n${lastLines(base.tail, 20)}`);
    say(`  baseline app built into ${baselineDir}`);
  }
}

// ---- scale data: seeded once into the cache, copied for each run ----
const scaleDir = join(cacheDir, 'scale');
function seedKey(): string {
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

async function ensureScaleData(): Promise<void> {
  const key = seedKey();
  const marker = join(scaleDir, 'seeded-with.txt');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === key) {
    say(`  cached scale data set: ${scaleDir}`);
    return;
  }
  rmSync(scaleDir, { recursive: true, force: true });
  mkdirSync(scaleDir, { recursive: true });
  say('  seeding the scale data set (100,000 documents, 1,000,000 request-log rows)…');
  const [cmd, args] = node('server/seed-cli.ts');
  const r = await run(
    cmd,
    [...args, '--scale'],
    { DATA_DIR: scaleDir },
    timeouts.seed,
    join(cacheDir, 'logs', 'seed.log'),
  );
  if (r.code !== 0)
    throw new Error(`seeding failed${r.timedOut ? ' (timed out)' : ''}:\n${lastLines(r.tail)}`);
  writeFileSync(marker, key + '\n');
  say(`  ${lastLines(r.tail, 1).trim()}`);
}

let runDir = '';
let copied = '';
/**
 * This run's copy of the scale data set (the service writes request-log rows into it, so the cached one stays
 * as seeded). One copy serves every part; the service benchmark, which logs the most, runs last.
 */
function dataCopy(): string {
  if (!copied) {
    copied = join(runDir, 'data');
    cpSync(scaleDir, copied, { recursive: true, filter: (src) => !src.endsWith('seeded-with.txt') });
  }
  return copied;
}

// ---- size: sign-in first load vs the baseline app ----
interface SizeJson {
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
}
function sizeOf(args: string[]): SizeJson {
  const r = spawnSync(process.execPath, ['scripts/size.mjs', ...args, '--json', '--budget', '100000'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`size.mjs ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout) as SizeJson;
}

async function sizePart() {
  const app = sizeOf([distDir]);
  const base = sizeOf([baselineDir, '--no-route']);
  const ratio = app.totalGzip / base.totalGzip;
  details.size = { console: app, baseline: base, ratio: Number(ratio.toFixed(3)) };
  rows.push({
    part: 'size',
    figure: 'Sign-in route first load, JS + CSS gzip, vs a minimal Mantine app',
    value: `${ratio.toFixed(2)}× (${kb(app.totalGzip)} vs ${kb(base.totalGzip)})`,
    budget: '≤ 1.25×',
    status: ratio <= 1.25 ? 'pass' : 'miss',
  });
  say(`  console ${kb(app.totalGzip)} (JS ${kb(app.jsGzip)} + CSS ${kb(app.cssGzip)})`);
  say(
    `  baseline ${kb(base.totalGzip)} (JS ${kb(base.jsGzip)} + CSS ${kb(base.cssGzip)}) → ${ratio.toFixed(2)}×`,
  );
}

// ---- chunks: the largest lazily loaded screen (bench/chunks.ts) ----
async function chunksPart() {
  const all = lazyScreens(distDir, readFileSync(join(root, 'src/app/router.tsx'), 'utf8'));
  details.chunks = { screens: all };
  const screens = all.filter((s) => !s.shell);
  const shell = all.find((s) => s.shell);
  const top = screens[0];
  if (!top) throw new Error('no lazy route found in the manifest');
  const show = (s: (typeof all)[number]) =>
    `${kb(s.totalGzip)} (${s.route.replace(/^path: /, '')}: JS ${kb(s.jsGzip)} + CSS ${kb(s.cssGzip)})`;
  rows.push({
    part: 'chunks',
    figure: 'Largest lazily loaded screen, JS + CSS gzip (beyond the entry and the shell)',
    value: show(top),
    budget: '≤ 60 KB',
    status: top.totalGzip <= 60 * 1024 ? 'pass' : 'miss',
  });
  if (shell) {
    rows.push({
      part: 'chunks',
      figure: 'Signed-in shell (AppLayout), loaded once after sign-in, JS + CSS gzip',
      value: `${kb(shell.totalGzip)} (JS ${kb(shell.jsGzip)} + CSS ${kb(shell.cssGzip)})`,
      budget: '≤ 60 KB',
      status: shell.totalGzip <= 60 * 1024 ? 'pass' : 'miss',
    });
  }
  for (const s of all)
    say(`  ${kb(s.totalGzip).padStart(9)}  ${s.route}  (${s.files.length} files: ${s.modules.join(', ')})`);
}

// ---- start: `npm start` to the first answer ----
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

async function startPart() {
  const port = portBase + 7;
  const data = dataCopy();
  const env = { DATA_DIR: data, STATIC_DIR: distDir };
  const built: number[] = [];
  for (let i = 0; i < 3; i++) built.push(await timeStart(env, port));
  const fresh = await timeStart({ DATA_DIR: join(runDir, 'start-empty'), STATIC_DIR: distDir }, port);
  const median = [...built].sort((a, b) => a - b)[1];
  details.start = {
    builtTreeMs: built.map(Math.round),
    medianMs: Math.round(median),
    freshDataDirMs: Math.round(fresh),
  };
  rows.push({
    part: 'start',
    figure: '`npm start` from a built tree to first answer (scale data, median of 3)',
    value: `${(median / 1000).toFixed(2)} s`,
    budget: '≤ 2 s',
    status: median <= 2000 ? 'pass' : 'miss',
    timing: 'wall',
  });
  rows.push({
    part: 'start',
    figure: '`npm start` with an empty DATA_DIR (seeds the demo data first)',
    value: `${(fresh / 1000).toFixed(2)} s`,
    budget: '(for information)',
    status: 'info',
  });
  say(
    `  built tree: ${built.map((t) => `${Math.round(t)} ms`).join(', ')}; empty DATA_DIR: ${Math.round(fresh)} ms`,
  );
}

// ---- round trips ----
async function roundtripsPart(signal: AbortSignal) {
  const port = portBase + 3;
  const service = startService({ DATA_DIR: dataCopy(), STATIC_DIR: distDir, PORT: String(port) });
  let screens: ScreenResult[];
  try {
    await waitForHttp(`http://127.0.0.1:${port}/config.json`, service, 60_000, 100);
    screens = await measureRoundTrips({
      baseUrl: `http://127.0.0.1:${port}`,
      routerSource: readFileSync(join(root, 'src/app/router.tsx'), 'utf8'),
      signal,
      onProgress: (l) => say(l.length > 240 ? `${l.slice(0, 240)}…` : l),
    });
  } finally {
    await stopService(service);
  }
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'roundtrips.json'),
    JSON.stringify({ date: new Date().toISOString(), loadAverage: la(), screens }, null, 2) + '\n',
  );
  details.roundtrips = screens.map((s) => ({
    id: s.id,
    status: s.status,
    error: s.error,
    inApp: s.nav?.dataRoundTrips,
    cold: s.cold?.dataRoundTrips,
    inAppByTime: s.nav?.timeRoundTrips,
    coldByTime: s.cold?.timeRoundTrips,
    budgetInApp: s.budgetNav,
    budgetCold: s.budgetCold,
    inAppWithCode: s.nav?.allRoundTrips,
    coldWithCode: s.cold?.allRoundTrips,
    chainInApp: s.nav?.chain,
    chainCold: s.cold?.chain,
    pass: s.pass,
  }));
  const measured = screens.filter((s) => s.status === 'measured');
  const misses = measured.filter((s) => !s.pass);
  const errors = screens.filter((s) => s.status === 'error');
  const max = (pick: (s: ScreenResult) => number | undefined) =>
    Math.max(0, ...measured.map((s) => pick(s) ?? 0));
  rows.push({
    part: 'roundtrips',
    figure: `Sequential data round trips before a screen is complete (${measured.length} screens)`,
    value:
      `in the app max ${max((s) => s.nav?.dataRoundTrips)}, cold max ${max((s) => s.cold?.dataRoundTrips)}` +
      (misses.length
        ? `; over: ${misses.map((s) => `${s.id} ${s.nav?.dataRoundTrips}/${s.cold?.dataRoundTrips}`).join(', ')}`
        : ''),
    // The rule, and the screens whose budget was moved from it (each with its reason: bench/roundtrips.ts).
    budget: `1 (2 where data depends on data), never > 2; except ${SCREENS.filter((s) => s.budget)
      .map((s) => `${s.id} ${s.budget!.app} / ${s.budget!.cold} cold`)
      .join(', ')}`,
    status: measured.length === 0 ? 'error' : misses.length || errors.length ? 'miss' : 'pass',
    note: [
      errors.length ? `errors: ${errors.map((s) => s.id).join(', ')}` : '',
      screens.some((s) => s.status === 'no route')
        ? `no route yet: ${screens
            .filter((s) => s.status === 'no route')
            .map((s) => s.id)
            .join(', ')}`
        : '',
    ]
      .filter(Boolean)
      .join('; '),
  });
}

// ---- frame rows: gated on CPU time, wall time beside it ----
/** A frame row's value and status from its shares (0..1) by CPU time and by wall time. */
function frameRow(
  cpu: number | undefined,
  wall: number | undefined,
  wallPerCpu: number | undefined,
  limit = 0.05,
): Pick<Row, 'value' | 'status' | 'timing' | 'wallPerCpu'> {
  if (cpu === undefined)
    return {
      value: wall === undefined ? '—' : `wall time ${pct(wall)}; no CPU-time figure`,
      status: 'error',
    };
  return {
    value:
      `${pct(cpu)} (wall time ${wall === undefined ? '?' : pct(wall)}` +
      `${wallPerCpu === undefined ? '' : `; wall/CPU ${wallPerCpu.toFixed(2)}`})`,
    status: cpu < limit ? 'pass' : 'miss',
    timing: 'cpu',
    wallPerCpu,
  };
}

// ---- calibration: the frame metric on pages with a known amount of CPU work per frame ----
async function calibrationPart() {
  const result = await calibrate({ burn, log: say });
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'calibration.json'), JSON.stringify(result, null, 2) + '\n');
  details.calibration = result;
  const budgets: Record<string, string> = {
    idle: '< 5 % over 16.7 ms',
    '20ms': '> 95 % over 16.7 ms, < 5 % over 25 ms',
    '30ms': '> 95 % over 16.7 ms and over 25 ms',
  };
  for (const m of result.modes) {
    const both = (x: { over16_7: number; over25: number }) => `${pct(x.over16_7)} / ${pct(x.over25)}`;
    rows.push({
      part: 'calibration',
      figure: `Calibration: ${m.label}, frames over 16.7 / 25 ms (CPU time)`,
      value: `${both(m.cpu)} (wall time ${both(m.wall)}, ${m.wallVerdict}; wall/CPU ${m.wallPerCpu.toFixed(2)})`,
      budget: budgets[m.mode],
      status: m.cpuVerdict === 'as expected' ? 'pass' : 'miss',
      timing: 'cpu',
      wallPerCpu: m.workMs > 0 ? m.wallPerCpu : undefined, // an idle frame's few µs make no useful ratio
      note: `CPU per frame p50 ${m.cpu.p50Ms} ms, wall p50 ${m.wall.p50Ms} ms; ${result.stepsPerMs} loop steps per ms${burn ? `; burner on ${burn} core(s)` : ''}`,
    });
  }
}

// ---- child benchmarks ----
function readResult<T>(name: string, since: number): T {
  const file = join(root, 'bench', 'results', `${name}.json`);
  if (!existsSync(file)) throw new Error(`${file} was not written`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as T & { date?: string };
  if (!json.date || Date.parse(json.date) < since) throw new Error(`${file} is older than this run`);
  return json;
}

async function childBench(
  name: Part,
  script: string,
  env: Record<string, string>,
  figures: { figure: string; budget: string }[],
  read: (since: number) => void,
) {
  if (!existsSync(join(root, script))) {
    for (const f of figures)
      rows.push({ part: name, ...f, value: '—', status: 'not measured', note: `${script} missing` });
    say(`  ${script} does not exist: not measured`);
    return;
  }
  const since = Date.now();
  const [cmd, args] = node(script);
  const r = await run(cmd, args, env, timeouts[name] - 5, join(runDir, 'logs', `${name}.log`));
  if (r.code !== 0) {
    const why = r.timedOut ? `stopped after ${timeouts[name] - 5} s` : `exited with ${r.code}`;
    say(`  ${script} ${why}:\n${lastLines(r.tail)}`);
    failRows(name, figures, why);
    return;
  }
  read(since);
}

async function requestlogPart() {
  const figures = [
    { figure: 'Request log: 10,000 rows rendered vs a bare HTML table', budget: '≤ 1.5×' },
    { figure: 'Request log: scrolling 100,000 rows, frames over 16.7 ms (CPU time)', budget: '< 5 %' },
  ];
  await childBench(
    'requestlog',
    'bench/requestlog-render.ts',
    // 3 alternating runs of the 10,000-row render instead of 5, to keep the whole bench within its time.
    { BENCH_PORT: String(portBase + 5), STATIC_DIR: distDir, RUNS: process.env.RUNS ?? '3' },
    figures,
    (since) => {
      const j = readResult<{
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
      }>('requestlog-render', since);
      const r = j.render10k;
      details.requestlog = {
        loadAverage: j.loadAverage,
        render10k: r,
        scroll: j.scroll100k.trace ?? j.scroll100k,
      };
      rows.push({
        part: 'requestlog',
        ...figures[0],
        value: `${r.ratio.toFixed(2)}× (${r.consoleMedianMs} vs ${r.bareTableMedianMs} ms)`,
        status: r.ratio <= 1.5 ? 'pass' : 'miss',
      });
      const t = j.scroll100k.trace;
      const fraction = (x: number | undefined) => (x === undefined ? undefined : x / 100);
      rows.push({
        part: 'requestlog',
        ...figures[1],
        ...frameRow(fraction(t?.cpuPercentOver16_7ms), fraction(t?.percentOver16_7ms), t?.frames?.wallPerCpu),
        note: `main-thread work per frame (Chrome trace); idle page (wall) ${t?.idlePercentOver16_7ms ?? '?'} %`,
      });
    },
  );
}

async function documentsPart() {
  const figures = [
    { figure: 'Documents: scrolling 100,000 rows, frames over 16.7 ms (CPU time)', budget: '< 5 %' },
  ];
  await childBench(
    'documents',
    'bench/documents-scroll.ts',
    { DATA_DIR: dataCopy(), BENCH_PORT: String(portBase + 4), STATIC_DIR: distDir },
    figures,
    (since) => {
      const j = readResult<{
        loadAverage?: number[];
        median: {
          traceShareOver16_7?: number;
          traceCpuShareOver16_7?: number;
          traceIdleShareOver16_7?: number;
          shareOver16_7: number;
          timeToFirstRowsMs: number;
        };
        runs?: { trace?: { wallPerCpu?: number } }[];
      }>('documents-scroll', since);
      const gaps = (j.runs ?? []).map((r) => r.trace?.wallPerCpu).filter((g) => g !== undefined);
      const wallPerCpu = gaps.length
        ? [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]
        : undefined;
      details.documents = { loadAverage: j.loadAverage, median: j.median, wallPerCpu };
      const cpu = j.median.traceCpuShareOver16_7;
      const wall = j.median.traceShareOver16_7;
      rows.push({
        part: 'documents',
        ...figures[0],
        ...frameRow(cpu, wall, wallPerCpu),
        note:
          `main-thread work per frame (Chrome trace), median of the runs; idle page (wall) ` +
          `${pct(j.median.traceIdleShareOver16_7 ?? 0)}; first rows after ${j.median.timeToFirstRowsMs} ms`,
      });
    },
  );
}

async function firstRowsPart() {
  const figures = [
    {
      figure: 'Documents: click → first row of the 100,000-document folder, cold (median of 3)',
      budget: '≤ 1.0 s',
    },
    { figure: 'Request log: Apply → first row of a 10,000-row query (median of 3)', budget: '≤ 300 ms' },
  ];
  await childBench(
    'firstrows',
    'bench/first-rows.ts',
    { DATA_DIR: dataCopy(), BENCH_PORT: String(portBase + 1), STATIC_DIR: distDir },
    figures,
    (since) => {
      const j = readResult<{
        loadAverage?: unknown;
        median: {
          documentsFirstRowMs: number;
          documentsAllRowsMs: number;
          requestLogFirstRowMs: number;
          requestLogAllRowsMs: number;
        };
      }>('first-rows', since);
      details.firstrows = { loadAverage: j.loadAverage, ...j.median };
      const m = j.median;
      rows.push({
        part: 'firstrows',
        ...figures[0],
        value: `${Math.round(m.documentsFirstRowMs)} ms (all rows in: ${Math.round(m.documentsAllRowsMs)} ms)`,
        status: m.documentsFirstRowMs <= 1000 ? 'pass' : 'miss',
        timing: 'wall',
      });
      rows.push({
        part: 'firstrows',
        ...figures[1],
        value: `${Math.round(m.requestLogFirstRowMs)} ms (all rows in: ${Math.round(m.requestLogAllRowsMs)} ms)`,
        status: m.requestLogFirstRowMs <= 300 ? 'pass' : 'miss',
        timing: 'wall',
      });
    },
  );
}

async function analyticsPart() {
  const figures = [
    { figure: 'Analytics over 100,000 logged requests: first figures', budget: '≤ 2 s' },
    { figure: 'Analytics over 100,000 logged requests: complete', budget: '≤ 6 s' },
    { figure: 'Analytics: refresh after 1,000 new requests', budget: '≤ 300 ms' },
    {
      figure: 'Analytics: longest main-thread task while reading and aggregating (CPU time)',
      budget: '≤ 50 ms',
    },
  ];
  await childBench(
    'analytics',
    'bench/analytics.ts',
    { BENCH_PORT: String(portBase + 8), STATIC_DIR: distDir },
    figures,
    (since) => {
      const j = readResult<{
        loadAverage?: unknown;
        firstFiguresMs: number;
        completeMs: number;
        refreshMs: number;
        longestTaskMs: number;
        longestTaskCpuMs?: number;
      }>('analytics', since);
      details.analytics = j;
      const ms = (v: number) => `${Math.round(v)} ms`;
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
        rows.push({
          part: 'analytics',
          ...figures[i],
          value: text,
          status: v <= max ? 'pass' : 'miss',
          timing,
        }),
      );
    },
  );
}

async function punchPart() {
  const figures = [{ figure: 'Punch grid: paste 1,000 rows → validated grid (median)', budget: '≤ 300 ms' }];
  await childBench(
    'punch',
    'bench/punch-paste.ts',
    { BENCH_PORT: String(portBase + 6), STATIC_DIR: distDir },
    figures,
    (since) => {
      const j = readResult<{
        loadAverage?: number[];
        pasteToValidatedGrid: { medianMs: number; runs: number };
      }>('punch-paste', since);
      details.punch = { loadAverage: j.loadAverage, ...j.pasteToValidatedGrid };
      const ms = j.pasteToValidatedGrid.medianMs;
      rows.push({
        part: 'punch',
        ...figures[0],
        value: `${ms} ms`,
        status: ms <= 300 ? 'pass' : 'miss',
        timing: 'wall',
      });
    },
  );
}

async function lighthousePart() {
  const pages = [
    { id: 'signin', name: 'sign-in page' },
    { id: 'dashboard', name: 'project dashboard /projects/1, signed in' },
  ];
  const cats = [
    { key: 'performance', name: 'Performance', min: 95 },
    { key: 'accessibility', name: 'Accessibility', min: 100 },
    { key: 'bestPractices', name: 'Best Practices', min: 95 },
  ] as const;
  const figures = pages.flatMap((p) =>
    cats.map((c) => ({
      figure: `Lighthouse ${c.name}, ${p.name} (mobile, simulated throttling)`,
      budget: c.min === 100 ? '100' : `≥ ${c.min}`,
    })),
  );
  await childBench(
    'lighthouse',
    'bench/lighthouse.ts',
    { BENCH_PORT: String(portBase + 2), STATIC_DIR: distDir, LH_REPORT_DIR: join(cacheDir, 'lighthouse') },
    figures,
    (since) => {
      type Losing = { id: string; displayValue?: string; score: number | null };
      const j = readResult<{
        loadAverage: { start: number[]; end: number[] };
        pages: {
          id: string;
          runs: { performance: number; metrics: Record<string, number>; benchmarkIndex: number }[];
          scores: Record<(typeof cats)[number]['key'], number>;
          losing: Record<(typeof cats)[number]['key'], Losing[]>;
        }[];
      }>('lighthouse', since);
      details.lighthouse = j;
      let i = 0;
      for (const p of pages) {
        const got = j.pages.find((x) => x.id === p.id);
        for (const c of cats) {
          const f = figures[i++];
          const v = got?.scores[c.key];
          const lost = (got?.losing[c.key] ?? [])
            .map((a) => `${a.id}${a.displayValue ? ` ${a.displayValue}` : ''}`)
            .join(', ');
          rows.push({
            part: 'lighthouse',
            ...f,
            value:
              v === undefined
                ? '—'
                : c.key === 'performance'
                  ? `${v} (median of ${got!.runs.length}: ${got!.runs.map((r) => r.performance).join(', ')})`
                  : String(v),
            status: v === undefined ? 'error' : v >= c.min ? 'pass' : 'miss',
            // Performance comes from the page's observed main-thread work (simulated throttling multiplies it):
            // a busy machine only lowers it.
            timing: c.key === 'performance' ? 'wall' : undefined,
            note: lost
              ? `points lost to: ${lost}` +
                (c.key === 'performance'
                  ? `; Lighthouse benchmarkIndex ${got!.runs.map((r) => r.benchmarkIndex).join(', ')}`
                  : '')
              : undefined,
          });
        }
      }
    },
  );
}

async function servicePart() {
  const figures = [
    { figure: 'Service: openissue/read req/s with request logging vs bare Fastify', budget: '≥ 0.7×' },
    { figure: 'Service: request-log query, two filters, 1,000,000 rows, p95', budget: '≤ 20 ms' },
  ];
  await childBench('service', 'bench/service.ts', { BENCH_DATA_DIR: dataCopy() }, figures, (since) => {
    const j = readResult<{ rows: { figure: string; value: number }[] }>('service', since);
    const find = (re: RegExp) => j.rows.find((r) => re.test(r.figure))?.value;
    const ratio = find(/^ratio/);
    const service = find(/^openissue/);
    const bare = find(/^bare/);
    const p95 = find(/p95/);
    details.service = j.rows;
    rows.push({
      part: 'service',
      ...figures[0],
      value: ratio === undefined ? '—' : `${ratio.toFixed(2)}× (${service} vs ${bare} req/s)`,
      status: ratio === undefined ? 'error' : ratio >= 0.7 ? 'pass' : 'miss',
    });
    const sustained = find(/^sustained/);
    if (sustained !== undefined)
      rows.push({
        part: 'service',
        figure: "Service: the same ratio, sustained 8 s a side (past the log's hold)",
        value: `${sustained.toFixed(2)}× (a round's log written ${find(/^log written/)} ms after it)`,
        budget: '(for information)',
        status: 'info',
      });
    rows.push({
      part: 'service',
      ...figures[1],
      value: p95 === undefined ? '—' : `${p95} ms`,
      status: p95 === undefined ? 'error' : p95 <= 20 ? 'pass' : 'miss',
      timing: 'wall',
    });
  });
}

// ---- the table ----
function table(list: Row[]): string {
  const head = ['#', 'figure', 'measured', 'budget', 'result', 'load'];
  const cells = list.map((r, i) => [
    String(i + 1),
    r.figure,
    r.value,
    r.budget,
    r.status.toUpperCase(),
    loadCell(r),
  ]);
  const width = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((v, c) => v.padEnd(width[c])).join('  ');
  return [line(head), width.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

function markdownTable(list: Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| # | figure | measured | budget | result | load |',
    '|---|---|---|---|---|---|',
    ...list.map(
      (r, i) =>
        `| ${i + 1} | ${esc(r.figure)} | ${esc(r.value)} | ${esc(r.budget)} | ${r.status === 'pass' ? 'pass' : `**${r.status}**`} | ${loadCell(r)} |`,
    ),
  ].join('\n');
}

/** The part's 1-minute load average at its start → end, and the number of measurements when more than one. */
function loadCell(r: Row): string {
  if (!r.loadAverage) return '';
  return (
    `${r.loadAverage.start.toFixed(1)} → ${r.loadAverage.end.toFixed(1)}` +
    (r.attempts && r.attempts > 1 ? ` (try ${r.attempts})` : '')
  );
}

/** Before a re-measurement: up to 60 s for the 1-minute load average to fall to WALL_MISS_LOAD_PER_CORE. */
async function quieter(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && la()[0] / cpus().length > WALL_MISS_LOAD_PER_CORE)
    await new Promise((r) => setTimeout(r, 5000));
}

let burner: Burner | undefined;

async function main() {
  const loadStart = la();
  say(
    `npm run bench — ${new Date().toISOString()} — ${cpus().length} CPUs, Node ${process.version}, load average ${loadStart.join(' ')}`,
  );
  say(
    `parts: ${selected.join(', ')}; cache: ${cacheDir}; re-measured up to ${retries}× when disturbed` +
      (burn ? `; CPU burner on ${burn} core(s)` : ''),
  );
  mkdirSync(cacheDir, { recursive: true });
  runDir = mkdtempSync(join(tmpdir(), 'pm-bench-run-'));
  try {
    let built = true;
    if (selected.some((p) => NEEDS_BUILD.includes(p))) built = await part('build', build);
    let data = true;
    if (selected.some((p) => NEEDS_DATA.includes(p))) data = await part('seed', ensureScaleData);

    if (burn) {
      burner = startBurner(burn);
      say(`\n▶ CPU burner on ${burn} core(s) beside every part (bench/burner.ts)`);
    }
    const steps: Record<Part, { run: (signal: AbortSignal) => Promise<void>; figures: string[] }> = {
      size: { run: sizePart, figures: ['Sign-in route first load vs a minimal Mantine app'] },
      chunks: { run: chunksPart, figures: ['Largest lazily loaded screen, gzip'] },
      start: { run: startPart, figures: ['`npm start` from a built tree to first answer'] },
      roundtrips: {
        run: roundtripsPart,
        figures: ['Sequential data round trips before a screen is complete'],
      },
      calibration: {
        run: calibrationPart,
        figures: ['Calibration: idle, 20 ms and 30 ms of CPU work per frame'],
      },
      documents: {
        run: documentsPart,
        figures: ['Documents: scrolling 100,000 rows, frames over 16.7 ms (CPU time)'],
      },
      requestlog: {
        run: requestlogPart,
        figures: ['Request log: 10,000 rows vs a bare table', 'Request log: scrolling 100,000 rows'],
      },
      firstrows: {
        run: firstRowsPart,
        figures: ['Documents: first row of 100,000', 'Request log: first row of 10,000'],
      },
      analytics: {
        run: analyticsPart,
        figures: ['Analytics: first figures, complete, refresh, longest task'],
      },
      punch: { run: punchPart, figures: ['Punch grid: paste 1,000 rows → validated grid'] },
      lighthouse: {
        run: lighthousePart,
        figures: ['Lighthouse: sign-in page and /projects/1, Performance, Accessibility, Best Practices'],
      },
      service: {
        run: servicePart,
        figures: ['Service: req/s vs bare Fastify', 'Service: request-log query p95'],
      },
    };
    const budgets: Record<string, string> = {
      size: '≤ 1.25×',
      chunks: '≤ 60 KB',
      start: '≤ 2 s',
      roundtrips: '1 (2 where data depends on data), never > 2',
      calibration: '0 % / 100 % / 100 % over 16.7 ms',
      documents: '< 5 %',
      requestlog: '≤ 1.5× / < 5 %',
      firstrows: '≤ 1.0 s / ≤ 300 ms',
      analytics: '≤ 2 s / ≤ 6 s / ≤ 300 ms / ≤ 50 ms',
      punch: '≤ 300 ms',
      lighthouse: '≥ 95 / 100 / ≥ 95',
      service: '≥ 0.7× / ≤ 20 ms',
    };
    for (const p of selected) {
      const needsBuild = NEEDS_BUILD.includes(p) && !built;
      const needsData = NEEDS_DATA.includes(p) && !data;
      if (needsBuild || needsData) {
        failRows(
          p,
          steps[p].figures.map((figure) => ({ figure, budget: budgets[p] })),
          needsBuild ? 'the build failed' : 'the scale data set could not be seeded',
        );
        continue;
      }
      const attempts: NonNullable<(typeof partLog)[string]['attempts']> = [];
      for (let attempt = 1; ; attempt++) {
        const before = rows.length;
        const ok = await part(p, steps[p].run);
        if (!ok && rows.length === before)
          failRows(
            p,
            steps[p].figures.map((figure) => ({ figure, budget: budgets[p] })),
            partLog[p].outcome,
          );
        const { loadAverageStart: start, loadAverage: end } = partLog[p];
        const mine = rows.slice(before);
        const why: string[] = [];
        for (const r of mine) {
          r.loadAverage = { start: start[0], end: end[0] };
          r.attempts = attempt;
          r.disturbed = disturbance(r, start, end, cpus().length);
          if (r.disturbed) why.push(`${r.figure}: ${r.disturbed}`);
        }
        attempts.push({ loadAverageStart: start, loadAverageEnd: end, disturbed: why });
        partLog[p].attempts = attempts;
        if (why.length === 0) break;
        if (attempt > retries) {
          for (const r of mine) {
            if (!r.disturbed) continue;
            r.note = [`${r.status} when measured, but disturbed (${r.disturbed})`, r.note]
              .filter(Boolean)
              .join('; ');
            r.status = 'disturbed';
          }
          say(`  ${p}: still disturbed after ${attempt} measurements`);
          break;
        }
        say(`  ${p} was disturbed (${why.join('; ')}): measuring it again`);
        rows.splice(before);
        await quieter();
      }
    }
  } finally {
    await burner?.stop();
    for (const c of children) stopGroup(c, 'SIGKILL');
    rmSync(runDir, { recursive: true, force: true });
  }

  const date = new Date().toISOString();
  for (const r of rows) r.measuredAt = date;
  const seconds = Math.round((Date.now() - runStarted) / 1000);
  say(`\n${table(rows)}\n`);
  const missed = rows.filter((r) => r.status === 'miss' || r.status === 'error');
  const disturbedRows = rows.filter((r) => r.status === 'disturbed');
  say(
    `${rows.filter((r) => r.status === 'pass').length} pass, ${missed.length} miss or error, ` +
      `${disturbedRows.length} disturbed, ` +
      `${rows.filter((r) => r.status === 'not measured').length} not measured — ${seconds} s, ` +
      `load average ${loadStart.join(' ')} → ${la().join(' ')}`,
  );
  for (const r of rows.filter((x) => x.note)) say(`  ${r.figure}: ${r.note}`);
  if (markdown) say(`\n${markdownTable(rows)}\n`);

  // latest.json: this run's rows, plus the rows of parts not run this time as they were last measured.
  const file = join(root, 'bench', 'results', 'latest.json');
  let kept: Row[] = [];
  let keptDetails: Record<string, unknown> = {};
  if (selected.length < PARTS.length && existsSync(file)) {
    try {
      const prev = JSON.parse(readFileSync(file, 'utf8')) as {
        rows?: Row[];
        details?: Record<string, unknown>;
      };
      kept = (prev.rows ?? []).filter((r) => !selected.includes(r.part));
      keptDetails = Object.fromEntries(
        Object.entries(prev.details ?? {}).filter(([k]) => !selected.includes(k as Part)),
      );
    } catch {
      // a broken file is replaced
    }
  }
  const order = (r: Row) => PARTS.indexOf(r.part);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        date,
        seconds,
        parts: selected,
        machine: {
          cpus: cpus().length,
          node: process.version,
          loadAverageStart: loadStart,
          loadAverageEnd: la(),
          burn,
        },
        disturbedWhen: {
          frameRows: { loadPerCore: DISTURBED_LOAD_PER_CORE, wallPerCpu: DISTURBED_WALL_PER_CPU },
          wallRowMisses: { loadPerCore: WALL_MISS_LOAD_PER_CORE },
          retries,
        },
        partLog,
        rows: [...rows, ...kept].sort((a, b) => order(a) - order(b)),
        details: { ...keptDetails, ...details },
      },
      null,
      2,
    ) + '\n',
  );
  say(
    `Written to ${file}${kept.length ? ` (with ${kept.length} rows of parts not run, from earlier runs)` : ''}.`,
  );
  process.exitCode = missed.length ? 1 : disturbedRows.length ? 3 : 0;
}

// Guard against a stale cache layout: the cache folder must be a directory of ours.
if (existsSync(cacheDir) && !statSync(cacheDir).isDirectory()) {
  console.error(`${cacheDir} is not a directory`);
  process.exit(2);
}
await main();
