// A service of a spec's own (e.g. with short sessions), started like the shared one in playwright.config.ts.
// Port 0 lets the service pick a free port (read from the line it prints once it listens), so parallel runs never
// collide; specs get such a service through the `serviceEnv` option of ./fixtures.ts.
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)\//;

export async function startService(port: number, env: Record<string, string> = {}): Promise<RunningService> {
  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/start-service.mjs'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    if (output.length < 10_000) output += String(d);
  });
  const listening = () => (port === 0 ? LISTENING.exec(output)?.[1] : `http://127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service on ${port} exited with ${child.exitCode}`);
    url = listening();
    try {
      if (url && (await fetch(`${url}/config.json`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the service on ${port} did not start within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
