// The edit-folder form's values, checks and the change set sent to FolderUpdateRequest (only what changed).
import type { Folder } from '../../../contract/dtos';
import { limits } from '../../../contract/limits';
import type { FolderChanges } from '../mutations';

export interface FolderFormValues {
  folderName: string;
  folderDescription: string;
  /** Text as typed; a whole number when valid. */
  folderSorting: string;
}

export type FolderField = keyof FolderFormValues;

export const NAME_MAX = limits.Folder.folderName;
export const DESCRIPTION_MAX = limits.Folder.folderDescription;

export function folderFormValues(folder: Folder): FolderFormValues {
  return {
    folderName: folder.folderName ?? '',
    folderDescription: folder.folderDescription ?? '',
    folderSorting: folder.folderSorting === undefined ? '' : String(folder.folderSorting),
  };
}

export function validateFolderForm(v: FolderFormValues): Partial<Record<FolderField, string>> {
  const errors: Partial<Record<FolderField, string>> = {};
  const name = v.folderName.trim();
  if (!name) errors.folderName = 'Enter a name.';
  else if (name.length > NAME_MAX) errors.folderName = `The name must be at most ${NAME_MAX} characters.`;
  if (v.folderDescription.length > DESCRIPTION_MAX) {
    errors.folderDescription = `The description must be at most ${DESCRIPTION_MAX} characters.`;
  }
  const sorting = v.folderSorting.trim();
  if (sorting !== '' && !(/^-?\d{1,9}$/.test(sorting) && Number.isSafeInteger(Number(sorting)))) {
    errors.folderSorting = 'Enter a whole number.';
  }
  return errors;
}

/** The fields whose value differs from the folder as loaded (the service changes exactly what is sent). */
export function folderChanges(folder: Folder, v: FolderFormValues): FolderChanges {
  const changes: FolderChanges = {};
  const name = v.folderName.trim();
  if (name !== (folder.folderName ?? '')) changes.folderName = name;
  if (v.folderDescription !== (folder.folderDescription ?? ''))
    changes.folderDescription = v.folderDescription;
  const sorting = v.folderSorting.trim();
  const current = folder.folderSorting;
  if (sorting === '' ? current !== undefined && current !== 0 : Number(sorting) !== current) {
    changes.folderSorting = sorting === '' ? 0 : Number(sorting);
  }
  return changes;
}

/** `folder.folderName` → `folderName`; errors for fields the form does not have are returned as text. */
export function mapFolderFieldErrors(fieldErrors: Record<string, string>) {
  const fields: Partial<Record<FolderField, string>> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const key = path.replace(/^folder\./i, '');
    if (key === 'folderName' || key === 'folderDescription' || key === 'folderSorting') fields[key] = message;
    else other.push(path ? `${path}: ${message}` : message);
  }
  return { fields, other };
}
