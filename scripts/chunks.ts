// Lazily loaded code of a build against its budget (issue 10: 60 KB gzip): the largest screen (what opening a
// route fetches beyond the entry, the console's start and the signed-in shell), the signed-in shell itself
// (AppLayout, loaded once after sign-in) and the console's start (src/app/startConsole: the router, the query
// client, the providers; every signed-in page loads it, a signed-out visit's sign-in page does not). Part of `npm test` (after the build), so a change that breaks the budget fails at once;
// `npm run bench` reports the same figures (bench/chunks.ts). Then the Excel chunk's size, reported.
//
//   npx tsx scripts/chunks.ts [DIST_DIR] [--budget 60]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lazyScreens } from '../bench/chunks';
import { manifestPathFor } from './manifest-path.mjs';

const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget') + 1]) || 60;
const dist = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--budget') ?? 'dist';
const screens = lazyScreens(dist, readFileSync('src/app/router.tsx', 'utf8'));
const kb = (b: number) => (b / 1024).toFixed(1);
const start = screens.find((s) => s.console);
const shell = screens.find((s) => s.shell);
const largest = screens.find((s) => !s.shell && !s.console);
let over = false;
for (const [what, s] of [
  ['Console start, every signed-in page', start],
  ['Signed-in shell', shell],
  ['Largest screen', largest],
] as const) {
  if (!s) {
    console.error(`${what}: not found in ${manifestPathFor(dist)}`);
    over = true;
    continue;
  }
  const miss = s.totalGzip > budgetKb * 1024;
  over ||= miss;
  console.log(
    `${what} (${s.modules.join(', ')}): JS ${kb(s.jsGzip)} KB + CSS ${kb(s.cssGzip)} KB = ${kb(s.totalGzip)} KB gzip` +
      ` (budget ${budgetKb} KB)${miss ? ' — OVER' : ''}`,
  );
}
// The Excel chunk (exceljs: src/ui/xlsx/excel.ts, fetched on the first Excel export or import, never with a
// screen): reported, not held to the screens' budget; a file missing from the build fails the check.
const excel = readdirSync(join(dist, 'assets')).filter((f) => /^exceljs-[\w-]+\.js$/.test(f));
if (excel.length !== 1) {
  console.error(`Excel chunk: expected one assets/exceljs-*.js in ${dist}, found ${excel.length}`);
  over = true;
} else {
  const body = readFileSync(join(dist, 'assets', excel[0]));
  console.log(
    `Excel chunk (exceljs, loaded on the first Excel export or import): ${kb(gzipSync(body, { level: 9 }).length)} KB gzip` +
      ` (${kb(body.length)} KB raw, assets/${excel[0]}; not precached by the service worker)`,
  );
}
process.exit(over ? 1 : 0);
