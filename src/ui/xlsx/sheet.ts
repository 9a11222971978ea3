// What an export is, before it is a file: sheets of typed columns and rows, the same for CSV and Excel. Pure (no
// exceljs): the screens build these; src/ui/xlsx/excel.ts writes them as .xlsx, csvOfSheets as CSV.
import { csvLines } from '../csv';
import { parseTextDate } from '../textDate';

/**
 * How a column's cells are written: `text` as text; `number` / `integer` / `money` / `percent` (a fraction, 0.25
 * = 25 %) / `ms` as numbers; `date` as a day (a Date, or a text date such as "12/15/2026" or "2026-12-15");
 * `datetime` as a day and time in the user's time zone, as the screen shows it; `boolean` as TRUE / FALSE.
 */
export type CellKind =
  'text' | 'number' | 'integer' | 'money' | 'percent' | 'ms' | 'date' | 'datetime' | 'boolean';

export interface SheetColumn {
  header: string;
  kind?: CellKind;
  /** Width in characters; from the header and the longest value (8–60) when left out. */
  width?: number;
}

export type SheetValue = string | number | boolean | Date | null | undefined;

export interface Sheet {
  /** The tab's name (at most 31 characters, none of \ / ? * [ ] :). */
  name: string;
  columns: SheetColumn[];
  rows: SheetValue[][];
}

/** An .xlsx file's media type. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's number formats by kind. */
export const NUM_FMT: Partial<Record<CellKind, string>> = {
  integer: '0',
  money: '#,##0.00',
  percent: '0.0%',
  ms: '0.000',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/**
 * A Date whose UTC fields are the local wall time of `d`: Excel has no time zones, and exceljs writes a Date's UTC
 * fields, so the cell shows the time the screen showed.
 */
const wallTime = (d: Date) =>
  new Date(
    Date.UTC(
      d.getFullYear(),
      d.getMonth(),
      d.getDate(),
      d.getHours(),
      d.getMinutes(),
      d.getSeconds(),
      d.getMilliseconds(),
    ),
  );

/** One value as the cell holds it: a number, a Date (a day at UTC midnight), a boolean, text, or null (empty). */
export function cellValue(
  value: SheetValue,
  kind: CellKind = 'text',
): string | number | boolean | Date | null {
  if (value === undefined || value === null || value === '') return null;
  switch (kind) {
    case 'date': {
      if (value instanceof Date)
        return Number.isNaN(value.getTime())
          ? null
          : new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
      const t = parseTextDate(String(value));
      return t ? new Date(Date.UTC(t.year, t.month - 1, t.day)) : String(value);
    }
    case 'datetime':
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : wallTime(value);
      return String(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : String(value);
    case 'text':
      return value instanceof Date ? value.toISOString() : String(value);
    default: {
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      const n = Number(String(value).replace(/[$,\s]/g, ''));
      return String(value).trim() !== '' && Number.isFinite(n) ? n : String(value);
    }
  }
}

/** A value's length as text, for a column's width. */
const shownLength = (v: ReturnType<typeof cellValue>, kind: CellKind) =>
  v === null ? 0 : v instanceof Date ? (kind === 'datetime' ? 19 : 10) : String(v).length;

/** Column widths in characters: the given one, else the header's or the longest value's (8–60), + 2. */
export function columnWidths(sheet: Sheet): number[] {
  return sheet.columns.map((c, i) => {
    if (c.width) return c.width;
    let max = c.header.length;
    for (const r of sheet.rows) max = Math.max(max, shownLength(cellValue(r[i], c.kind), c.kind ?? 'text'));
    return Math.min(60, Math.max(8, max)) + 2;
  });
}

/** A tab name Excel takes: without \ / ? * [ ] :, at most 31 characters, unique in the book. */
export function sheetNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    const base =
      n
        .replace(/[\\/?*[\]:]/g, ' ')
        .trim()
        .slice(0, 31) || 'Sheet';
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, 28)} (${i})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** The sheets as CSV: one sheet as its rows; several one after the other, each under its name, a blank line between. */
export function csvOfSheets(sheets: Sheet[]): string {
  // A date as YYYY-MM-DD, a date-time as YYYY-MM-DD hh:mm:ss (the wall time shown), numbers as they are.
  const csvValue = (v: SheetValue, kind: CellKind | undefined) => {
    const c = cellValue(v, kind);
    if (!(c instanceof Date)) return c;
    const iso = c.toISOString();
    return kind === 'datetime' ? iso.slice(0, 19).replace('T', ' ') : iso.slice(0, 10);
  };
  const rows = (s: Sheet) => [
    s.columns.map((c) => c.header),
    ...s.rows.map((r) => s.columns.map((c, i) => csvValue(r[i], c.kind))),
  ];
  if (sheets.length === 1) return csvLines(rows(sheets[0]));
  return sheets.map((s) => csvLines([[s.name], ...rows(s)])).join('\r\n');
}

/** "rfis-project-1-2026-11-29": the list, the project (when there is one) and today's date, safe as a file name. */
export function exportFileName(list: string, projectId?: number, now: Date = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const slug = list
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return [slug || 'export', projectId !== undefined ? `project-${projectId}` : '', day]
    .filter(Boolean)
    .join('-');
}
