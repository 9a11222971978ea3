// The punch-list items created from this browser, kept in localStorage per user and project: the interface has no
// punch-list read, so this is all the console can show of them after the grid is cleared or the page reloaded.
import { storedValue } from '../../ui/storedValue';
import type { PunchList } from '../../contract/dtos';
import type { Sheet } from '../../ui/xlsx/sheet';
import type { GridRow } from './model';

/** Items kept per user and project, newest first; older ones are dropped. */
export const CREATED_CAP = 500;

export interface CreatedItem {
  tempItemId: string;
  number: string;
  id: string;
  summary: string;
  /** Site, building, floor and room as typed, joined by " · ". */
  location?: string;
  dueDate?: string;
  /** The punch-list container (folder id) it was created in. */
  containerId: number;
  /** When the service answered (ms). */
  createdAt: number;
}

const stored = (userName: string | undefined, projectId: number) =>
  storedValue(`punch-created:${userName ?? ''}:${projectId}`, asList);

const optionalText = (v: unknown) => v === undefined || typeof v === 'string';

function isItem(v: unknown): v is CreatedItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.tempItemId === 'string' &&
    typeof o.number === 'string' &&
    typeof o.id === 'string' &&
    typeof o.summary === 'string' &&
    typeof o.containerId === 'number' &&
    typeof o.createdAt === 'number' &&
    optionalText(o.location) &&
    optionalText(o.dueDate)
  );
}

function asList(v: unknown): CreatedItem[] | undefined {
  return Array.isArray(v) ? v.filter(isItem) : undefined;
}

export function loadCreated(userName: string | undefined, projectId: number): CreatedItem[] {
  return stored(userName, projectId).read() ?? [];
}

/** False when the browser refused (storage full or disabled). */
export function saveCreated(userName: string | undefined, projectId: number, items: CreatedItem[]): boolean {
  return stored(userName, projectId).write(items);
}

/** The rows the service created (`created`: by TempItemId), as kept items. */
export function createdFromRows(
  rows: GridRow[],
  created: Map<string, { number: string; id: string }>,
  containerId: number,
  now: number,
): CreatedItem[] {
  const out: CreatedItem[] = [];
  for (const row of rows) {
    const made = created.get(row.tempItemId);
    if (!made) continue;
    const v = row.values;
    const location = [v.locationSite, v.locationBuilding, v.locationFloor, v.locationRoom]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' · ');
    const item: CreatedItem = {
      tempItemId: row.tempItemId,
      number: made.number,
      id: made.id,
      summary: v.summary.trim(),
      containerId,
      createdAt: now,
    };
    if (location) item.location = location;
    if (v.dueDate.trim()) item.dueDate = v.dueDate.trim();
    out.push(item);
  }
  return out;
}

/** The items a create answered (`created`: by TempItemId), from the requests sent (the outbox keeps no rows). */
export function createdFromItems(
  items: PunchList[],
  created: Map<string, { number: string; id: string }>,
  now: number,
): CreatedItem[] {
  const out: CreatedItem[] = [];
  for (const item of items) {
    const made = item.tempItemId ? created.get(item.tempItemId) : undefined;
    if (!made) continue;
    const location = [item.locationSite, item.locationBuilding, item.locationFloor, item.locationRoom]
      .map((s) => s?.trim() ?? '')
      .filter(Boolean)
      .join(' · ');
    const kept: CreatedItem = {
      tempItemId: item.tempItemId!,
      number: made.number,
      id: made.id,
      summary: item.summary?.trim() ?? '',
      containerId: item.folderId ?? 0,
      createdAt: now,
    };
    if (location) kept.location = location;
    if (item.dueDate?.trim()) kept.dueDate = item.dueDate.trim();
    out.push(kept);
  }
  return out;
}

/** Adds items to the kept list (read again first: another tab may have added some). */
export function recordCreated(
  userName: string | undefined,
  projectId: number,
  added: CreatedItem[],
): boolean {
  if (!added.length) return true;
  return saveCreated(userName, projectId, mergeCreated(loadCreated(userName, projectId), added));
}

const byNumberDesc = (a: CreatedItem, b: CreatedItem) =>
  Number(b.number) - Number(a.number) || b.number.localeCompare(a.number);

/** New items first (highest number first), each TempItemId once (a retry answers the same rows), capped. */
export function mergeCreated(
  existing: CreatedItem[],
  added: CreatedItem[],
  cap = CREATED_CAP,
): CreatedItem[] {
  const seen = new Set<string>();
  const out: CreatedItem[] = [];
  for (const item of [...[...added].sort(byNumberDesc), ...existing]) {
    if (seen.has(item.tempItemId)) continue;
    seen.add(item.tempItemId);
    out.push(item);
  }
  return out.slice(0, cap);
}

/** The items created from this browser as a sheet (Excel, CSV), newest first as the screen lists them. */
export function createdSheet(items: CreatedItem[]): Sheet {
  return {
    name: 'Created here',
    columns: [
      { header: 'No.', kind: 'integer' },
      { header: 'Summary', width: 50 },
      { header: 'Punch list', kind: 'integer' },
      { header: 'Location' },
      { header: 'Due date', kind: 'date' },
      { header: 'Created', kind: 'datetime' },
    ],
    rows: items.map((i) => [
      i.number,
      i.summary,
      i.containerId,
      i.location,
      i.dueDate,
      new Date(i.createdAt),
    ]),
  };
}
