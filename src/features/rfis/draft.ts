// Unsaved RFI edits kept in localStorage, per user and RFI, so a reload or a closed tab loses nothing.
import type { RfiFormValues } from './model/editor';

export interface RfiDraft {
  values: RfiFormValues;
  /** The RFI's values when editing began: what the edits are relative to (for the conflict check). */
  base: RfiFormValues;
  savedAt: number;
}

const key = (userName: string | undefined, folderId: number) => `pmc.rfiDraft.${userName ?? ''}.${folderId}`;

function isValues(v: unknown): v is RfiFormValues {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.subject === 'string' && typeof o.dueDate === 'string' && Array.isArray(o.ccUserList);
}

export function loadDraft(userName: string | undefined, folderId: number): RfiDraft | undefined {
  try {
    const raw = localStorage.getItem(key(userName, folderId));
    if (!raw) return undefined;
    const d = JSON.parse(raw) as Partial<RfiDraft>;
    if (!isValues(d.values) || !isValues(d.base) || typeof d.savedAt !== 'number') return undefined;
    return d as RfiDraft;
  } catch {
    return undefined;
  }
}

export function saveDraft(userName: string | undefined, folderId: number, draft: RfiDraft): void {
  try {
    localStorage.setItem(key(userName, folderId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the unsaved-changes warning still guards the edits.
  }
}

export function clearDraft(userName: string | undefined, folderId: number): void {
  try {
    localStorage.removeItem(key(userName, folderId));
  } catch {
    // ignore
  }
}
