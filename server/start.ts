// `npm start`: builds the console when dist/ is missing or older than its sources, then starts the service.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { main } from './main';

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

const builtAt = newestMtime(join(root, 'dist', 'index.html'));
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (!process.env.STATIC_DIR && (builtAt === 0 || changedAt > builtAt)) {
  console.log(
    builtAt === 0 ? 'Building the console (dist/ is missing)…' : 'Sources changed: rebuilding the console…',
  );
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
