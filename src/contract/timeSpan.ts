// TimeSpan on the wire: an ISO 8601 duration. Apart from codecs.ts (which re-exports it) so that what reads
// only durations (the request log's URL filters, src/routes/logQuery.ts) does not share the whole codec module.

const DURATION =
  /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Reads an ISO 8601 duration (`PT0.0123S`, `PT1H2M3S`, `P1DT2H`, `-PT1S`) into milliseconds. */
export function parseTimeSpan(text: string): number | undefined {
  const m = DURATION.exec(text.trim());
  if (!m || text.trim().endsWith('T') || text.trim() === 'P' || text.trim() === '-P') return undefined;
  if (m[2] === undefined && m[3] === undefined && m[4] === undefined && m[5] === undefined) {
    return undefined;
  }
  const [days, hours, minutes, seconds] = [m[2], m[3], m[4], m[5]].map((v) => Number(v ?? 0));
  const ms = ((days * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000;
  return m[1] ? -ms : ms;
}

/** Writes milliseconds as an ISO 8601 duration, largest units first, up to 7 decimals of seconds (ticks). */
export function formatTimeSpan(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError('TimeSpan must be finite');
  const sign = ms < 0 ? '-' : '';
  // Whole ticks (100 ns), as .NET keeps them.
  let ticks = Math.round(Math.abs(ms) * 10_000);
  const TICKS_PER = { d: 864_000_000_000, h: 36_000_000_000, m: 600_000_000, s: 10_000_000 };
  const days = Math.floor(ticks / TICKS_PER.d);
  ticks -= days * TICKS_PER.d;
  const hours = Math.floor(ticks / TICKS_PER.h);
  ticks -= hours * TICKS_PER.h;
  const minutes = Math.floor(ticks / TICKS_PER.m);
  ticks -= minutes * TICKS_PER.m;
  const wholeSeconds = Math.floor(ticks / TICKS_PER.s);
  const fraction = ticks - wholeSeconds * TICKS_PER.s;
  let time = '';
  if (hours) time += `${hours}H`;
  if (minutes) time += `${minutes}M`;
  if (wholeSeconds || fraction) {
    time += fraction
      ? `${wholeSeconds}.${String(fraction).padStart(7, '0').replace(/0+$/, '')}S`
      : `${wholeSeconds}S`;
  }
  if (!days && !time) return 'PT0S';
  return `${sign}P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}
