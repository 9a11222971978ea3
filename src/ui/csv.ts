// CSV cells the console writes (exports, templates): one quoting rule and one formula guard for all of them.

/** A text a spreadsheet would run as a formula (= + - @, or a tab or carriage return first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: empty for no value, a date as ISO 8601, a text starting like a formula prefixed with `'` so
 * spreadsheets read it as text (numbers and booleans are left as they are), then quoted when it must be
 * (a comma, a quote, a line break, or spaces at either end; `"` doubled).
 */
export function csvCell(value: unknown): string {
  return delimitedCell(value, ',');
}

/** `csvCell` for another delimiter (a tab, a semicolon). */
export function delimitedCell(value: unknown, delimiter: string): string {
  if (value === undefined || value === null) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  if (s.includes(delimiter) || /["\r\n]/.test(s) || s !== s.trim()) return `"${s.replace(/"/g, '""')}"`;
  return s;
}

/** Rows of cells → CSV text with CRLF line ends, the last line ended too (what spreadsheets expect). */
export function csvLines(rows: ReadonlyArray<ReadonlyArray<unknown>>, delimiter: string = ','): string {
  return rows.map((r) => r.map((v) => delimitedCell(v, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}
