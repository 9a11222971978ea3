// The reference service as a child process (as tests/e2e/start-service.mjs starts it), on 127.0.0.1 with a data
// directory of the caller's: for the suites that kill it (durability) or load it from another process (load).
// A new data folder is seeded for the day the tests pin (SEED_TODAY=2026-11-01) unless `env` says otherwise.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** Everything the service wrote to stdout and stderr. */
  output(): string;
  /** SIGKILL: no shutdown hook runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the service closes the database and exits. */
  stop(): Promise<void>;
}

export async function startServiceProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      STATIC_DIR: `${dataDir}/no-console`,
      NODE_ENV: 'production',
      SEED_TODAY: '2026-11-01',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!/PM Console service \S+ listening on/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not start on port ${port}: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** POSTs JSON and parses the reply; network failures come back as status 0. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<{ status: number; json: Record<string, unknown> | undefined; error?: string }> {
  try {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'GET' ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  } catch (e) {
    return { status: 0, json: undefined, error: (e as Error).message };
  }
}

/** A small seeded random source (mulberry32), so a run can be repeated: the seed's own. */
export { mulberry32 as random } from '../../server/db/seed/random';
