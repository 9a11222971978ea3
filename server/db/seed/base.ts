// What every part of the seed shares: the reference date, the scale sizes, small formatting helpers, the text
// tables the reference data is written in, and the insert helper.
import type { Database, Statement } from 'better-sqlite3';
import { dayMs, formatTextDate } from '../text-dates';

/**
 * The day the tests pin the seed's "today" to (SEED_TODAY=2026-11-01): Sunday 11/01/2026, 12:00 UTC. The seed's
 * dates are relative to its "today" (`SeedDay`), which is this day when pinned and otherwise the day the data
 * folder is seeded; the projects' fixed calendar (start and end dates) is written for this day and moves with it.
 */
export const REFERENCE_DATE = new Date(dayMs(2026, 11, 1));
export const DAY = 86_400_000;
/** The pinned day as SEED_TODAY spells it. */
export const PINNED_SEED_TODAY = '2026-11-01';

/** `YYYY-MM-DD` → the day at 12:00 UTC; undefined when it is not a real calendar day from 1970 to 9999. */
export function seedDayMs(day: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const ms = dayMs(+m[1], +m[2], +m[3]);
  return m[1] >= '1970' && isoDay(ms) === day ? ms : undefined;
}

/** The `YYYY-MM-DD` (UTC) of an instant. */
export const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Today (UTC) as `YYYY-MM-DD`: the seed's "today" when SEED_TODAY is not set. */
export const currentSeedDay = (now = Date.now()) => isoDay(now);

/** Days back from `today` to the last `weekday` (0 Sunday … 6 Saturday) strictly before it: 1 to 7. */
export const daysSince = (today: number, weekday: number) =>
  (new Date(today).getUTCDay() - weekday + 7) % 7 || 7;

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
