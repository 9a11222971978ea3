// chunks: the largest lazily loaded screen (bench/chunks.ts), and the console's start and the signed-in shell as
// rows of their own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lazyScreens } from '../chunks';
import type { Ctx } from '../harness/context';
import { kb } from '../harness/rows';

export async function chunksPart(ctx: Ctx) {
  const all = lazyScreens(ctx.distDir, readFileSync(join(ctx.root, 'src/app/router.tsx'), 'utf8'));
  ctx.details.chunks = { screens: all };
  const screens = all.filter((s) => !s.shell && !s.console);
  const shell = all.find((s) => s.shell);
  const start = all.find((s) => s.console);
  const top = screens[0];
  if (!top) throw new Error('no lazy route found in the manifest');
  const show = (s: (typeof all)[number]) =>
    `${kb(s.totalGzip)} (${s.route.replace(/^path: /, '')}: JS ${kb(s.jsGzip)} + CSS ${kb(s.cssGzip)})`;
  ctx.rows.push({
    part: 'chunks',
    figure: 'Largest lazily loaded screen, JS + CSS gzip (beyond the entry, the console start and the shell)',
    value: show(top),
    budget: '≤ 60 KB',
    status: top.totalGzip <= 60 * 1024 ? 'pass' : 'miss',
  });
  if (start) {
    ctx.rows.push({
      part: 'chunks',
      figure:
        'Console start (router, query client, providers: src/app/startConsole), every signed-in page, JS + CSS gzip',
      value: `${kb(start.totalGzip)} (JS ${kb(start.jsGzip)} + CSS ${kb(start.cssGzip)})`,
      budget: '≤ 60 KB',
      status: start.totalGzip <= 60 * 1024 ? 'pass' : 'miss',
    });
  }
  if (shell) {
    ctx.rows.push({
      part: 'chunks',
      figure: 'Signed-in shell (AppLayout), loaded once after sign-in, JS + CSS gzip',
      value: `${kb(shell.totalGzip)} (JS ${kb(shell.jsGzip)} + CSS ${kb(shell.cssGzip)})`,
      budget: '≤ 60 KB',
      status: shell.totalGzip <= 60 * 1024 ? 'pass' : 'miss',
    });
  }
  for (const s of all)
    ctx.say(
      `  ${kb(s.totalGzip).padStart(9)}  ${s.route}  (${s.files.length} files: ${s.modules.join(', ')})`,
    );
}
