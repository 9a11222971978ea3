// What every part of the seed shares: the reference date, the scale sizes, small formatting helpers, the text
// tables the reference data is written in, and the insert helper.
import type { Database, Statement } from 'better-sqlite3';
import { dayMs, formatTextDate } from '../text-dates';

/** "Today" of the seeded data: Sunday 11/01/2026, 12:00 UTC. Overdue items are overdue relative to it. */
export const REFERENCE_DATE = new Date(dayMs(2026, 11, 1));
export const DAY = 86_400_000;
export const REF = REFERENCE_DATE.getTime();

export const SCALE_FOLDER_NAME = 'Scale: 100k documents';
export const SCALE_DOCUMENTS = 100_000;
export const SCALE_LOG_ROWS = 1_000_000;

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const text = (ms: number) => formatTextDate(ms);
/** '03 30 00' → 33000 (the DTO's CSI is an int). */
export const csiNumber = (section: string) => Number(section.replace(/\s/g, ''));

/** `'a|b|c'` → `['a', 'b', 'c']`; a multi-line table → its rows. */
export const list = (text: string) => text.split('|').map((s) => s.trim());
export const table = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => list(line));

export type Row = Record<string, string | number | null>;

export function inserter(db: Database): Insert {
  const cache = new Map<string, Statement>();
  return (table: string, row: Row): number => {
    const cols = Object.keys(row);
    const sql = `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`;
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return Number(s.run(row).lastInsertRowid);
  };
}

/** The insert helper `inserter` returns: one row into a table, its rowid back. */
export type Insert = (table: string, row: Row) => number;
