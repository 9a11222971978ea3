// How `npm run bench` judges a busy machine (issue 19): frame rows gated on CPU time, with the frames' wall/CPU
// gap (bench/frames.ts) and the load average deciding when a part is measured again (bench/disturbed.ts).
import { describe, expect, it } from 'vitest';
import {
  DISTURBED_LOAD_PER_CORE,
  DISTURBED_WALL_PER_CPU,
  WALL_MISS_LOAD_PER_CORE,
  disturbance,
} from '../../bench/disturbed';
import { analyseTrace } from '../../bench/harness/frames';

const load = (perCore: number, cpus = 2) => [perCore * cpus, 0, 0];

describe('disturbed bench rows (bench/disturbed.ts)', () => {
  it('keeps a frame row measured on a quiet machine, pass or miss', () => {
    for (const status of ['pass', 'miss'])
      expect(disturbance({ status, timing: 'cpu', wallPerCpu: 1.2 }, load(0.5), load(1), 2)).toBeUndefined();
  });

  it('calls a frame row disturbed above the load per core, at the start or the end of the part', () => {
    const over = DISTURBED_LOAD_PER_CORE + 0.5;
    expect(disturbance({ status: 'pass', timing: 'cpu' }, load(over), load(1), 2)).toMatch(/per core/);
    expect(disturbance({ status: 'miss', timing: 'cpu' }, load(1), load(over), 2)).toMatch(/per core/);
  });

  it('calls a frame row disturbed when its frames waited for a core (wall time ≫ CPU time)', () => {
    const why = disturbance(
      { status: 'pass', timing: 'cpu', wallPerCpu: DISTURBED_WALL_PER_CPU + 0.1 },
      load(1),
      load(1),
      2,
    );
    expect(why).toMatch(/wall time .*× their CPU time/);
  });

  it('lets a wall-time pass stand under load, and re-measures a wall-time miss under load only', () => {
    const busy = load(WALL_MISS_LOAD_PER_CORE + 1);
    expect(disturbance({ status: 'pass', timing: 'wall' }, busy, busy, 2)).toBeUndefined();
    expect(disturbance({ status: 'miss', timing: 'wall' }, busy, busy, 2)).toMatch(/wall-time miss/);
    expect(disturbance({ status: 'miss', timing: 'wall' }, load(0.5), load(0.5), 2)).toBeUndefined();
  });

  it('never gates rows that are not timings, nor errors', () => {
    const busy = load(10);
    expect(disturbance({ status: 'miss' }, busy, busy, 2)).toBeUndefined();
    expect(disturbance({ status: 'error', timing: 'cpu', wallPerCpu: 9 }, busy, busy, 2)).toBeUndefined();
  });
});

describe('frame figures from a trace (bench/frames.ts)', () => {
  // One renderer main thread; each frame a task holding a BeginMainFrame, `wall` ms long of which `cpu` ms ran.
  function trace(frames: { wall: number; cpu: number }[]) {
    const pid = 7;
    const tid = 1;
    const events: Parameters<typeof analyseTrace>[0] = [
      { name: 'thread_name', cat: '__metadata', ph: 'M', pid, tid, ts: 0, args: { name: 'CrRendererMain' } },
    ];
    let ts = 1000;
    for (const f of frames) {
      const base = { cat: 'toplevel', ph: 'X', pid, tid, ts };
      events.push({ ...base, name: 'ThreadControllerImpl::RunTask', dur: f.wall * 1000, tdur: f.cpu * 1000 });
      events.push({ ...base, name: 'ProxyMain::BeginMainFrame', cat: 'benchmark', ts: ts + 10, dur: 100 });
      ts += Math.max(f.wall, 16.7) * 1000 + 100;
    }
    return events;
  }

  it('gives the shares by CPU time and by wall time, and their gap', () => {
    // 20 ms of work per frame that waited as long again for a core: by wall time every frame is over 25 ms.
    const s = analyseTrace(trace(Array.from({ length: 10 }, () => ({ wall: 40, cpu: 20 }))));
    expect(s.frames).toBe(10);
    expect(s.cpuOver16_7).toBe(1);
    expect(s.cpuOver25).toBe(0);
    expect(s.over25).toBe(1);
    expect(s.wallPerCpu).toBe(2);
  });

  it('reads an idle page as 0 % over 16.7 ms', () => {
    const s = analyseTrace(trace(Array.from({ length: 10 }, () => ({ wall: 1.1, cpu: 1 }))));
    expect(s.cpuOver16_7).toBe(0);
    expect(s.over16_7).toBe(0);
    expect(s.wallPerCpu).toBe(1.1);
  });
});

describe('a part that ran out of time (bench/disturbed.ts)', () => {
  it('is disturbed on a busy machine and an error on a quiet one', () => {
    const row = { status: 'error', timedOut: true };
    expect(disturbance(row, load(WALL_MISS_LOAD_PER_CORE + 1), load(1), 2)).toMatch(/ran out of time/);
    expect(disturbance(row, load(0.5), load(0.5), 2)).toBeUndefined();
    expect(disturbance({ status: 'error' }, load(9), load(9), 2)).toBeUndefined();
  });
});
