// The phone form's model: one punch item at a time, checked with the grid's rules (model.ts), the location
// (site, building, floor, room) carried over from the item saved before, and the form kept on this device until
// it is saved. Pure functions and the stored form; no React.
import type { CodeName } from '../../contract/codes';
import { storedValue } from '../../ui/storedValue';
import { readRow } from './draft';
import {
  COLUMN_KEYS,
  emptyValues,
  newTempItemId,
  validateRow,
  type CellErrors,
  type ColumnKey,
  type RowValues,
} from './model';

export const LOCATION_KEYS = ['locationSite', 'locationBuilding', 'locationFloor', 'locationRoom'] as const;

/** The fields shown at once, in order. */
export const MAIN_FIELDS: ColumnKey[] = [
  'summary',
  'description',
  ...LOCATION_KEYS,
  'dueDate',
  'status',
  'responsibleParties',
];
/** The fields under "More fields", in order. */
export const MORE_FIELDS: ColumnKey[] = COLUMN_KEYS.filter((k) => !MAIN_FIELDS.includes(k));

/** The form after an item is saved: empty but for the location of the item just saved. */
export function nextValues(saved: RowValues): RowValues {
  const next = emptyValues();
  for (const k of LOCATION_KEYS) next[k] = saved[k];
  return next;
}

/**
 * The grid's rules for one item. Unlike a blank grid row (skipped), an empty form is an item without its
 * summary.
 */
export function validateItem(values: RowValues, statuses: CodeName[]): CellErrors {
  const errors = validateRow(values, statuses);
  if (values.summary.trim() === '' && !errors.summary) errors.summary = 'Summary is required.';
  return errors;
}

/** The fields with a problem, in the form's order (the first is focused). */
export const fieldsWithErrors = (errors: CellErrors): ColumnKey[] =>
  [...MAIN_FIELDS, ...MORE_FIELDS].filter((k) => errors[k]);

/** Site · building · floor · room as typed, blanks left out. */
export const locationText = (values: RowValues): string =>
  LOCATION_KEYS.map((k) => values[k].trim())
    .filter(Boolean)
    .join(' · ');

// ---- the form kept on this device ----

/** The form in progress: its values and the TempItemId it will be saved under. */
export interface PhoneForm {
  tempItemId: string;
  values: RowValues;
}

export const newPhoneForm = (values: RowValues = emptyValues()): PhoneForm => ({
  tempItemId: newTempItemId(),
  values,
});

function asForm(v: unknown): PhoneForm | undefined {
  const row = readRow(v);
  return row && { tempItemId: row.tempItemId, values: row.values };
}

/** Kept per user and punch list, like the grid's draft (draft.ts). */
export const storedPhoneForm = (userName: string | undefined, folderId: number) =>
  storedValue(`punch-phone:${userName ?? ''}:${folderId}`, asForm);

// ---- the items entered in this visit ----

/** An item saved from the form in this tab, and what became of it (read from the outbox and `createdHere`). */
export interface VisitItem {
  tempItemId: string;
  summary: string;
  location: string;
  savedAt: number;
}

/** What became of a saved item, for people. */
export type VisitState =
  | { kind: 'queued' }
  | { kind: 'sending' }
  | { kind: 'refused'; reason: string }
  | { kind: 'created'; number?: string };

/** Outbox entries as the visit list reads them: their state and the TempItemIds they carry. */
export interface QueuedEntry {
  state: 'pending' | 'sending' | 'refused' | 'conflict';
  message?: string;
  tempItemIds: string[];
}

/**
 * An item in the outbox is queued, sending or refused; one no longer there was created (its number when this
 * browser recorded it). `loaded` false: the outbox was not read yet, so nothing is known to be sent.
 */
export function visitState(
  item: VisitItem,
  entries: QueuedEntry[],
  loaded: boolean,
  numbers: Map<string, string>,
): VisitState {
  const entry = entries.find((e) => e.tempItemIds.includes(item.tempItemId));
  if (entry?.state === 'sending') return { kind: 'sending' };
  if (entry?.state === 'refused' || entry?.state === 'conflict')
    return { kind: 'refused', reason: entry.message ?? 'The service refused this item.' };
  if (entry || !loaded) return { kind: 'queued' };
  return { kind: 'created', number: numbers.get(item.tempItemId) };
}

/** The TempItemIds an outbox entry's request carries (operation 5: `punchlistList`). */
export function tempItemIdsOf(request: object): string[] {
  const list = (request as { punchlistList?: unknown }).punchlistList;
  if (!Array.isArray(list)) return [];
  return list.flatMap((i) =>
    typeof i === 'object' && i !== null && typeof (i as { tempItemId?: unknown }).tempItemId === 'string'
      ? [(i as { tempItemId: string }).tempItemId]
      : [],
  );
}

const VISIT_CAP = 200;

function asVisit(v: unknown): VisitItem[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter(
    (i): i is VisitItem =>
      typeof i === 'object' &&
      i !== null &&
      typeof i.tempItemId === 'string' &&
      typeof i.summary === 'string' &&
      typeof i.location === 'string' &&
      typeof i.savedAt === 'number',
  );
}

const visitKey = (userName: string | undefined, folderId: number) =>
  `pm-console:punch-visit:${userName ?? ''}:${folderId}`;

/** The items saved in this tab (sessionStorage: kept across a reload, gone with the tab), newest first. */
export function loadVisit(userName: string | undefined, folderId: number): VisitItem[] {
  try {
    return asVisit(JSON.parse(sessionStorage.getItem(visitKey(userName, folderId)) ?? '[]')) ?? [];
  } catch {
    return [];
  }
}

export function saveVisit(userName: string | undefined, folderId: number, items: VisitItem[]): void {
  try {
    sessionStorage.setItem(visitKey(userName, folderId), JSON.stringify(items.slice(0, VISIT_CAP)));
  } catch {
    // Storage full or disabled: the list lasts as long as the page.
  }
}
