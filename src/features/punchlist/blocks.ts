// What comes into the punch-list grid as blocks of cells: a file's header row matched to the columns (imports),
// its records as rows, a pasted block read (with a header row or without) and written into the grid.
import { parseDelimited } from '../../ui/delimited';
import {
  COLUMNS,
  columnByKey,
  emptyValues,
  isBlank,
  newRow,
  type ColumnKey,
  type GridRow,
  newTempItemId,
} from './model';

// ---- imports: header names → columns ----

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const HEADER_INDEX = new Map<string, ColumnKey>();
for (const c of COLUMNS) {
  for (const name of [c.key, c.label, ...c.aliases]) HEADER_INDEX.set(norm(name), c.key);
}
HEADER_INDEX.set('punchlistsummary', 'summary');

/** The column a header names, if any. */
export function matchHeader(header: string): ColumnKey | undefined {
  return HEADER_INDEX.get(norm(header));
}

/** Initial mapping of a file's headers: matched names, each column taken once; `null` = not imported. */
export function mapHeaders(headers: string[]): Array<ColumnKey | null> {
  const taken = new Set<ColumnKey>();
  return headers.map((h) => {
    const key = matchHeader(h);
    if (!key || taken.has(key)) return null;
    taken.add(key);
    return key;
  });
}

/** Does a pasted block start with a header row? (Two or more of its cells name columns, or it is all names.) */
export function looksLikeHeader(cells: string[]): boolean {
  const named = cells.filter((c) => c.trim() !== '' && matchHeader(c)).length;
  return (
    named >= 2 || (named >= 1 && named === cells.filter((c) => c.trim() !== '').length && cells.length > 1)
  );
}

/** Records of a file (after its header) → grid rows, through a mapping. Blank records are skipped. */
export function rowsFromRecords(records: string[][], mapping: Array<ColumnKey | null>): GridRow[] {
  const rows: GridRow[] = [];
  for (const rec of records) {
    const values = emptyValues();
    let any = false;
    mapping.forEach((key, i) => {
      if (!key) return;
      const v = rec[i] ?? '';
      values[key] = v;
      if (v.trim() !== '') any = true;
    });
    if (any) rows.push({ tempItemId: newTempItemId(), values });
  }
  return rows;
}

/** The template a user fills in a spreadsheet: the header row only. */
export const templateHeader = () => COLUMNS.map((c) => c.label);

/**
 * A block of pasted cells written into the grid from a row on: cell i of each line goes to `keys[i]` (the
 * visible columns from the one pasted into, or the columns a header row named); cells past the last key are
 * dropped, rows are added as needed; created rows are never overwritten (the block goes on below them).
 * Returns the new row list; the rows it touched are new objects.
 */
export function applyBlock(
  rows: GridRow[],
  startRow: number,
  keys: Array<ColumnKey | null>,
  block: string[][],
): GridRow[] {
  const next = rows.slice();
  let r = startRow;
  for (const cells of block) {
    while (r < next.length && next[r].created) r++;
    if (r >= next.length) next.push(newRow());
    const values = { ...next[r].values };
    cells.forEach((cell, i) => {
      const key = keys[i];
      if (key) values[key] = cell;
    });
    next[r] = { ...next[r], values, refused: undefined };
    r++;
  }
  return next;
}

// ---- paste ----

/** A header cell a paste left out: a name no column has, a blank name over data, or a column named twice. */
export interface LeftOut {
  /** The header cell as pasted ('' when blank). */
  name: string;
  /** Its position in the header row (0-based). */
  index: number;
  /** The column an earlier header cell already named. */
  repeats?: ColumnKey;
}

/** A pasted block read: its lines of cells, the column each cell goes to, and what its header left out. */
export interface PastedBlock {
  block: string[][];
  keys: Array<ColumnKey | null>;
  /** Columns a header row named that are hidden (the page shows them). */
  hidden: ColumnKey[];
  leftOut: LeftOut[];
}

/**
 * Clipboard text pasted into column `col` of the shown `columns`. One value (no tab, no line break) is left to
 * the input: undefined. A block is written across the shown columns from `col` on; a block whose first line
 * looks like a header goes to the columns it names, mapped as the import maps a file's header (`mapHeaders`).
 */
export function readPaste(text: string, columns: ColumnKey[], col: number): PastedBlock | undefined {
  const body = text.replace(/(\r\n|\r|\n)$/, '');
  if (!body.includes('\t') && !/[\r\n]/.test(body)) return undefined;
  const block = parseDelimited(body, '\t');
  if (block.length < 2 || !looksLikeHeader(block[0])) {
    return { block, keys: columns.slice(col), hidden: [], leftOut: [] };
  }
  const header = block[0];
  const rows = block.slice(1);
  const keys = mapHeaders(header);
  const leftOut: LeftOut[] = [];
  header.forEach((name, index) => {
    if (keys[index] !== null) return;
    const named = matchHeader(name);
    if (named) leftOut.push({ name, index, repeats: named });
    else if (name.trim() !== '' || rows.some((r) => (r[index] ?? '').trim() !== '')) {
      leftOut.push({ name, index });
    }
  });
  const hidden = keys.filter((k): k is ColumnKey => k !== null && !columns.includes(k));
  return { block: rows, keys, hidden, leftOut };
}

const listed = (items: string[]) =>
  items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** What a paste left out, in sentences (undefined when nothing). */
export function leftOutMessage(leftOut: LeftOut[]): string | undefined {
  const unknown = leftOut.filter((l) => !l.repeats && l.name.trim() !== '').map((l) => `'${l.name.trim()}'`);
  const unnamed = leftOut.filter((l) => !l.repeats && l.name.trim() === '').map((l) => String(l.index + 1));
  const repeated = leftOut.filter((l) => l.repeats);
  const sentences: string[] = [];
  if (unknown.length === 1) sentences.push(`Column ${unknown[0]} was not recognised and was left out.`);
  else if (unknown.length)
    sentences.push(`Columns ${listed(unknown)} were not recognised and were left out.`);
  if (unnamed.length === 1) sentences.push(`Column ${unnamed[0]} has no name and was left out.`);
  else if (unnamed.length) sentences.push(`Columns ${listed(unnamed)} have no name and were left out.`);
  for (const r of repeated) {
    sentences.push(
      `Column '${r.name.trim()}' names ${columnByKey.get(r.repeats!)!.label} again and was left out.`,
    );
  }
  return sentences.length ? sentences.join(' ') : undefined;
}

/**
 * How many filled rows a block written from `startRow` would change (as `applyBlock` writes it): rows with a
 * non-blank cell the block would replace by another value. Filling a filled row's blank cells loses nothing.
 */
export function rowsOverwritten(
  rows: GridRow[],
  startRow: number,
  keys: Array<ColumnKey | null>,
  block: string[][],
): number {
  let count = 0;
  let r = startRow;
  for (const cells of block) {
    while (r < rows.length && rows[r].created) r++;
    if (r >= rows.length) break;
    const values = rows[r].values;
    if (cells.some((cell, i) => keys[i] && values[keys[i]].trim() !== '' && values[keys[i]] !== cell))
      count++;
    r++;
  }
  return count;
}

/** Where rows added at the end start: after the last filled or created row (trailing blank rows are reused). */
export function appendStart(rows: GridRow[]): number {
  let end = rows.length;
  while (end > 0 && !rows[end - 1].created && isBlank(rows[end - 1])) end--;
  return end;
}

// ---- view ----

/**
 * The grid's horizontal scroll that shows a cell clear of the sticky "No." column: `cellLeft` / `cellRight` in
 * the scrolled content, `width` the view's client width, `sticky` the sticky column's width.
 */
export function scrollLeftToReveal(v: {
  scrollLeft: number;
  width: number;
  sticky: number;
  cellLeft: number;
  cellRight: number;
}): number {
  if (v.cellLeft < v.scrollLeft + v.sticky) return Math.max(0, v.cellLeft - v.sticky);
  if (v.cellRight > v.scrollLeft + v.width) return Math.min(v.cellLeft - v.sticky, v.cellRight - v.width);
  return v.scrollLeft;
}
