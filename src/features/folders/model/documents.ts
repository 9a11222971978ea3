// The documents table's logic, free of React: columns, filter and sort state in the URL, filtering, sorting,
// CSV and Excel sheet. 100,000 rows are sorted and filtered here, so comparisons use precomputed keys.
import type { FolderDocument } from '../../../contract/dtos';
import { csvCell } from '../../../ui/csv';
import { formatBytes, formatDate } from '../../../ui/format';
import { readColumnList, readColumnWidths, writeColumns } from '../../../ui/views/columns';
import type { Sheet } from '../../../ui/xlsx/sheet';

export type ColumnId =
  | 'number'
  | 'discipline'
  | 'csi'
  | 'type'
  | 'status'
  | 'issue'
  | 'issueDate'
  | 'fileName'
  | 'size'
  | 'allFiles'
  | 'updated';

export interface Column {
  id: ColumnId;
  label: string;
  /** Width in px (the virtualised table uses a fixed layout). */
  width: number;
  kind: 'text' | 'number' | 'date';
  value: (d: FolderDocument) => string | number | Date | undefined;
}

// File name, size and updated come right after the number, so they are in view without scrolling sideways on a
// laptop (the folder tree and the navbar leave ~900 px at 1440 px); the rest follow and scroll.
export const columns: Column[] = [
  { id: 'number', label: 'Number', width: 120, kind: 'text', value: (d) => d.documentNumber },
  { id: 'fileName', label: 'File name', width: 200, kind: 'text', value: (d) => d.uploadedFileName },
  {
    id: 'size',
    label: 'Size',
    width: 90,
    kind: 'number',
    value: (d) => d.uploadedFileSize ?? d.estimatedFileSize,
  },
  { id: 'updated', label: 'Updated', width: 115, kind: 'date', value: (d) => d.documentUpdateDate },
  { id: 'status', label: 'Status', width: 145, kind: 'text', value: (d) => d.documentStatusName },
  { id: 'type', label: 'Type', width: 115, kind: 'text', value: (d) => d.documentTypeName },
  { id: 'discipline', label: 'Discipline', width: 110, kind: 'text', value: (d) => d.documentDisciplineName },
  { id: 'issue', label: 'Issue', width: 100, kind: 'text', value: (d) => d.documentIssue },
  { id: 'issueDate', label: 'Issue date', width: 115, kind: 'date', value: (d) => d.documentIssueDate },
  { id: 'csi', label: 'CSI', width: 85, kind: 'text', value: (d) => d.documentCSI },
  { id: 'allFiles', label: 'All files', width: 90, kind: 'number', value: (d) => d.allFilesSize },
];

const columnIds = new Set<string>(columns.map((c) => c.id));
export const COLUMN_IDS = columns.map((c) => c.id);

export interface TableState {
  q: string;
  /** Status code (operation 17's ids), as text. */
  status: string;
  discipline: string;
  type: string;
  sort: ColumnId;
  dir: 'asc' | 'desc';
  /** The columns shown, in order (`cols=`); undefined = every column in its usual order. */
  cols?: ColumnId[];
  /** Widths in px (`widths=`) instead of the columns' own. */
  widths?: Partial<Record<ColumnId, number>>;
}

export const defaultState: Omit<TableState, 'cols' | 'widths'> = {
  q: '',
  status: '',
  discipline: '',
  type: '',
  sort: 'number',
  dir: 'asc',
};

/** URL search params → table state; anything unknown falls back to the default. */
export function readState(params: URLSearchParams): TableState {
  const sort = params.get('sort') ?? '';
  const dir = params.get('dir');
  return {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    discipline: params.get('discipline') ?? '',
    type: params.get('type') ?? '',
    sort: columnIds.has(sort) ? (sort as ColumnId) : defaultState.sort,
    dir: dir === 'desc' ? 'desc' : 'asc',
    cols: readColumnList(params.get('cols'), COLUMN_IDS),
    widths: readColumnWidths(params.get('widths'), COLUMN_IDS),
  };
}

/** The columns the table shows, in their order and widths. */
export function shownColumns(state: Pick<TableState, 'cols' | 'widths'>): Column[] {
  const shown = state.cols?.length ? state.cols : COLUMN_IDS;
  return shown.map((id) => {
    const column = columns.find((c) => c.id === id)!;
    const width = state.widths?.[id];
    return width ? { ...column, width } : column;
  });
}

/** Writes the state into a copy of `params` (other params kept); defaults are left out of the URL. */
export function writeState(params: URLSearchParams, patch: Partial<TableState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const state = { ...readState(params), ...patch };
  for (const key of Object.keys(defaultState) as Array<keyof typeof defaultState>) {
    const v = state[key];
    if (v === defaultState[key] || v === '') next.delete(key);
    else next.set(key, v);
  }
  writeColumns(next, state, COLUMN_IDS);
  return next;
}

/** The text a cell shows (also what the text filter and the CSV see). */
export function cellText(column: Column, d: FolderDocument): string {
  const v = column.value(d);
  if (v === undefined || v === null) return '';
  if (v instanceof Date) return formatDate(v) ?? '';
  if (column.kind === 'number') return formatBytes(v as number);
  return String(v);
}

const textColumns = columns.filter((c) => c.kind === 'text');

export function matchesText(d: FolderDocument, needle: string): boolean {
  for (const c of textColumns) {
    const v = c.value(d);
    if (typeof v === 'string' && v.toLowerCase().includes(needle)) return true;
  }
  return false;
}

export function filterDocuments(docs: FolderDocument[], state: TableState): FolderDocument[] {
  const needle = state.q.trim().toLowerCase();
  const status = state.status === '' ? undefined : Number(state.status);
  if (!needle && status === undefined && !state.discipline && !state.type) return docs;
  return docs.filter(
    (d) =>
      (status === undefined || d.documentStatus === status) &&
      (!state.discipline || d.documentDisciplineName === state.discipline) &&
      (!state.type || d.documentTypeName === state.type) &&
      (!needle || matchesText(d, needle)),
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Stable sort by one column; rows without a value go last in either direction. */
export function sortDocuments(docs: FolderDocument[], sort: ColumnId, dir: 'asc' | 'desc'): FolderDocument[] {
  const column = columns.find((c) => c.id === sort) ?? columns[0];
  const sign = dir === 'desc' ? -1 : 1;
  const keyed = docs.map((d, i) => {
    const v = column.value(d);
    const key = v instanceof Date ? v.getTime() : v;
    return { d, i, key: key === '' || (typeof key === 'number' && Number.isNaN(key)) ? undefined : key };
  });
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) {
      if (a.key === b.key) return a.i - b.i;
      return a.key === undefined ? 1 : -1;
    }
    const c =
      typeof a.key === 'number' && typeof b.key === 'number'
        ? a.key - b.key
        : collator.compare(String(a.key), String(b.key));
    return c !== 0 ? sign * c : a.i - b.i;
  });
  return keyed.map((k) => k.d);
}

/** Distinct non-empty names, sorted, for filter options. */
export function distinctNames(docs: FolderDocument[], pick: (d: FolderDocument) => string | undefined) {
  const set = new Set<string>();
  for (const d of docs) {
    const v = pick(d);
    if (v) set.add(v);
  }
  return [...set].sort(collator.compare);
}

/**
 * CSV of the rows (RFC 4180, CRLF). Dates as YYYY-MM-DD and sizes in bytes, so a spreadsheet can compute with
 * them.
 */
export function toCsv(docs: FolderDocument[]): string {
  const iso = (v: Date | undefined) =>
    v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : '';
  const header = [
    'Number',
    'Discipline',
    'CSI',
    'Type',
    'Status',
    'Issue',
    'Issue date',
    'File name',
    'Size (bytes)',
    'All files (bytes)',
    'Updated',
  ];
  const lines = [header.map(csvCell).join(',')];
  for (const d of docs) {
    const size = d.uploadedFileSize ?? d.estimatedFileSize;
    lines.push(
      [
        d.documentNumber ?? '',
        d.documentDisciplineName ?? '',
        d.documentCSI ?? '',
        d.documentTypeName ?? '',
        d.documentStatusName ?? '',
        d.documentIssue ?? '',
        iso(d.documentIssueDate),
        d.uploadedFileName ?? '',
        size === undefined ? '' : String(size),
        d.allFilesSize === undefined ? '' : String(d.allFilesSize),
        iso(d.documentUpdateDate),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** A safe file name for the export: "Documents (2).csv". */
export function csvFileName(folderName: string | undefined, folderId: number): string {
  const base =
    (folderName ?? '')
      .replace(/[^\w .&()-]+|\.{2,}/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Folder';
  return `${base} (${folderId}) documents.csv`;
}

/** The rows as a sheet (Excel): the CSV's columns, dates as date cells, sizes as numbers. */
export function toSheet(docs: FolderDocument[]): Sheet {
  return {
    name: 'Documents',
    columns: [
      { header: 'Number' },
      { header: 'Discipline' },
      { header: 'CSI' },
      { header: 'Type' },
      { header: 'Status' },
      { header: 'Issue' },
      { header: 'Issue date', kind: 'date' },
      { header: 'File name', width: 40 },
      { header: 'Size (bytes)', kind: 'integer' },
      { header: 'All files (bytes)', kind: 'integer' },
      { header: 'Updated', kind: 'date' },
    ],
    rows: docs.map((d) => [
      d.documentNumber,
      d.documentDisciplineName,
      d.documentCSI,
      d.documentTypeName,
      d.documentStatusName,
      d.documentIssue,
      d.documentIssueDate,
      d.uploadedFileName,
      d.uploadedFileSize ?? d.estimatedFileSize,
      d.allFilesSize,
      d.documentUpdateDate,
    ]),
  };
}
