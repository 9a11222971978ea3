// calibration: the frame metric on pages doing 0, 20 and 30 ms of CPU work per frame (bench/calibration.ts): they
// must read 0 %, 100 % over 16.7 ms and 0 % over 25 ms, 100 % over both. Writes bench/results/calibration.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calibrate } from '../calibration';
import type { Ctx } from '../harness/context';
import { pct } from '../harness/rows';

const BUDGETS: Record<string, string> = {
  idle: '< 5 % over 16.7 ms',
  '20ms': '> 95 % over 16.7 ms, < 5 % over 25 ms',
  '30ms': '> 95 % over 16.7 ms and over 25 ms',
};

export async function calibrationPart(ctx: Ctx) {
  const result = await calibrate({ burn: ctx.burn, log: ctx.say });
  mkdirSync(join(ctx.root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(ctx.root, 'bench', 'results', 'calibration.json'),
    JSON.stringify(result, null, 2) + '\n',
  );
  ctx.details.calibration = result;
  for (const m of result.modes) {
    const both = (x: { over16_7: number; over25: number }) => `${pct(x.over16_7)} / ${pct(x.over25)}`;
    ctx.rows.push({
      part: 'calibration',
      figure: `Calibration: ${m.label}, frames over 16.7 / 25 ms (CPU time)`,
      value: `${both(m.cpu)} (wall time ${both(m.wall)}, ${m.wallVerdict}; wall/CPU ${m.wallPerCpu.toFixed(2)})`,
      budget: BUDGETS[m.mode],
      status: m.cpuVerdict === 'as expected' ? 'pass' : 'miss',
      timing: 'cpu',
      wallPerCpu: m.workMs > 0 ? m.wallPerCpu : undefined, // an idle frame's few µs make no useful ratio
      note: `CPU per frame p50 ${m.cpu.p50Ms} ms, wall p50 ${m.wall.p50Ms} ms; ${result.stepsPerMs} loop steps per ms${ctx.burn ? `; burner on ${ctx.burn} core(s)` : ''}`,
    });
  }
}
