// The submittal rules that are not React: what the screen knows of a package (folder tree + last reply), which
// fields it has not seen, the editor's values and checks, the change set for operation 6, the service's field
// errors mapped to the editor, and formatting of attachments.
import type { AttachmentFile, Folder, SubmittalPackage } from '../../contract/dtos';
import { finalSubmittalStatuses, submittalStatuses, submittalStatusOf } from '../../contract/statuses';
import { limits } from '../../contract/limits';
import { TEXT_DATE_YEARS_MESSAGE, textDateProblem, writeTextDate } from '../../ui/textDate';

/** After these nobody holds the ball. */
export function isFinalStatus(status: string | undefined): boolean {
  const known = submittalStatusOf(status);
  return known !== undefined && finalSubmittalStatuses.includes(known);
}

export function statusColor(status: string | undefined): string {
  const s = (status ?? '').toLowerCase();
  if (s === 'approved' || s === 'approved as noted') return 'teal';
  if (s === 'rejected' || s === 'revise and resubmit') return 'red';
  if (s === 'closed') return 'gray';
  if (s === 'draft') return 'yellow';
  return 'blue';
}

// ---- what the screen knows ------------------------------------------------------------------------------

/** The last reply of operation 6 for a package, as kept on this device. */
export interface LastReply {
  submittal: SubmittalPackage;
  /** When the reply arrived (ms, client clock). */
  savedAt: number;
  /** `updatedDate` of the package folder read right after the save (ms), to tell a later change by others. */
  folderUpdatedMs?: number;
}

export const TEXT_FIELDS = [
  'number',
  'description',
  'status',
  'reference',
  'revision',
  'dueDateFromSub',
  'notes',
] as const;
export const PERSON_FIELDS = [
  'subcontractorId',
  'submittingCompanyContactId',
  'reviewingCompanyContactId',
  'projectManagerId',
] as const;

export type TextField = (typeof TEXT_FIELDS)[number];
export type PersonField = (typeof PERSON_FIELDS)[number];
export type FormField = TextField | PersonField | 'isPending';

export const FIELD_LABELS: Record<FormField, string> = {
  number: 'Number',
  description: 'Description',
  status: 'Status',
  reference: 'Reference',
  revision: 'Revision',
  dueDateFromSub: 'Due date from sub',
  notes: 'Notes',
  subcontractorId: 'Subcontractor',
  submittingCompanyContactId: 'Submitting contact',
  reviewingCompanyContactId: 'Reviewing contact',
  projectManagerId: 'Project manager',
  isPending: 'Pending review',
};

/** Names the service sends beside each person id. */
export const PERSON_NAMES: Record<PersonField, keyof SubmittalPackage> = {
  subcontractorId: 'subcontractor',
  submittingCompanyContactId: 'submittingCompanyContact',
  reviewingCompanyContactId: 'reviewingCompanyContact',
  projectManagerId: 'projectManager',
};

export interface KnownPackage {
  /** The package's fields as far as known: the last reply, with the folder tree's newer facts on top. */
  pkg: SubmittalPackage;
  /** Fields of the editor that no source has shown (the screen says so rather than showing a blank). */
  unseen: FormField[];
  /** Where the values come from. */
  source: 'reply' | 'folder';
  /** The reply is older than a change made since (the folder was updated after it). */
  changedSince: boolean;
}

/**
 * What the screen can show of a package: the folder tree knows its title (`folderName` = `Description`), its
 * package id (`folderReferenceId`), parent and permission; the last reply of operation 6 knows the rest.
 */
export function knownPackage(folder: Folder, reply: LastReply | undefined): KnownPackage {
  const fromFolder: SubmittalPackage = {
    folderId: folder.folderId,
    folderParentId: folder.folderParentId ?? undefined,
    submittalPackageId: folder.folderReferenceId,
    description: folder.folderName,
    userCanModify: folder.userCanModify,
    userCanDelete: folder.userCanDelete,
  };
  const updatedMs = folder.updatedDate?.getTime();
  const changedSince =
    reply?.folderUpdatedMs !== undefined && updatedMs !== undefined && updatedMs > reply.folderUpdatedMs;
  const pkg: SubmittalPackage = { ...(reply?.submittal ?? {}) };
  // The folder was read now: its facts win over an older reply (a rename by someone else, a permission change).
  for (const [k, v] of Object.entries(fromFolder)) {
    if (v !== undefined) (pkg as Record<string, unknown>)[k] = v;
  }
  const unseen: FormField[] = [];
  if (!reply) {
    for (const f of [...TEXT_FIELDS, ...PERSON_FIELDS, 'isPending'] as FormField[]) {
      if (pkg[f] === undefined) unseen.push(f);
    }
  }
  return { pkg, unseen, source: reply ? 'reply' : 'folder', changedSince };
}

// ---- the editor -----------------------------------------------------------------------------------------

export interface SubmittalFormValues {
  number: string;
  description: string;
  status: string;
  reference: string;
  revision: string;
  dueDateFromSub: string;
  notes: string;
  /** User ids as text ('' = nobody). */
  subcontractorId: string;
  submittingCompanyContactId: string;
  reviewingCompanyContactId: string;
  projectManagerId: string;
  /** null = not seen and not set. */
  isPending: boolean | null;
}

const { number, description, reference, revision, notes } = limits.SubmittalPackage;
/** The editor's text fields with a length limit: the service's (src/contract/limits.ts). */
export const LIMITS: Partial<Record<FormField, number>> = { number, description, reference, revision, notes };

/** The editor's starting values. A field not seen starts empty (and is sent only if something is typed). */
export function formValuesFrom(pkg: SubmittalPackage): SubmittalFormValues {
  const id = (v: number | undefined) => (v ? String(v) : '');
  return {
    number: pkg.number ?? '',
    description: pkg.description ?? '',
    status: pkg.status ?? '',
    reference: pkg.reference ?? '',
    revision: pkg.revision ?? '',
    dueDateFromSub: pkg.dueDateFromSub ?? '',
    notes: pkg.notes ?? '',
    subcontractorId: id(pkg.subcontractorId),
    submittingCompanyContactId: id(pkg.submittingCompanyContactId),
    reviewingCompanyContactId: id(pkg.reviewingCompanyContactId),
    projectManagerId: id(pkg.projectManagerId),
    isPending: pkg.isPending ?? null,
  };
}

export type FormErrors = Partial<Record<FormField | '_form', string>>;

/** Checks before sending: the service's rules (titles not blank, lengths, a readable date, a known status). */
export function validateSubmittal(
  values: SubmittalFormValues,
  base: SubmittalFormValues,
  unseen: readonly FormField[] = [],
): FormErrors {
  const errors: FormErrors = {};
  for (const f of ['number', 'description'] as const) {
    // A title not seen and left empty is not sent; one that was seen (or typed) may not be blank.
    const required = !unseen.includes(f) || values[f] !== '';
    if (required && values[f].trim() === '') errors[f] = `Enter the ${FIELD_LABELS[f].toLowerCase()}.`;
  }
  for (const [f, max] of Object.entries(LIMITS) as [TextField, number][]) {
    const v = f === 'number' || f === 'description' ? values[f].trim() : values[f];
    if (!errors[f] && v.length > max) errors[f] = `At most ${max} characters (now ${v.length}).`;
  }
  const due = values.dueDateFromSub.trim();
  const dueProblem = due !== base.dueDateFromSub.trim() ? textDateProblem(due) : undefined;
  if (dueProblem === 'years') errors.dueDateFromSub = TEXT_DATE_YEARS_MESSAGE;
  else if (dueProblem)
    errors.dueDateFromSub = 'Enter a date as MM/DD/YYYY (or YYYY-MM-DD), or leave it empty.';
  const status = values.status.trim();
  if (status !== '' && status !== base.status && !submittalStatusOf(status)) {
    errors.status = `Choose one of: ${submittalStatuses.join(', ')}.`;
  }
  for (const f of PERSON_FIELDS) {
    if (values[f] !== '' && !/^\d{1,10}$/.test(values[f])) errors[f] = 'Choose a person from the list.';
  }
  return errors;
}

/** Fields whose value differs from where editing began (for the unsaved-changes warning). */
export function changedFields(base: SubmittalFormValues, values: SubmittalFormValues): FormField[] {
  return (Object.keys(values) as FormField[]).filter((k) => values[k] !== base[k]);
}

/**
 * The request's `submittal` object for operation 6: the fields changed, nothing else (the service changes the
 * fields sent). A field not seen and left empty is not sent; a seen person field emptied is sent as 0 (clears).
 */
export function changesToSend(
  base: SubmittalFormValues,
  values: SubmittalFormValues,
  unseen: readonly FormField[] = [],
): Partial<SubmittalPackage> {
  const out: Partial<SubmittalPackage> = {};
  for (const f of changedFields(base, values)) {
    const v = values[f];
    if (unseen.includes(f) && (v === '' || v === null)) continue;
    if (f === 'isPending') {
      if (v !== null) out.isPending = v as boolean;
    } else if ((PERSON_FIELDS as readonly string[]).includes(f)) {
      out[f as PersonField] = v === '' ? 0 : Number(v);
    } else if (f === 'dueDateFromSub') {
      const written = writeTextDate(v as string, base.dueDateFromSub);
      out.dueDateFromSub = written ?? (v as string);
    } else if (f === 'number' || f === 'description') {
      const t = (v as string).trim();
      if (t !== base[f].trim()) out[f] = t;
    } else {
      out[f as Exclude<TextField, 'number' | 'description' | 'dueDateFromSub'>] = v as string;
    }
  }
  return out;
}

/** `submittal.status` → `status`; errors of fields the editor does not have go to `_form`. */
export function mapFieldErrors(fieldErrors: Record<string, string>): FormErrors {
  const out: FormErrors = {};
  const fields = new Set<string>(Object.keys(FIELD_LABELS));
  for (const [path, message] of Object.entries(fieldErrors)) {
    const m = /^(?:submittal\.)?([A-Za-z]+)$/i.exec(path);
    const name = m ? m[1].charAt(0).toLowerCase() + m[1].slice(1) : '';
    const key = (fields.has(name) ? name : '_form') as FormField | '_form';
    const text = key === '_form' && path ? `${path}: ${message}` : message;
    out[key] = out[key] ? `${out[key]} ${text}` : text;
  }
  return out;
}

// ---- ball in court and counts ---------------------------------------------------------------------------

export interface Court {
  /** Who holds the ball; undefined when nobody or not known. */
  name?: string;
  reason: string;
  known: boolean;
}

export function ballInCourt(pkg: SubmittalPackage, seen: boolean): Court {
  if (!seen) return { known: false, reason: 'Not seen yet: the service tells this only in reply to a save.' };
  if (isFinalStatus(pkg.status)) return { known: true, reason: `${pkg.status} — nobody needs to act` };
  if (pkg.ballInCourtContact) {
    return {
      known: true,
      name: pkg.ballInCourtContact,
      reason: pkg.isPending
        ? `Pending review${pkg.reviewingCompany ? ` by ${pkg.reviewingCompany}` : ''}`
        : 'With the submitting company',
    };
  }
  return { known: true, reason: 'Nobody is named' };
}

// ---- attachments ----------------------------------------------------------------------------------------

/** The path as a download link only when it is an absolute http(s) URL; anything else is not a link. */
export function downloadUrl(path: string | undefined | null): string | undefined {
  if (typeof path !== 'string') return undefined;
  const t = path.trim();
  if (!/^https?:\/\//i.test(t)) return undefined;
  try {
    const url = new URL(t);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A short type for people: "PDF" for application/pdf, else the MIME subtype or the file's extension. */
export function fileTypeLabel(file: AttachmentFile): string | undefined {
  const mime = file.uploadedFileType?.trim();
  if (mime) {
    const sub = mime.split('/')[1] ?? mime;
    return sub.length <= 8 ? sub.toUpperCase() : mime;
  }
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(file.uploadedFileName ?? '')?.[1];
  return ext?.toUpperCase();
}
