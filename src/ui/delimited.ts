// Delimited text (CSV, tab-separated) in and out: RFC 4180 quoting ("" inside quotes), quoted fields may hold
// the delimiter and line breaks, lines end in LF, CRLF or CR. Small on purpose: spreadsheets' exports and
// clipboard blocks are all it has to read.

import { delimitedCell } from './csv';

export type Delimiter = ',' | '\t' | ';';

/** The delimiter of a text: a tab if its first line has one, else a semicolon if it has more of those, else a comma. */
export function detectDelimiter(text: string): Delimiter {
  const end = text.search(/\r|\n/);
  const first = end < 0 ? text : text.slice(0, end);
  if (first.includes('\t')) return '\t';
  const count = (c: string) => first.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Splits delimited text into rows of fields. A trailing line break does not make an empty last row; a BOM at
 * the start is dropped. An unclosed quote takes the rest of the text as its field (nothing is lost).
 */
export function parseDelimited(text: string, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let fieldStarted = false;
  while (i < n) {
    const c = text[i];
    if (c === '"' && field === '' && !fieldStarted) {
      // Quoted field: up to the closing quote; "" is one quote.
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          field += text.slice(i);
          i = n;
          break;
        }
        field += text.slice(i, q);
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      fieldStarted = true;
      continue;
    }
    if (c === delimiter) {
      row.push(field);
      field = '';
      fieldStarted = false;
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    // Plain run up to the next special character.
    let j = i + 1;
    while (j < n) {
      const d = text[j];
      if (d === delimiter || d === '\n' || d === '\r') break;
      j++;
    }
    field += text.slice(i, j);
    fieldStarted = true;
    i = j;
  }
  if (fieldStarted || field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * One field as `csvCell` writes it (`./csv`): quoted when it must be (delimiter, quote, line break, or spaces at
 * either end), a text starting like a formula prefixed with `'`.
 */
export function formatField(value: string, delimiter: Delimiter = ','): string {
  return delimitedCell(value, delimiter);
}

/** Rows → delimited text with CRLF line ends (what spreadsheets expect of CSV). */
export function formatDelimited(rows: string[][], delimiter: Delimiter = ','): string {
  return rows.map((r) => r.map((v) => formatField(v, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}
