// Unsaved RFI edits kept in localStorage, per user and RFI, so a reload or a closed tab loses nothing.
import { storedValue } from '../../ui/storedValue';
import type { RfiFormValues } from './model/editor';

export interface RfiDraft {
  values: RfiFormValues;
  /** The RFI's values when editing began: what the edits are relative to (for the conflict check). */
  base: RfiFormValues;
  savedAt: number;
}

const stored = (userName: string | undefined, folderId: number) =>
  storedValue(
    `rfi-draft:${userName ?? ''}:${folderId}`,
    asDraft,
    `pmc.rfiDraft.${userName ?? ''}.${folderId}`,
  );

function isValues(v: unknown): v is RfiFormValues {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.subject === 'string' && typeof o.dueDate === 'string' && Array.isArray(o.ccUserList);
}

function asDraft(v: unknown): RfiDraft | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const d = v as Partial<RfiDraft>;
  if (!isValues(d.values) || !isValues(d.base) || typeof d.savedAt !== 'number') return undefined;
  return d as RfiDraft;
}

export function loadDraft(userName: string | undefined, folderId: number): RfiDraft | undefined {
  return stored(userName, folderId).read();
}

/** Storage full or disabled: the unsaved-changes warning still guards the edits. */
export function saveDraft(userName: string | undefined, folderId: number, draft: RfiDraft): void {
  stored(userName, folderId).write(draft);
}

export function clearDraft(userName: string | undefined, folderId: number): void {
  stored(userName, folderId).remove();
}
