// The punch-list grid's model: columns, rows, per-cell validation, and the rows → PunchList requests of
// operation 5. Pure functions, no React. What comes in as blocks of cells (imports and pastes) is in blocks.ts.
import type { CodeName } from '../../contract/codes';
import type { PunchList } from '../../contract/dtos';
import { limits, PUNCH_LIST_ENTRY_MAX, PUNCH_LIST_MAX_ENTRIES } from '../../contract/limits';
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
