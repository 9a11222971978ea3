// size: the sign-in route's first load (JS + CSS gzip, scripts/size.mjs) vs the baseline app's (bench/baseline).
import { spawnSync } from 'node:child_process';
import type { Ctx } from '../harness/context';
import { kb } from '../harness/rows';

interface SizeJson {
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
}
function sizeOf(root: string, args: string[]): SizeJson {
  const r = spawnSync(process.execPath, ['scripts/size.mjs', ...args, '--json', '--budget', '100000'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`size.mjs ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout) as SizeJson;
}

export async function sizePart(ctx: Ctx) {
  const app = sizeOf(ctx.root, [ctx.distDir]);
  const base = sizeOf(ctx.root, [ctx.baselineDir, '--no-route']);
  const ratio = app.totalGzip / base.totalGzip;
  ctx.details.size = { console: app, baseline: base, ratio: Number(ratio.toFixed(3)) };
  ctx.rows.push({
    part: 'size',
    figure: 'Sign-in route first load, JS + CSS gzip, vs a minimal Mantine app',
    value: `${ratio.toFixed(2)}× (${kb(app.totalGzip)} vs ${kb(base.totalGzip)})`,
    budget: '≤ 1.25×',
    status: ratio <= 1.25 ? 'pass' : 'miss',
  });
  ctx.say(`  console ${kb(app.totalGzip)} (JS ${kb(app.jsGzip)} + CSS ${kb(app.cssGzip)})`);
  ctx.say(
    `  baseline ${kb(base.totalGzip)} (JS ${kb(base.jsGzip)} + CSS ${kb(base.cssGzip)}) → ${ratio.toFixed(2)}×`,
  );
}
