// The punch-list grid's model: columns, rows, per-cell validation, header mapping for imports, and the rows →
// PunchList requests of operation 5. Pure functions, no React.
import type { CodeName } from '../../contract/codes';
import type { PunchList } from '../../contract/dtos';
import { limits, PUNCH_LIST_ENTRY_MAX, PUNCH_LIST_MAX_ENTRIES } from '../../contract/limits';
import { parseDelimited } from '../../ui/delimited';
import { formatTextDate, parseTextDate, TEXT_DATE_YEARS_MESSAGE, textDateProblem } from '../../ui/textDate';

export type ColumnKey =
  | 'summary'
  | 'description'
  | 'locationSite'
  | 'locationBuilding'
  | 'locationFloor'
  | 'locationRoom'
  | 'dueDate'
  | 'status'
  | 'responsibleParties'
  | 'ccUsers'
  | 'costImpact'
  | 'cost'
  | 'reference'
  | 'drawing'
  | 'drawingDetail';

export interface Column {
  key: ColumnKey;
  label: string;
  width: number;
  /** Other header names an import maps to this column (compared without case, spaces or punctuation). */
  aliases: string[];
  placeholder?: string;
}

export const COLUMNS: Column[] = [
  { key: 'summary', label: 'Summary', width: 240, aliases: ['title', 'item', 'subject', 'name'] },
  { key: 'description', label: 'Description', width: 260, aliases: ['details', 'notes', 'comment'] },
  { key: 'locationSite', label: 'Site', width: 120, aliases: ['location site'] },
  { key: 'locationBuilding', label: 'Building', width: 120, aliases: ['location building', 'bldg'] },
  { key: 'locationFloor', label: 'Floor', width: 90, aliases: ['location floor', 'level'] },
  { key: 'locationRoom', label: 'Room', width: 130, aliases: ['location room', 'area', 'space'] },
  { key: 'dueDate', label: 'Due date', width: 120, aliases: ['due', 'date due'], placeholder: 'MM/DD/YYYY' },
  { key: 'status', label: 'Status', width: 140, aliases: ['state'], placeholder: 'Open' },
  {
    key: 'responsibleParties',
    label: 'Responsible parties',
    width: 180,
    aliases: ['responsible', 'responsible party', 'assigned to', 'assignee', 'ball in court'],
  },
  { key: 'ccUsers', label: 'CC', width: 150, aliases: ['cc users', 'copy to'] },
  { key: 'costImpact', label: 'Cost impact', width: 100, aliases: ['has cost impact'], placeholder: 'No' },
  { key: 'cost', label: 'Cost', width: 110, aliases: ['amount', 'cost amount', 'price'] },
  { key: 'reference', label: 'Reference', width: 130, aliases: ['ref'] },
  { key: 'drawing', label: 'Drawing', width: 110, aliases: ['sheet', 'drawing number'] },
  { key: 'drawingDetail', label: 'Drawing detail', width: 120, aliases: ['detail'] },
];

export const COLUMN_KEYS = COLUMNS.map((c) => c.key);
export const columnByKey = new Map(COLUMNS.map((c) => [c.key, c]));

export type RowValues = Record<ColumnKey, string>;

export interface GridRow {
  /** Generated in the browser; the service returns the created row under it, so a retry creates nothing twice. */
  tempItemId: string;
  values: RowValues;
  /** Set once the service created the row. */
  created?: { number: string; id: string };
  /** Why the service refused the row (per column, and `_row` for the row as a whole). */
  refused?: Partial<Record<ColumnKey | '_row', string>>;
}

export const emptyValues = (): RowValues =>
  Object.fromEntries(COLUMN_KEYS.map((k) => [k, ''])) as unknown as RowValues;

/** A TempItemId: random, unique enough across tabs and people (randomUUID needs a secure context). */
export function newTempItemId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const newRow = (values: Partial<RowValues> = {}): GridRow => ({
  tempItemId: newTempItemId(),
  values: { ...emptyValues(), ...values },
});

export const isBlank = (row: GridRow) => COLUMN_KEYS.every((k) => row.values[k].trim() === '');

// ---- values ----

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);

export function parseYesNo(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return undefined;
}

/** A status typed as its name (any case) or its code. Empty → undefined (the service's default, Open). */
export function parseStatus(text: string, statuses: CodeName[]): number | null | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  const hit = statuses.find((s) => s.name.toLowerCase() === t || String(s.code) === t);
  return hit ? hit.code : null;
}

/** Money typed as people type it: `$1,250.50`, `1250.5`, `-75`. Empty → ''. Unreadable → undefined. */
export function parseCost(text: string): string | undefined {
  const t = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (t === '') return '';
  if (!/^-?\d+(\.\d{1,2})?$/.test(t) && !/^-?\.\d{1,2}$/.test(t)) return undefined;
  return Number(t).toFixed(2);
}

/** People lists: separated by `;` or `,`, blanks dropped. */
export const splitList = (text: string) =>
  text
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The grid's columns with a length limit: those of `PunchList` in src/contract/limits.ts, read by the service too
 * (Cost is checked as a number instead).
 */
export const COLUMN_LIMITS: Partial<Record<ColumnKey, number>> = {};
for (const k of COLUMN_KEYS) {
  if (k !== 'cost' && k in limits.PunchList)
    COLUMN_LIMITS[k] = limits.PunchList[k as keyof typeof limits.PunchList];
}

export type CellErrors = Partial<Record<ColumnKey, string>>;

/** The problems of one row, per cell. A blank row has none (it is skipped). */
export function validateRow(values: RowValues, statuses: CodeName[]): CellErrors {
  const errors: CellErrors = {};
  if (COLUMN_KEYS.every((k) => values[k].trim() === '')) return errors;
  if (values.summary.trim() === '') errors.summary = 'Summary is required.';
  for (const [key, max] of Object.entries(COLUMN_LIMITS) as Array<[ColumnKey, number]>) {
    if (values[key].length > max)
      errors[key] = `${columnByKey.get(key)!.label} is longer than ${max} characters.`;
  }
  const dueProblem = textDateProblem(values.dueDate);
  if (dueProblem === 'years') errors.dueDate = `Due date: ${TEXT_DATE_YEARS_MESSAGE.toLowerCase()}`;
  else if (dueProblem) errors.dueDate = 'Due date is not a date: use MM/DD/YYYY.';
  if (parseStatus(values.status, statuses) === null) {
    errors.status = `Status must be one of ${statuses.map((s) => s.name).join(', ')}.`;
  }
  if (parseYesNo(values.costImpact) === undefined) errors.costImpact = 'Cost impact must be Yes or No.';
  if (parseCost(values.cost) === undefined) errors.cost = 'Cost must be a number, such as 1250.00.';
  for (const key of ['responsibleParties', 'ccUsers'] as const) {
    const list = splitList(values[key]);
    if (list.length > PUNCH_LIST_MAX_ENTRIES) {
      errors[key] = `${columnByKey.get(key)!.label}: at most ${PUNCH_LIST_MAX_ENTRIES} entries.`;
    } else if (list.some((s) => s.length > PUNCH_LIST_ENTRY_MAX)) {
      errors[key] = `Each entry must be at most ${PUNCH_LIST_ENTRY_MAX} characters.`;
    }
  }
  return errors;
}

/** One grid row → the PunchList the service is sent (fields left empty are not sent). */
export function toPunchList(row: GridRow, folderId: number, statuses: CodeName[]): PunchList {
  const v = row.values;
  const item: PunchList = { tempItemId: row.tempItemId, folderId, summary: v.summary.trim() };
  const text = (key: ColumnKey, field: keyof PunchList) => {
    if (v[key].trim() !== '') (item as Record<string, unknown>)[field] = v[key];
  };
  text('description', 'description');
  text('locationSite', 'locationSite');
  text('locationBuilding', 'locationBuilding');
  text('locationFloor', 'locationFloor');
  text('locationRoom', 'locationRoom');
  text('reference', 'reference');
  text('drawing', 'drawing');
  text('drawingDetail', 'drawingDetail');
  const due = parseTextDate(v.dueDate);
  if (due) item.dueDate = formatTextDate(due, 'us');
  const status = parseStatus(v.status, statuses);
  if (typeof status === 'number') item.status = status;
  const costImpact = parseYesNo(v.costImpact);
  if (costImpact) item.costImpact = true;
  const cost = parseCost(v.cost);
  if (cost) item.cost = cost;
  const responsible = splitList(v.responsibleParties);
  if (responsible.length) item.responsiblePartyList = responsible;
  const cc = splitList(v.ccUsers);
  if (cc.length) item.ccUserList = cc;
  return item;
}

/** The service's field names (`punchlistList[3].dueDate`) → our columns. */
const FIELD_TO_COLUMN: Record<string, ColumnKey> = {
  summary: 'summary',
  description: 'description',
  locationSite: 'locationSite',
  locationBuilding: 'locationBuilding',
  locationFloor: 'locationFloor',
  locationRoom: 'locationRoom',
  dueDate: 'dueDate',
  status: 'status',
  responsiblePartyList: 'responsibleParties',
  ccUserList: 'ccUsers',
  costImpact: 'costImpact',
  cost: 'cost',
  reference: 'reference',
  drawing: 'drawing',
  drawingDetail: 'drawingDetail',
};

/** `punchlistList[3].ccUserList[0]` → {index 3, column ccUsers}; anything else about the row → `_row`. */
export function parseFieldPath(path: string): { index: number; column: ColumnKey | '_row' } | undefined {
  const m = /^punchlistList\[(\d+)\](?:\.([A-Za-z]+))?/i.exec(path);
  if (!m) return undefined;
  const field = m[2] ? m[2][0].toLowerCase() + m[2].slice(1) : '';
  return { index: Number(m[1]), column: FIELD_TO_COLUMN[field] ?? '_row' };
}

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
