// The bench's child processes (builds, the seed, services, child benches), each in its own process group so a
// part that runs out of time can stop everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** The seed's "today" every data set of the figures is seeded for (the tests' day too), whatever day they run. */
export const SEED_TODAY = '2026-11-01';
const root = process.cwd();

export { loadAverage as la } from './results';
const children = new Set<ChildProcess>();

export function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Kills every child still running (at the end of the run, or on Ctrl-C). */
export function stopAll() {
  for (const c of children) stopGroup(c, 'SIGKILL');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

export interface ChildResult {
  code: number | null;
  timedOut: boolean;
  tail: string;
}

/** `node --import tsx <script>` as a command and its arguments. */
export const node = (script: string): [string, string[]] => [process.execPath, ['--import', 'tsx', script]];

/** The last `n` meaningful lines of a child's output, indented for the log. */
export const lastLines = (text: string, n = 12) =>
  text
    .split('\n')
    .filter((l) => l.trim() && !/npm warn/.test(l))
    .slice(-n)
    .map((l) => `      ${l}`)
    .join('\n');

/** Runs a command (cwd = repository) with its output in `logFile`; stops its whole group after `timeoutS`. */
export function run(
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

/** Resolves once `url` answers 200 (polled every `pollMs`); throws when `child` exits or time runs out. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, pollMs = 10) {
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

/** The service (`server/main.ts`, or `server/start.ts` as `npm start` runs it) in a group of its own. */
export function startService(env: Record<string, string>, script = 'server/main.ts'): ChildProcess {
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

export function stopService(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    stopGroup(child);
    setTimeout(() => stopGroup(child, 'SIGKILL'), 5000).unref();
  });
}
