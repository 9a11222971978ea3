// The grid kept in localStorage per user and punch list until it is created: a reload, a closed tab or an
// expired session gives it back.
import { storedValue } from '../../ui/storedValue';
import { COLUMN_KEYS, emptyValues, type ColumnKey, type GridRow } from './model';

export interface PunchDraft {
  rows: GridRow[];
  hidden: ColumnKey[];
  savedAt: number;
}

const stored = (userName: string | undefined, folderId: number) =>
  storedValue(
    `punch-draft:${userName ?? ''}:${folderId}`,
    asDraft,
    `pmc.punchDraft.${userName ?? ''}.${folderId}`,
  );

/** A stored row (the grid's draft, the phone form): its TempItemId and text values, else undefined. */
export function readRow(v: unknown): GridRow | undefined {
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

function asDraft(v: unknown): PunchDraft | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const d = v as Partial<PunchDraft>;
  if (!Array.isArray(d.rows)) return undefined;
  const rows = d.rows.map(readRow).filter((r): r is GridRow => r !== undefined);
  const hidden = Array.isArray(d.hidden)
    ? d.hidden.filter((k): k is ColumnKey => COLUMN_KEYS.includes(k as ColumnKey))
    : [];
  return { rows, hidden, savedAt: typeof d.savedAt === 'number' ? d.savedAt : 0 };
}

export function loadDraft(userName: string | undefined, folderId: number): PunchDraft | undefined {
  return stored(userName, folderId).read();
}

/** False when the browser refused (storage full or disabled). */
export function saveDraft(userName: string | undefined, folderId: number, draft: PunchDraft): boolean {
  return stored(userName, folderId).write(draft);
}

export function clearDraft(userName: string | undefined, folderId: number): void {
  stored(userName, folderId).remove();
}
