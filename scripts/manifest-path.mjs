// Where a build's Vite manifest is kept: beside the output folder, not in it, so the published files hold no
// build metadata. A build into `dist` keeps it in `.vite/dist.manifest.json`, one into `/tmp/a-dist` in
// `/tmp/.vite/a-dist.manifest.json` (`.vite/` is git-ignored). vite.config.ts writes it there; scripts/size.mjs,
// scripts/chunks.ts and bench/chunks.ts read it (falling back to `<dist>/.vite/manifest.json`, where a build
// with a stock config such as bench/baseline leaves it).
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The manifest path of a build into `outDir`. */
export function manifestPathFor(outDir) {
  const dir = resolve(outDir);
  return join(dirname(dir), '.vite', `${basename(dir)}.manifest.json`);
}

/** The manifest of the build in `outDir`: beside it (this repository's config), else inside it (a stock config). */
export function findManifest(outDir) {
  const beside = manifestPathFor(outDir);
  if (existsSync(beside)) return beside;
  const inside = join(outDir, '.vite', 'manifest.json');
  return existsSync(inside) ? inside : undefined;
}
