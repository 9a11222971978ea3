// The RFI list: one row per RFI (who it waits on, whether this user may change it), the filter / sort state in
// the URL, the people the ball-in-court filter offers, and the order rows are read in.
import type { CodeName } from '../../../contract/codes';
import type { Folder, OpenIssue } from '../../../contract/dtos';
import { compareTextDates } from '../../../ui/textDate';
import { readColumnList, readColumnWidths, writeColumns } from '../../../ui/views/columns';
import { ballInCourt, daysOverdue, rfiStatusName } from './status';

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
  /** Ball in court (`ballInCourt`): who the RFI waits on; neither is set when nobody (closed) or not loaded yet. */
  courtName?: string;
  courtId?: number;
  /** This user may not change the RFI (`userCanModify` false: the details', else the folder's until they arrive). */
  readOnly: boolean;
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
      readOnly: folder.userCanModify === false,
      loaded: false,
    };
  }
  const court = ballInCourt(issue, statuses);
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
    courtName: court.name,
    courtId: court.userId,
    readOnly: (issue.userCanModify ?? folder.userCanModify) === false,
    loaded: true,
  };
}

/** Who the row waits on, as people read it: the name, else "User n"; undefined when nobody or not known. */
export function courtLabel(row: Pick<RfiRow, 'courtName' | 'courtId'>): string | undefined {
  return row.courtName || (row.courtId !== undefined ? `User ${row.courtId}` : undefined);
}

/** The ball-in-court filter's value of a row: the user id, else the name (an RFI without ids); '' for nobody. */
export function courtKey(row: Pick<RfiRow, 'courtName' | 'courtId'>): string {
  return row.courtId !== undefined ? String(row.courtId) : (row.courtName ?? '');
}

export interface CourtOption {
  value: string;
  label: string;
  /** RFIs waiting on this person among the rows read so far. */
  count: number;
}

/**
 * The people the ball-in-court filter offers: everyone some loaded RFI waits on, by name, with how many. A
 * selected value nobody has (yet: details still arriving, or a link from before a change) is kept as an option.
 */
export function courtOptions(rows: RfiRow[], selected?: string): CourtOption[] {
  const found = new Map<string, CourtOption>();
  for (const r of rows) {
    const value = r.loaded ? courtKey(r) : '';
    if (!value) continue;
    const known = found.get(value);
    if (known) known.count++;
    else found.set(value, { value, label: courtLabel(r) ?? value, count: 1 });
  }
  if (selected && !found.has(selected)) {
    found.set(selected, {
      value: selected,
      label: /^\d+$/.test(selected) ? `User ${selected}` : selected,
      count: 0,
    });
  }
  return [...found.values()].sort((a, b) => text(a.label, b.label) || text(a.value, b.value));
}

/**
 * The ball-in-court options as the list would show them: each person counted among the rows that pass the other
 * filters (search, status, overdue), so "Sarah Mitchell (4)" gives 4 rows with "Overdue only" on, and people with
 * none there are left out. The person chosen stays offered, under their name, even with none.
 */
export function courtOptionsFor(rows: RfiRow[], state: ListState): CourtOption[] {
  const others = { ...state, court: undefined };
  const options = courtOptions(rows.filter((r) => passes(r, others)));
  if (state.court && !options.some((o) => o.value === state.court)) {
    const known = courtOptions(rows, state.court).find((o) => o.value === state.court)!;
    options.push({ ...known, count: 0 });
    options.sort((a, b) => text(a.label, b.label) || text(a.value, b.value));
  }
  return options;
}

export type SortKey = 'number' | 'subject' | 'status' | 'from' | 'to' | 'due' | 'overdue' | 'court' | 'cost';
/** The sort keys in column order, with the column's name (the table's headers, the phone's "Sort by"). */
export const SORT_LABELS: Record<SortKey, string> = {
  number: 'Number',
  subject: 'Subject',
  status: 'Status',
  from: 'From',
  to: 'To',
  due: 'Due date',
  overdue: 'Days overdue',
  court: 'Ball in court',
  cost: 'Cost impact',
};
export const SORT_KEYS = Object.keys(SORT_LABELS) as SortKey[];

/** Sorting by a new key: most first for figures (days overdue, cost), A to Z otherwise. */
export const sortsDescFirst = (key: SortKey) => key === 'overdue' || key === 'cost';

export interface ListState {
  q: string;
  /** Status codes shown; empty = all. */
  status: number[];
  overdue: boolean;
  /** Ball in court: a `courtKey`; undefined = anyone. */
  court?: string;
  sort: SortKey;
  desc: boolean;
  /** The table's columns shown, in order (`cols=`); undefined = every column in its usual order. */
  cols?: SortKey[];
  /** Column widths in pixels (`widths=subject:320,due:120`); a column without one sizes itself. */
  widths?: Partial<Record<SortKey, number>>;
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
    court: params.get('court') || undefined,
    sort: sort && SORT_KEYS.includes(sort) ? sort : DEFAULT_LIST_STATE.sort,
    desc: params.get('dir') === 'desc',
    cols: readColumnList(params.get('cols'), SORT_KEYS),
    widths: readColumnWidths(params.get('widths'), SORT_KEYS),
  };
}

/** The columns the table shows, in order. */
export const shownColumns = (state: Pick<ListState, 'cols'>): SortKey[] => state.cols ?? SORT_KEYS;

export function writeListState(state: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  if (state.status.length) p.set('status', state.status.join(','));
  if (state.overdue) p.set('overdue', '1');
  if (state.court) p.set('court', state.court);
  if (state.sort !== DEFAULT_LIST_STATE.sort) p.set('sort', state.sort);
  if (state.desc) p.set('dir', 'desc');
  writeColumns(p, state, SORT_KEYS);
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
    case 'court': {
      // Nobody (closed) and not known yet after everyone, as an empty due date is after every date.
      const [x, y] = [courtLabel(a), courtLabel(b)];
      return x && y ? text(x, y) : (x ? 0 : 1) - (y ? 0 : 1);
    }
    case 'cost':
      return (a.changeOrderAmount ?? -1) - (b.changeOrderAmount ?? -1);
  }
}

/** The row passes the state's filters. */
function passes(r: RfiRow, state: ListState): boolean {
  const q = state.q.trim().toLowerCase();
  if (state.status.length && (!r.loaded || !state.status.includes(r.statusId ?? NaN))) return false;
  if (state.overdue && r.daysOverdue <= 0) return false;
  if (state.court && (!r.loaded || courtKey(r) !== state.court)) return false;
  if (q) {
    const hay = [r.number, r.subject, r.status, r.fromName, r.toName, courtLabel(r)].join('\n').toLowerCase();
    if (!hay.includes(q)) return false;
  }
  return true;
}

/**
 * Filters and sorts. Rows whose details have not arrived yet pass a status/overdue/ball-in-court filter only once known
 * (so the list fills in as loading progresses) but always match on number and subject.
 */
export function applyListState(rows: RfiRow[], state: ListState): RfiRow[] {
  const out = rows.filter((r) => passes(r, state));
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
  const state = { ...readListState(params), status: [], overdue: false, court: undefined };
  return applyListState(rows, state).map((r) => r.folderId);
}
