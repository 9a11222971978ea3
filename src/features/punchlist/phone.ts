// The phone form's model: one punch item at a time, checked with the grid's rules (model.ts), the location
// (site, building, floor, room) carried over from the item saved before, and the form kept on this device until
// it is saved. Pure functions and the stored form; no React.
import type { CodeName } from '../../contract/codes';
import { storedValue } from '../../ui/storedValue';
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
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.tempItemId !== 'string' || typeof o.values !== 'object' || o.values === null) return undefined;
  const values = emptyValues();
  for (const k of COLUMN_KEYS) {
    const x = (o.values as Record<string, unknown>)[k];
    if (typeof x === 'string') values[k] = x;
  }
  return { tempItemId: o.tempItemId, values };
}

/** Kept per user and punch list, like the grid's draft (draft.ts). */
export const storedPhoneForm = (userName: string | undefined, folderId: number) =>
  storedValue(`punch-phone:${userName ?? ''}:${folderId}`, asForm);
