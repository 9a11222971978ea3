// The grid kept in localStorage per user and punch list until it is created: a reload, a closed tab or an
// expired session gives it back.
import { COLUMN_KEYS, emptyValues, type ColumnKey, type GridRow } from './model';

export interface PunchDraft {
  rows: GridRow[];
  hidden: ColumnKey[];
  savedAt: number;
}

const key = (userName: string | undefined, folderId: number) =>
  `pmc.punchDraft.${userName ?? ''}.${folderId}`;

function readRow(v: unknown): GridRow | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.tempItemId !== 'string' || typeof o.values !== 'object' || o.values === null) return undefined;
  const values = emptyValues();
  for (const k of COLUMN_KEYS) {
    const x = (o.values as Record<string, unknown>)[k];
    if (typeof x === 'string') values[k] = x;
  }
  const row: GridRow = { tempItemId: o.tempItemId, values };
  const c = o.created as Record<string, unknown> | undefined;
  if (c && typeof c.number === 'string') row.created = { number: c.number, id: String(c.id ?? '') };
  if (o.refused && typeof o.refused === 'object') row.refused = o.refused as GridRow['refused'];
  return row;
}

export function loadDraft(userName: string | undefined, folderId: number): PunchDraft | undefined {
  try {
    const raw = localStorage.getItem(key(userName, folderId));
    if (!raw) return undefined;
    const d = JSON.parse(raw) as Partial<PunchDraft>;
    if (!Array.isArray(d.rows)) return undefined;
    const rows = d.rows.map(readRow).filter((r): r is GridRow => r !== undefined);
    const hidden = Array.isArray(d.hidden)
      ? d.hidden.filter((k): k is ColumnKey => COLUMN_KEYS.includes(k as ColumnKey))
      : [];
    return { rows, hidden, savedAt: typeof d.savedAt === 'number' ? d.savedAt : 0 };
  } catch {
    return undefined;
  }
}

/** False when the browser refused (storage full or disabled). */
export function saveDraft(userName: string | undefined, folderId: number, draft: PunchDraft): boolean {
  try {
    localStorage.setItem(key(userName, folderId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(userName: string | undefined, folderId: number): void {
  try {
    localStorage.removeItem(key(userName, folderId));
  } catch {
    // ignore
  }
}
