// The RFI rules that are not React: overdue and ball in court, list rows, filter/sort/URL state, CSV, the
// editor's values, what changed, and the service's field errors mapped to the editor's fields.
import type { AppConfig } from '../../config/config';
import type { CodeName } from '../../contract/codes';
import type { Folder, OpenIssue, ProjectMember } from '../../contract/dtos';
import { csvCell } from '../../ui/csv';
import {
  compareTextDates,
  displayTextDate,
  parseTextDate,
  textDateDay,
  writeTextDate,
} from '../../ui/textDate';

/** Status name of an RFI: the service's `statusName`, else the configured list, else the code. */
/**
 * The RFI folders among an RFI container's children: anything else that may live there (a sub-folder of another
 * kind) is not one. A folder without a type, or of a type `config.json` does not name, counts as an RFI.
 */
export function rfiFolders(children: Folder[], config: Pick<AppConfig, 'folderTypes'>): Folder[] {
  return children.filter(
    (f) =>
      f.folderId !== undefined &&
      (f.folderType === undefined || (config.folderTypes.get(f.folderType)?.kind ?? 'rfi') === 'rfi'),
  );
}

export function rfiStatusName(issue: Pick<OpenIssue, 'statusId' | 'statusName'>, statuses: CodeName[]) {
  if (issue.statusName) return issue.statusName;
  if (issue.statusId === null || issue.statusId === undefined) return undefined;
  return statuses.find((s) => s.code === issue.statusId)?.name ?? `Status ${issue.statusId}`;
}

export function isClosed(issue: OpenIssue, statuses: CodeName[]): boolean {
  if (issue.closedDate && issue.closedDate.trim() !== '') return true;
  return /closed|void|cancel/i.test(rfiStatusName(issue, statuses) ?? '');
}

export function isAnswered(issue: OpenIssue, statuses: CodeName[]): boolean {
  return /answer|respond/i.test(rfiStatusName(issue, statuses) ?? '');
}

/** Days past the due date while an answer is still awaited; 0 when not overdue or not known. */
export function daysOverdue(issue: OpenIssue, statuses: CodeName[], today: number): number {
  if (isClosed(issue, statuses) || isAnswered(issue, statuses)) return 0;
  const due = parseTextDate(issue.dueDate);
  if (!due) return 0;
  return Math.max(0, today - textDateDay(due));
}

export interface BallInCourt {
  /** Who must act next; undefined when nobody (closed) or unknown. */
  name?: string;
  userId?: number;
  /** Why, in a few words. */
  reason: string;
}

/** Open RFIs wait for the addressee's answer; drafts and answered ones are back with the author. */
export function ballInCourt(issue: OpenIssue, statuses: CodeName[]): BallInCourt {
  if (isClosed(issue, statuses)) return { reason: 'Closed — nobody needs to act' };
  const status = rfiStatusName(issue, statuses) ?? '';
  if (/draft/i.test(status)) {
    return { name: issue.fromName, userId: issue.issueFrom, reason: 'Draft — the author must send it' };
  }
  if (isAnswered(issue, statuses)) {
    return {
      name: issue.fromName,
      userId: issue.issueFrom,
      reason: 'Answered — the author must review and close it',
    };
  }
  return { name: issue.toName, userId: issue.issueTo, reason: 'Awaiting an answer' };
}

/** Badge colour of a status, by its name (codes differ between deployments). */
export function statusColor(status: string): string {
  if (/closed/i.test(status)) return 'gray';
  if (/answer/i.test(status)) return 'teal';
  if (/draft/i.test(status)) return 'yellow';
  return 'blue';
}

// ---- list rows ------------------------------------------------------------------------------------------

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

export function rowsToCsv(rows: RfiRow[]): string {
  const head = [
    'Number',
    'Subject',
    'Status',
    'From',
    'To',
    'Due date',
    'Days overdue',
    'Cost impact',
    'Change order amount',
  ];
  const lines = rows.map((r) =>
    [
      r.number,
      r.subject,
      r.status,
      r.fromName,
      r.toName,
      r.dueDate,
      r.daysOverdue || '',
      r.costImpact === undefined ? '' : r.costImpact ? 'Yes' : 'No',
      r.changeOrderAmount,
    ]
      .map(csvCell)
      .join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}

// ---- the editor -----------------------------------------------------------------------------------------

export interface RfiFormValues {
  subject: string;
  question: string;
  locationSite: string;
  locationBuilding: string;
  locationFloor: string;
  locationRoom: string;
  dueDate: string;
  statusId: string;
  issueTo: string;
  ccUserList: string[];
  costImpact: boolean;
  reference: string;
  drawing: string;
}

export const EDITABLE_FIELDS: Array<{ key: keyof RfiFormValues; label: string }> = [
  { key: 'subject', label: 'Subject' },
  { key: 'question', label: 'Question' },
  { key: 'locationSite', label: 'Site' },
  { key: 'locationBuilding', label: 'Building' },
  { key: 'locationFloor', label: 'Floor' },
  { key: 'locationRoom', label: 'Room' },
  { key: 'dueDate', label: 'Due date' },
  { key: 'statusId', label: 'Status' },
  { key: 'issueTo', label: 'To' },
  { key: 'ccUserList', label: 'CC' },
  { key: 'costImpact', label: 'Cost impact' },
  { key: 'reference', label: 'Reference' },
  { key: 'drawing', label: 'Drawing' },
];

const id = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function formValuesFrom(issue: OpenIssue): RfiFormValues {
  return {
    subject: issue.subject ?? '',
    question: issue.question ?? '',
    locationSite: issue.locationSite ?? '',
    locationBuilding: issue.locationBuilding ?? '',
    locationFloor: issue.locationFloor ?? '',
    locationRoom: issue.locationRoom ?? '',
    dueDate: issue.dueDate ?? '',
    statusId: id(issue.statusId),
    issueTo: issue.issueTo ? String(issue.issueTo) : '',
    ccUserList: (issue.ccUserList ?? []).map(String),
    costImpact: issue.costImpact ?? false,
    reference: issue.reference ?? '',
    drawing: issue.drawing ?? '',
  };
}

function same(a: RfiFormValues[keyof RfiFormValues], b: RfiFormValues[keyof RfiFormValues]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.join(',') === b.join(',');
  return a === b;
}

/** Fields whose values differ. Due dates are compared as dates, so "1/5/2027" equals "01/05/2027". */
export function differingFields(a: RfiFormValues, b: RfiFormValues): Array<keyof RfiFormValues> {
  return EDITABLE_FIELDS.map((f) => f.key).filter((k) => {
    if (k === 'dueDate') {
      const da = parseTextDate(a.dueDate);
      const db = parseTextDate(b.dueDate);
      if (da && db) return da.year !== db.year || da.month !== db.month || da.day !== db.day;
      return a.dueDate.trim() !== b.dueDate.trim();
    }
    return !same(a[k], b[k]);
  });
}

/** The update to send: the fields changed from `base`, in the service's types; dates in the format read. */
export function changesToSend(base: RfiFormValues, values: RfiFormValues): Partial<OpenIssue> {
  const out: Partial<OpenIssue> = {};
  for (const k of differingFields(base, values)) {
    switch (k) {
      case 'dueDate':
        out.dueDate = writeTextDate(values.dueDate, base.dueDate) ?? values.dueDate.trim();
        break;
      case 'statusId':
        if (values.statusId !== '') out.statusId = Number(values.statusId);
        break;
      case 'issueTo':
        if (values.issueTo !== '') out.issueTo = Number(values.issueTo);
        break;
      case 'ccUserList':
        out.ccUserList = values.ccUserList.map(Number);
        break;
      case 'costImpact':
        out.costImpact = values.costImpact;
        break;
      default:
        out[k] = values[k].trim();
    }
  }
  return out;
}

export function validateRfi(values: RfiFormValues): Partial<Record<keyof RfiFormValues, string>> {
  const errors: Partial<Record<keyof RfiFormValues, string>> = {};
  if (values.subject.trim() === '') errors.subject = 'Enter a subject.';
  else if (values.subject.trim().length > 200) errors.subject = 'Keep the subject to 200 characters.';
  if (values.question.length > 8000) errors.question = 'Keep the question to 8,000 characters.';
  if (values.dueDate.trim() !== '' && !parseTextDate(values.dueDate)) {
    errors.dueDate = 'Enter a real date as MM/DD/YYYY (or YYYY-MM-DD).';
  }
  for (const k of [
    'locationSite',
    'locationBuilding',
    'locationFloor',
    'locationRoom',
    'reference',
    'drawing',
  ] as const) {
    if (values[k].length > 200) errors[k] = 'Keep this to 200 characters.';
  }
  return errors;
}

/** `openIssue.dueDate`, `openIssue.ccUserList[2]` → the editor's field; other paths are kept under `_form`. */
export function mapFieldErrors(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const fields = new Set(EDITABLE_FIELDS.map((f) => f.key as string));
  for (const [path, message] of Object.entries(fieldErrors)) {
    const m = /^(?:openIssue\.)?([A-Za-z]+)(?:\[\d+\])?$/i.exec(path);
    const name = m ? m[1].charAt(0).toLowerCase() + m[1].slice(1) : '';
    const key = fields.has(name) ? name : '_form';
    out[key] = out[key] ? `${out[key]} ${message}` : message;
  }
  return out;
}

/** A value of the editor as people read it (for the "what changed" view). */
export function describeValue(
  key: keyof RfiFormValues,
  values: RfiFormValues,
  statuses: CodeName[],
  members: ProjectMember[],
): string {
  const who = (v: string) => {
    const m = members.find((x) => String(x.userId) === v);
    return m?.fullName ?? (v ? `User ${v}` : '');
  };
  const v = values[key];
  switch (key) {
    case 'statusId':
      return statuses.find((s) => String(s.code) === v)?.name ?? (v ? `Status ${String(v)}` : '—');
    case 'issueTo':
      return who(v as string) || '—';
    case 'ccUserList':
      return (v as string[]).map(who).join(', ') || '—';
    case 'costImpact':
      return v ? 'Yes' : 'No';
    case 'dueDate':
      return displayTextDate(v as string) || '—';
    default:
      return (v as string) || '—';
  }
}
