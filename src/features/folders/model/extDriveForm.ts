// The add-external-drive-document form's values, checks and request, free of React.
import { limits } from '../../../contract/limits';
import { formatTextDate, parseTextDate } from '../../../contract/textDates';
import type { NewExtDriveDocument } from '../mutations';

export interface ExtDriveFormValues {
  folderParentId: string;
  fileName: string;
  fileType: string;
  fileSize: string;
  extDriveId: string;
  extDriveParentId: string;
  downloadUrl: string;
  viewerUrl: string;
  discipline: string;
  documentType: string;
  status: string;
  issue: string;
  /** As the date input gives it: YYYY-MM-DD. */
  issueDate: string;
  notes: string;
}

export type ExtDriveField = keyof ExtDriveFormValues;

export function emptyExtDriveForm(folderId: number): ExtDriveFormValues {
  return {
    folderParentId: String(folderId),
    fileName: '',
    fileType: '',
    fileSize: '',
    extDriveId: '',
    extDriveParentId: '',
    downloadUrl: '',
    viewerUrl: '',
    discipline: '',
    documentType: '',
    status: '',
    issue: '',
    issueDate: '',
    notes: '',
  };
}

/** True for an absolute http: or https: URL (no javascript:, data:, relative paths). */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** YYYY-MM-DD → MM/DD/YYYY (the service's text-date format); undefined when not a date the service takes. */
export function toTextDate(iso: string): string | undefined {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso.trim()) ? parseTextDate(iso) : undefined;
  return date ? formatTextDate(date) : undefined;
}

export function validateExtDriveForm(v: ExtDriveFormValues): Partial<Record<ExtDriveField, string>> {
  const errors: Partial<Record<ExtDriveField, string>> = {};
  const fileName = v.fileName.trim();
  if (!fileName) errors.fileName = 'Enter the file name.';
  else if (/[/\\]/.test(fileName)) errors.fileName = 'The file name must not contain / or \\.';
  else if (fileName.length > limits.DocumentExtDrive.fileName) {
    errors.fileName = `The file name must be at most ${limits.DocumentExtDrive.fileName} characters.`;
  }
  if (!/^\d+$/.test(v.folderParentId)) errors.folderParentId = 'Choose the folder.';
  if (v.fileSize.trim() && !/^\d{1,15}$/.test(v.fileSize.trim())) {
    errors.fileSize = 'Enter the size as a whole number of bytes.';
  }
  for (const key of ['downloadUrl', 'viewerUrl'] as const) {
    if (v[key].trim() && !isHttpUrl(v[key].trim())) {
      errors[key] = 'Enter a full web address starting with http:// or https://.';
    }
  }
  if (v.issueDate.trim() && !toTextDate(v.issueDate)) errors.issueDate = 'Enter a valid date.';
  return errors;
}

/** The request's `document`: only fields with a value, text trimmed. */
export function toExtDriveDocument(v: ExtDriveFormValues): NewExtDriveDocument {
  const doc: NewExtDriveDocument = { folderParentId: Number(v.folderParentId), fileName: v.fileName.trim() };
  const text = [
    'fileType',
    'fileSize',
    'extDriveId',
    'extDriveParentId',
    'downloadUrl',
    'viewerUrl',
    'discipline',
    'documentType',
    'status',
    'issue',
    'notes',
  ] as const;
  for (const key of text) {
    const value = v[key].trim();
    if (value) doc[key] = value;
  }
  const issueDate = v.issueDate.trim() ? toTextDate(v.issueDate) : undefined;
  if (issueDate) doc.issueDate = issueDate;
  return doc;
}

/** Service field paths (`document.fileName`) → form fields; what does not map is returned as `other`. */
export function mapExtDriveFieldErrors(fieldErrors: Record<string, string>) {
  const fields: Partial<Record<ExtDriveField, string>> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const key = path.replace(/^document\./i, '');
    const field = (key === 'folderId' ? 'folderParentId' : key) as ExtDriveField;
    if (field in emptyExtDriveForm(0)) fields[field] = message;
    else other.push(message);
  }
  return { fields, other };
}
