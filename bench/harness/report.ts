// The end of a run: the table, a summary line, the rows' notes, and bench/results/latest.json (this run's rows,
// plus the rows of parts not run this time as they were last measured). Sets the exit code: 0 when every row
// passes, 1 when a budget is missed or a part fails, 3 when nothing missed but some rows stayed disturbed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { DISTURBED_LOAD_PER_CORE, DISTURBED_WALL_PER_CPU, WALL_MISS_LOAD_PER_CORE } from '../disturbed';
import type { Ctx } from './context';
import { la } from './process';
import { markdownTable, table, type Row } from './rows';

export type PartLog = Record<
  string,
  {
    seconds: number;
    loadAverageStart: number[];
    loadAverage: number[];
    outcome: string;
    attempts?: { loadAverageStart: number[]; loadAverageEnd: number[]; disturbed: string[] }[];
  }
>;

/** Rows and details of the parts not run this time, from the last latest.json. */
function keptFrom(file: string, selected: string[]) {
  try {
    const prev = JSON.parse(readFileSync(file, 'utf8')) as {
      rows?: Row[];
      details?: Record<string, unknown>;
    };
    return {
      rows: (prev.rows ?? []).filter((r) => !selected.includes(r.part)),
      details: Object.fromEntries(Object.entries(prev.details ?? {}).filter(([k]) => !selected.includes(k))),
    };
  } catch {
    return { rows: [], details: {} }; // a broken file is replaced
  }
}

export function report(ctx: Ctx, parts: string[], partLog: PartLog, loadStart: number[], runStarted: number) {
  const { rows, selected, say } = ctx;
  const date = new Date().toISOString();
  for (const r of rows) r.measuredAt = date;
  const seconds = Math.round((Date.now() - runStarted) / 1000);
  say(`\n${table(rows)}\n`);
  const missed = rows.filter((r) => r.status === 'miss' || r.status === 'error');
  const disturbedRows = rows.filter((r) => r.status === 'disturbed');
  say(
    `${rows.filter((r) => r.status === 'pass').length} pass, ${missed.length} miss or error, ` +
      `${disturbedRows.length} disturbed, ` +
      `${rows.filter((r) => r.status === 'not measured').length} not measured — ${seconds} s, ` +
      `load average ${loadStart.join(' ')} → ${la().join(' ')}`,
  );
  for (const r of rows.filter((x) => x.note)) say(`  ${r.figure}: ${r.note}`);
  if (ctx.markdown) say(`\n${markdownTable(rows)}\n`);

  const file = join(ctx.root, 'bench', 'results', 'latest.json');
  const kept =
    selected.length < parts.length && existsSync(file) ? keptFrom(file, selected) : { rows: [], details: {} };
  const order = (r: Row) => parts.indexOf(r.part);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        date,
        seconds,
        parts: selected,
        machine: {
          cpus: cpus().length,
          node: process.version,
          loadAverageStart: loadStart,
          loadAverageEnd: la(),
          burn: ctx.burn,
        },
        disturbedWhen: {
          frameRows: { loadPerCore: DISTURBED_LOAD_PER_CORE, wallPerCpu: DISTURBED_WALL_PER_CPU },
          wallRowMisses: { loadPerCore: WALL_MISS_LOAD_PER_CORE },
          retries: ctx.retries,
        },
        partLog,
        rows: [...rows, ...kept.rows].sort((a, b) => order(a) - order(b)),
        details: { ...kept.details, ...ctx.details },
      },
      null,
      2,
    ) + '\n',
  );
  say(
    `Written to ${file}${kept.rows.length ? ` (with ${kept.rows.length} rows of parts not run, from earlier runs)` : ''}.`,
  );
  process.exitCode = missed.length ? 1 : disturbedRows.length ? 3 : 0;
}
