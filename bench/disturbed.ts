// When a bench row's measurement does not count because the machine was too busy (bench/run.ts re-measures the
// part, and a row still disturbed after the retries says "disturbed" instead of pass or miss). The thresholds
// come from the calibration pages (bench/calibration.ts; docs/performance.md, "Calibration").

/**
 * Frame rows (CPU time): above this 1-minute load average per core a part is measured again. The calibration
 * pages kept their CPU-time verdicts at up to 6.5 per core (load 13 on 2 cores, with a burner; frames' wall
 * time up to 3.4× their CPU time, 2026-11-24), so 4 leaves a margin.
 */
export const DISTURBED_LOAD_PER_CORE = 4;
/** Frame rows: frames' wall time over their CPU time above which the renderer mostly waited for a core. */
export const DISTURBED_WALL_PER_CPU = 3;
/**
 * Wall-time rows: a busy machine only makes them slower, so a pass stands; a miss with the load per core above
 * this (1.5: the bench's own browser and service are about one core's worth) is measured again.
 */
export const WALL_MISS_LOAD_PER_CORE = 1.5;

export interface Judged {
  status: string;
  /** `cpu`: gated on CPU time (frame rows); `wall`: a wall-time figure; absent: not load-sensitive. */
  timing?: 'cpu' | 'wall';
  /** Frame rows: the frames' wall time over their CPU time. */
  wallPerCpu?: number;
  /** The part ran out of time (its rows are errors): on a busy machine that is load, not a verdict. */
  timedOut?: boolean;
}

/**
 * Why the row's measurement does not count, or undefined when it does. `start` and `end` are the part's load
 * averages (1, 5, 15 minutes) at its start and end; the higher 1-minute one is used.
 */
export function disturbance(r: Judged, start: number[], end: number[], cpus: number): string | undefined {
  const load = Math.max(start[0], end[0]);
  const perCore = load / cpus;
  const said = `load average ${load.toFixed(2)} = ${perCore.toFixed(2)} per core`;
  if (r.status === 'error' && r.timedOut && perCore > WALL_MISS_LOAD_PER_CORE)
    return `ran out of time at ${said} > ${WALL_MISS_LOAD_PER_CORE}`;
  if (r.status === 'error' || r.status === 'not measured' || !r.timing) return undefined;
  if (r.timing === 'cpu') {
    const why: string[] = [];
    if (perCore > DISTURBED_LOAD_PER_CORE) why.push(`${said} > ${DISTURBED_LOAD_PER_CORE}`);
    if (r.wallPerCpu !== undefined && r.wallPerCpu > DISTURBED_WALL_PER_CPU)
      why.push(`frames' wall time ${r.wallPerCpu.toFixed(2)}× their CPU time > ${DISTURBED_WALL_PER_CPU}×`);
    return why.length ? why.join(', ') : undefined;
  }
  if (r.status === 'miss' && perCore > WALL_MISS_LOAD_PER_CORE)
    return `a wall-time miss at ${said} > ${WALL_MISS_LOAD_PER_CORE}`;
  return undefined;
}
