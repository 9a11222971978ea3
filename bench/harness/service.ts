// The bench's service: the reference service as a child process on a data folder (the scale data set, or a
// fresh one seeded with the demo data on start), waited for until it answers (`/config.json`), or one already
// running (BENCH_URL). Every bench that needs a service starts it here.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SEED_TODAY, waitForHttp } from './process';

export interface BenchService {
  url: string;
  /** Undefined when the bench talks to a service it did not start (BENCH_URL). */
  child?: ChildProcess;
  /** Stops the service (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

export interface BenchServiceOptions {
  dataDir?: string;
  /** 0: a free port, read from the line the process prints once it listens. */
  port: number;
  /** The built console to serve (default: none needed). */
  staticDir?: string;
  env?: Record<string, string>;
  /** The entry (default `server/main.ts`; `bench/bare-server.ts` is the yardstick of bench/service.ts). */
  script?: string;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** The URL a process prints once it listens (`… listening on http://127.0.0.1:port/`). */
function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) done(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`the service exited with ${code}: ${out}`)));
  });
}

/** Starts the service and resolves once it answers; throws when it exits or does not answer within a minute. */
export async function startBenchService(options: BenchServiceOptions): Promise<BenchService> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'server/main.ts'], {
    env: {
      ...process.env,
      ...(options.dataDir ? { DATA_DIR: resolve(options.dataDir) } : {}),
      PORT: String(options.port),
      HOST: '127.0.0.1',
      // The demo data's "today", as every test and figure takes it (a new folder would be seeded for today).
      SEED_TODAY,
      ...(options.staticDir ? { STATIC_DIR: resolve(options.staticDir) } : {}),
      ...options.env,
    },
    stdio: ['ignore', options.port === 0 ? 'pipe' : 'ignore', 'inherit'],
  });
  try {
    const url = options.port === 0 ? await printedUrl(child) : `http://127.0.0.1:${options.port}`;
    if (options.port !== 0) await waitForHttp(`${url}/config.json`, child, 60_000, 200);
    return { url, child, stop: () => exited(child) };
  } catch (e) {
    child.kill();
    throw new Error(`the service did not start on port ${options.port}: ${(e as Error).message}`, {
      cause: e,
    });
  }
}

/** The service on a fresh data folder (seeded with the demo data on start), removed when it stops. */
export async function startFreshService(port: number, staticDir = process.env.STATIC_DIR ?? 'dist') {
  const dataDir = mkdtempSync(join(tmpdir(), 'pm-bench-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const service = await startBenchService({ dataDir, port, staticDir });
    return { ...service, stop: () => service.stop().then(remove) };
  } catch (e) {
    remove();
    throw e;
  }
}

/** Seeds `dataDir` with the scale data set (`npm run seed -- --scale`), its output on this process's. */
export async function seedScale(dataDir: string): Promise<void> {
  console.log('Seeding the scale data set (1,000,000 request-log rows)…');
  const started = Date.now();
  await new Promise<void>((ok, fail) =>
    spawn(process.execPath, ['--import', 'tsx', 'server/seed-cli.ts', '--scale'], {
      env: { ...process.env, DATA_DIR: dataDir, SEED_TODAY },
      stdio: 'inherit',
    }).on('exit', (code) => (code === 0 ? ok() : fail(new Error(`seed exited ${code}`)))),
  );
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The service a bench part measures when run on its own: BENCH_URL when set (already running), else one started
 * on DATA_DIR (a folder seeded with `npm run seed -- --scale`).
 */
export async function serviceFromEnv(port: number, staticDir?: string): Promise<BenchService> {
  if (process.env.BENCH_URL)
    return { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: () => Promise.resolve() };
  const dataDir = process.env.DATA_DIR;
  if (!dataDir)
    throw new Error(
      'Set DATA_DIR to a data directory seeded with `SEED_TODAY=2026-11-01 npm run seed -- --scale`.',
    );
  return startBenchService({ dataDir, port, staticDir: staticDir ?? process.env.STATIC_DIR ?? 'dist' });
}

/** The scale data set's 100,000-document folder, in the Documents container (folder 2) of project 1. */
export const SCALE_FOLDER_NAME = 'Scale: 100k documents';
export const DOCUMENTS_CONTAINER = 2;

/** The id of the scale folder; throws when the data folder was not seeded with `--scale`. */
export async function scaleFolderId(url: string, authSessionKey: string): Promise<number> {
  const { folderList } = await postJson<{ folderList?: { folderId: number; folderName: string }[] }>(
    url,
    '/api/internal/folder/readissuefolder',
    { authSessionKey, folderParentId: DOCUMENTS_CONTAINER },
  );
  const folder = folderList?.find((f) => f.folderName === SCALE_FOLDER_NAME);
  if (!folder)
    throw new Error(`no '${SCALE_FOLDER_NAME}' folder: seed the data with \`npm run seed -- --scale\``);
  return folder.folderId;
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
