// A write's fields against what the record's earlier writes set (model.ts folds them): changed, set, cleared,
// masked by the log, or sent with the value they already had — and how a logged value reads for people.
import { parseDateTime } from '../../contract/codecs';

type Dto = Record<string, unknown>;

/** A field by its contract name (`dueDate`) and, for people, its label ("Due date"). */
export interface FieldName {
  field: string;
  label: string;
}

export type ChangeKind = 'set' | 'changed' | 'cleared' | 'masked';

export interface FieldChange {
  /** The contract's field name (`dueDate`). */
  field: string;
  /** For people: "Due date". */
  label: string;
  /** set: first seen in the log (its value before is not known); cleared: sent empty; masked: the log hid it. */
  change: ChangeKind;
  before?: string;
  after: string;
}

export const MASK = '***';

/** `dueDate` → "Due date", `ccUserList` → "Cc user list", `folderParentId` → "Folder parent id". */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MS_DATE = /^\/Date\(-?\d+([+-]\d{4})?\)\/$/;
const MAX_TEXT = 300;

/** A logged value as text: wire dates as dates, lists of plain values joined, anything else as JSON. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') {
    const date = MS_DATE.test(value) ? parseDateTime(value) : undefined;
    const text = date
      ? date
          .toISOString()
          .replace('T', ' ')
          .replace(/\.000Z$|Z$/, ' UTC')
      : value;
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    return value.length ? value.map((v) => displayValue(v)).join(', ') : '(none)';
  }
  const json = JSON.stringify(value);
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT)}…` : json;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `sent` against `known` (what earlier successful writes set): changed, set for the first time,
 * cleared, or masked by the log. `first`: every field sent is listed, as sent.
 */
export function diffFields(
  known: Dto,
  sent: Dto,
  first: boolean,
): { changes: FieldChange[]; unchanged: number; unchangedFields: FieldName[] } {
  const changes: FieldChange[] = [];
  const unchangedFields: FieldName[] = [];
  for (const [field, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    const label = fieldLabel(field);
    const after = displayValue(value);
    const had = Object.prototype.hasOwnProperty.call(known, field);
    if (value === MASK) changes.push({ field, label, change: 'masked', after: MASK });
    else if (first || !had) changes.push({ field, label, change: 'set', after });
    else if (same(known[field], value)) unchangedFields.push({ field, label });
    else if (isEmpty(value)) {
      changes.push({ field, label, change: 'cleared', before: displayValue(known[field]), after });
    } else changes.push({ field, label, change: 'changed', before: displayValue(known[field]), after });
  }
  return { changes, unchanged: unchangedFields.length, unchangedFields };
}

/** "Status was sent with the value it already had." / "Subject and Status were sent with the values …". */
export function unchangedText(fields: readonly FieldName[]): string | undefined {
  if (!fields.length) return undefined;
  const names = fields.map((f) => f.label);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return fields.length === 1
    ? `${list} was sent with the value it already had.`
    : `${list} were sent with the values they already had.`;
}
