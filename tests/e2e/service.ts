// A service of a spec's own (e.g. with short sessions), started like the shared one in playwright.config.ts.
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

export async function startService(port: number, env: Record<string, string> = {}): Promise<RunningService> {
  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/start-service.mjs'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service on ${port} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/config.json`);
      if (res.ok) break;
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
