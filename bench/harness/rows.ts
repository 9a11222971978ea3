// The bench's rows (one figure against its budget: pass / miss) and how they are printed.
export type Status = 'pass' | 'miss' | 'disturbed' | 'not measured' | 'error' | 'info';
export interface Row {
  part: string;
  figure: string;
  value: string;
  budget: string;
  status: Status;
  note?: string;
  measuredAt?: string;
  /**
   * How the row is judged on a busy machine: `cpu` (frame rows: gated on CPU time, disturbed by load or by the
   * frames' wall/CPU gap, `wallPerCpu`) or `wall` (only a miss under load is disturbed). Absent: not gated.
   */
  timing?: 'cpu' | 'wall';
  wallPerCpu?: number;
  timedOut?: boolean;
  /** The part's 1-minute load average at its start and end, and how many times it was measured. */
  loadAverage?: { start: number; end: number };
  attempts?: number;
  /** Why the row counts as disturbed (kept when a re-measurement was not disturbed: then absent). */
  disturbed?: string;
}
/** A figure and its budget, as a part lists them before it measures. */
export type Figure = { figure: string; budget: string };

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const pct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
export const ms = (v: number) => `${Math.round(v)} ms`;

/** Rows for figures a part could not measure (`why`: the error, or "stopped after N s"). */
export function failRows(part: string, figures: Figure[], why: string): Row[] {
  const timedOut = /^stopped after/.test(why);
  return figures.map((f) => ({ part, ...f, value: '—', status: 'error', note: why, timedOut }));
}

/** A frame row's value and status from its shares (0..1) by CPU time and by wall time. */
export function frameRow(
  cpu: number | undefined,
  wall: number | undefined,
  wallPerCpu: number | undefined,
  limit = 0.05,
): Pick<Row, 'value' | 'status' | 'timing' | 'wallPerCpu'> {
  if (cpu === undefined)
    return {
      value: wall === undefined ? '—' : `wall time ${pct(wall)}; no CPU-time figure`,
      status: 'error',
    };
  return {
    value:
      `${pct(cpu)} (wall time ${wall === undefined ? '?' : pct(wall)}` +
      `${wallPerCpu === undefined ? '' : `; wall/CPU ${wallPerCpu.toFixed(2)}`})`,
    status: cpu < limit ? 'pass' : 'miss',
    timing: 'cpu',
    wallPerCpu,
  };
}

/** The part's 1-minute load average at its start → end, and the number of measurements when more than one. */
function loadCell(r: Row): string {
  if (!r.loadAverage) return '';
  return (
    `${r.loadAverage.start.toFixed(1)} → ${r.loadAverage.end.toFixed(1)}` +
    (r.attempts && r.attempts > 1 ? ` (try ${r.attempts})` : '')
  );
}

export function table(list: Row[]): string {
  const head = ['#', 'figure', 'measured', 'budget', 'result', 'load'];
  const cells = list.map((r, i) => [
    String(i + 1),
    r.figure,
    r.value,
    r.budget,
    r.status.toUpperCase(),
    loadCell(r),
  ]);
  const width = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((v, c) => v.padEnd(width[c])).join('  ');
  return [line(head), width.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export function markdownTable(list: Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| # | figure | measured | budget | result | load |',
    '|---|---|---|---|---|---|',
    ...list.map(
      (r, i) =>
        `| ${i + 1} | ${esc(r.figure)} | ${esc(r.value)} | ${esc(r.budget)} | ${r.status === 'pass' ? 'pass' : `**${r.status}**`} | ${loadCell(r)} |`,
    ),
  ].join('\n');
}
