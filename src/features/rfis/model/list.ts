// The RFI list: one row per RFI, the filter / sort state in the URL, and the order rows are read in.
import type { CodeName } from '../../../contract/codes';
import type { Folder, OpenIssue } from '../../../contract/dtos';
import { compareTextDates } from '../../../ui/textDate';
import { daysOverdue, rfiStatusName } from './status';

export interface RfiRow {
  folderId: number;
  number: string;
  subject: string;
  statusId?: number | null;
  status?: string;
  fromName?: string;
  toName?: string;
  dueDate?: string;
  daysOverdue: number;
  costImpact?: boolean;
  changeOrderAmount?: number;
  /** Details have arrived (operation 2); until then the row shows what the folder says. */
  loaded: boolean;
}

export function toRow(
  folder: Folder,
  issue: OpenIssue | undefined,
  statuses: CodeName[],
  today: number,
): RfiRow {
  const folderId = folder.folderId ?? 0;
  if (!issue) {
    return {
      folderId,
      number: folder.folderDescription ?? '',
      subject: folder.folderName ?? '',
      daysOverdue: 0,
      loaded: false,
    };
  }
  return {
    folderId,
    number: issue.number ?? folder.folderDescription ?? '',
    subject: issue.subject ?? folder.folderName ?? '',
    statusId: issue.statusId,
    status: rfiStatusName(issue, statuses),
    fromName: issue.fromName,
    toName: issue.toName,
    dueDate: issue.dueDate,
    daysOverdue: daysOverdue(issue, statuses, today),
    costImpact: issue.costImpact,
    changeOrderAmount: issue.changeOrderAmount,
    loaded: true,
  };
}

export type SortKey = 'number' | 'subject' | 'status' | 'from' | 'to' | 'due' | 'overdue' | 'cost';
export const SORT_KEYS: SortKey[] = ['number', 'subject', 'status', 'from', 'to', 'due', 'overdue', 'cost'];

export interface ListState {
  q: string;
  /** Status codes shown; empty = all. */
  status: number[];
  overdue: boolean;
  sort: SortKey;
  desc: boolean;
}

export const DEFAULT_LIST_STATE: ListState = {
  q: '',
  status: [],
  overdue: false,
  sort: 'number',
  desc: false,
};

export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort') as SortKey | null;
  return {
    q: params.get('q') ?? '',
    status: (params.get('status') ?? '')
      .split(',')
      .filter((s) => /^-?\d+$/.test(s))
      .map(Number),
    overdue: params.get('overdue') === '1',
    sort: sort && SORT_KEYS.includes(sort) ? sort : DEFAULT_LIST_STATE.sort,
    desc: params.get('dir') === 'desc',
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  if (state.status.length) p.set('status', state.status.join(','));
  if (state.overdue) p.set('overdue', '1');
  if (state.sort !== DEFAULT_LIST_STATE.sort) p.set('sort', state.sort);
  if (state.desc) p.set('dir', 'desc');
  return p;
}

const text = (a?: string, b?: string) =>
  (a ?? '').localeCompare(b ?? '', undefined, { numeric: true, sensitivity: 'base' });

function compareBy(key: SortKey, a: RfiRow, b: RfiRow): number {
  switch (key) {
    case 'number':
      return text(a.number, b.number);
    case 'subject':
      return text(a.subject, b.subject);
    case 'status':
      return text(a.status, b.status);
    case 'from':
      return text(a.fromName, b.fromName);
    case 'to':
      return text(a.toName, b.toName);
    case 'due':
      return compareTextDates(a.dueDate, b.dueDate);
    case 'overdue':
      return a.daysOverdue - b.daysOverdue;
    case 'cost':
      return (a.changeOrderAmount ?? -1) - (b.changeOrderAmount ?? -1);
  }
}

/**
 * Filters and sorts. Rows whose details have not arrived yet pass a status/overdue filter only once known
 * (so the list fills in as loading progresses) but always match on number and subject.
 */
export function applyListState(rows: RfiRow[], state: ListState): RfiRow[] {
  const q = state.q.trim().toLowerCase();
  const out = rows.filter((r) => {
    if (state.status.length && (!r.loaded || !state.status.includes(r.statusId ?? NaN))) return false;
    if (state.overdue && r.daysOverdue <= 0) return false;
    if (q) {
      const hay = [r.number, r.subject, r.status, r.fromName, r.toName].join('\n').toLowerCase();
      if (!hay.includes(q)) return false;
    }
    return true;
  });
  out.sort((a, b) => {
    const c = compareBy(state.sort, a, b);
    return (state.desc ? -c : c) || text(a.number, b.number);
  });
  return out;
}

/**
 * The order in which the list will show its RFIs before any details arrive (what the URL's sort gives from the
 * folders alone: number or subject; by number otherwise), so the first detail reads are the rows in view.
 */
export function firstReadOrder(folders: Folder[], params: URLSearchParams): number[] {
  const rows = folders.map((f) => toRow(f, undefined, [], 0));
  const state = { ...readListState(params), status: [], overdue: false };
  return applyListState(rows, state).map((r) => r.folderId);
}
