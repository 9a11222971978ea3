// The RFI editor: its values, what changed, the checks before sending (the service's limits and dates), and
// the service's field errors mapped to the editor's fields.
import type { CodeName } from '../../../contract/codes';
import type { OpenIssue, ProjectMember } from '../../../contract/dtos';
import { limits } from '../../../contract/limits';
import {
  displayTextDate,
  parseTextDate,
  TEXT_DATE_YEARS_MESSAGE,
  textDateProblem,
  writeTextDate,
} from '../../../ui/textDate';

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
  const max = limits.OpenIssue;
  const errors: Partial<Record<keyof RfiFormValues, string>> = {};
  if (values.subject.trim() === '') errors.subject = 'Enter a subject.';
  else if (values.subject.trim().length > max.subject) {
    errors.subject = `Keep the subject to ${max.subject.toLocaleString('en-US')} characters.`;
  }
  if (values.question.length > max.question) {
    errors.question = `Keep the question to ${max.question.toLocaleString('en-US')} characters.`;
  }
  const dateProblem = textDateProblem(values.dueDate);
  if (dateProblem === 'years') errors.dueDate = TEXT_DATE_YEARS_MESSAGE;
  else if (dateProblem) errors.dueDate = 'Enter a real date as MM/DD/YYYY (or YYYY-MM-DD).';
  for (const k of [
    'locationSite',
    'locationBuilding',
    'locationFloor',
    'locationRoom',
    'reference',
    'drawing',
  ] as const) {
    if (values[k].length > max[k]) errors[k] = `Keep this to ${max[k].toLocaleString('en-US')} characters.`;
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
