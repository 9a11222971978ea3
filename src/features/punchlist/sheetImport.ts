// What an import file holds, as the dialog maps it: a header row and records of text, from a CSV / TSV text or from
// an Excel sheet (date cells as MM/DD/YYYY, numbers and booleans as text), and the cells the grid would refuse,
// each named by the file's row and column before anything is added or sent. Pure, no React.
import type { CodeName } from '../../contract/codes';
import { parseDelimited } from '../../ui/delimited';
import { formatTextDate } from '../../ui/textDate';
import type { ReadValue } from '../../ui/xlsx/excel';
import { emptyValues, validateRow, type ColumnKey } from './model';

export interface ImportTable {
  header: string[];
  /** The lines after the header, each as long as it was (cells are text). */
  records: string[][];
}

/**
 * One cell of a sheet as the grid's text: a date cell (exceljs reads its day at UTC midnight) as MM/DD/YYYY, a
 * number as written (1250.5), a boolean as Yes / No, text as it is, an empty cell as ''.
 */
export function cellText(v: ReadValue): string {
  if (v === null) return '';
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return '';
    return formatTextDate(
      { year: v.getUTCFullYear(), month: v.getUTCMonth() + 1, day: v.getUTCDate() },
      'us',
    );
  }
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

/** A sheet's rows → header and records: cells as text, empty rows at the end and empty columns at the right dropped. */
export function tableOfSheet(rows: ReadValue[][]): ImportTable {
  const text = rows.map((r) => r.map(cellText));
  while (text.length && text[text.length - 1].every((c) => c.trim() === '')) text.pop();
  let width = 0;
  for (const r of text) for (let i = r.length; i > width; i--) if (r[i - 1].trim() !== '') width = i;
  const cut = text.map((r) => r.slice(0, width));
  return { header: (cut[0] ?? []).map((h) => h.trim()), records: cut.slice(1) };
}

/** A CSV or tab-separated text → header and records. */
export function tableOfText(text: string): ImportTable {
  const parsed = parseDelimited(text);
  return { header: parsed[0] ?? [], records: parsed.slice(1) };
}

/** A column's letters as a spreadsheet names it: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export interface CellProblem {
  /** The file's row number (the header is row 1). */
  row: number;
  /** The file's column, as a spreadsheet names it (A, B, …). */
  column: string;
  /** The file's header over it ('' when blank), and the grid column it goes to. */
  header: string;
  key: ColumnKey;
  message: string;
}

/** The cells of the records the grid would refuse (the grid's own checks, validateRow), row by row. */
export function importProblems(
  table: ImportTable,
  mapping: Array<ColumnKey | null>,
  statuses: CodeName[],
): CellProblem[] {
  const problems: CellProblem[] = [];
  const indexOf = new Map<ColumnKey, number>();
  mapping.forEach((k, i) => k && indexOf.set(k, i));
  table.records.forEach((rec, r) => {
    const values = emptyValues();
    mapping.forEach((key, i) => {
      if (key) values[key] = rec[i] ?? '';
    });
    const errors = validateRow(values, statuses);
    // Left to right; a column no file column goes to (Summary) is said once by the dialog, not on every row.
    const keys = (Object.keys(errors) as ColumnKey[])
      .filter((k) => indexOf.has(k))
      .sort((a, b) => indexOf.get(a)! - indexOf.get(b)!);
    for (const key of keys) {
      const i = indexOf.get(key)!;
      problems.push({
        row: r + 2,
        column: columnLetter(i),
        header: table.header[i] ?? '',
        key,
        message: errors[key]!,
      });
    }
  });
  return problems;
}
