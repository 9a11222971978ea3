// The bench's service: the reference service as a child process on a data folder, waited for until it answers
// (`/config.json`), or one already running (BENCH_URL). Every bench part that needs a service starts it here.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface BenchService {
  url: string;
  /** Undefined when the bench talks to a service it did not start (BENCH_URL). */
  child?: ChildProcess;
  stop(): void;
}

export interface BenchServiceOptions {
  dataDir: string;
  port: number;
  /** The built console to serve (default: none needed). */
  staticDir?: string;
  env?: Record<string, string>;
  /** The entry (default `server/main.ts`; `server/start.ts` builds the console first, as `npm start` does). */
  script?: string;
  /** What to do with the service's stdout (default: ignore). */
  stdout?: 'ignore' | 'inherit' | 'pipe';
}

/** Starts the service and resolves once it answers; throws when it exits or does not answer within a minute. */
export async function startBenchService(options: BenchServiceOptions): Promise<BenchService> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: resolve(options.dataDir),
      PORT: String(options.port),
      HOST: '127.0.0.1',
      // The demo data's "today", as every test and figure takes it (a new folder would be seeded for today).
      SEED_TODAY: '2026-11-01',
      ...(options.staticDir ? { STATIC_DIR: resolve(options.staticDir) } : {}),
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/config.json`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`the service did not start on port ${options.port}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, stop: () => child.kill() };
}

/**
 * The service a bench part measures when run on its own: BENCH_URL when set (already running), else one started
 * on DATA_DIR (a folder seeded with `npm run seed -- --scale`).
 */
export async function serviceFromEnv(port: number, staticDir?: string): Promise<BenchService> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: () => undefined };
  const dataDir = process.env.DATA_DIR;
  if (!dataDir)
    throw new Error(
      'Set DATA_DIR to a data directory seeded with `SEED_TODAY=2026-11-01 npm run seed -- --scale`.',
    );
  return startBenchService({ dataDir, port, staticDir: staticDir ?? process.env.STATIC_DIR ?? 'dist' });
}

/** POSTs JSON to the service and returns the parsed reply; throws on an HTTP error. */
export async function postJson<T>(url: string, path: string, body: object): Promise<T> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}
