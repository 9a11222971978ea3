#!/usr/bin/env node
// Starts the reference service, which also serves the built console (dist/), on PORT (default 8181) with a
// fresh temporary DATA_DIR that is seeded on start and removed on exit, for the seed's "today" the tests pin
// (SEED_TODAY, default 2026-11-01). Other env (SESSION_TTL_SECONDS, …) passes through. Used by playwright.config.ts (webServer) and by specs that need a service of their own.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const staticDir = process.env.STATIC_DIR ?? 'dist';
if (!existsSync(join(staticDir, 'index.html'))) {
  console.error(`${staticDir}/ is missing: run \`npm run build\` before the browser tests.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'pm-console-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: process.env.PORT ?? '8181',
    SEED_TODAY: process.env.SEED_TODAY ?? '2026-11-01',
  },
  stdio: 'inherit',
});

const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
