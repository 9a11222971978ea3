// `npm start`: checks the settings, builds the console when dist/ is missing or older than its sources (unless
// STATIC_DIR is set), then starts the service (main.ts: settings checked first, one line per problem; SIGTERM / SIGINT stop it
// cleanly). package.json runs it as `exec node --import tsx server/start.ts`, so this process is npm's own child
// and gets the signals npm forwards; a signal during the build stops the build and exits.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, checkSettings, refuse, runMain } from './main';

const root = process.cwd();
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Runs `vite build`; a SIGTERM / SIGINT / SIGHUP meanwhile stops the build and this process. */
function build(): Promise<number> {
  const child = spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    stdio: 'inherit',
  });
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
  const onSignal = (signal: NodeJS.Signals) => {
    child.kill(signal);
    child.once('exit', () => process.exit(EXIT.failed));
  };
  for (const s of signals) process.on(s, onSignal);
  return new Promise((resolve) => {
    child.once('error', (e) => {
      console.error(`The console could not be built: ${e.message}`);
      resolve(EXIT.failed);
    });
    child.once('exit', (code) => {
      for (const s of signals) process.off(s, onSignal);
      resolve(code ?? EXIT.failed);
    });
  });
}

async function start() {
  // The settings first: a mistyped PORT should not wait for a build.
  const checked = await checkSettings(process.env);
  if (!checked.ok) return refuse(checked.errors);
  const builtAt = newestMtime(join(root, 'dist', 'index.html'));
  const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (!process.env.STATIC_DIR && (builtAt === 0 || changedAt > builtAt)) {
    console.log(
      builtAt === 0 ? 'Building the console (dist/ is missing)…' : 'Sources changed: rebuilding the console…',
    );
    const code = await build();
    if (code !== 0) process.exit(code);
  }
  runMain();
}

void start();
