// Updates of the domain handlers: "change the fields sent and nothing else" — field parsers, the diff against
// the stored row, read-only fields, the UPDATE, and the folders whose name is their record's title.
import type { Database } from 'better-sqlite3';
import type { FieldError } from '../../src/contract/codecs';
import type { CodeName } from '../../src/contract/codes';
import { ServiceError } from '../handler';
import { normalizeTextDate } from '../../src/contract/textDates';
import { isProjectMember, typeCode } from './common';

export type SqlValue = string | number | null;

/** Collects field errors; `throwIfAny` answers 400 with all of them. */
export class FieldErrors {
  readonly list: FieldError[] = [];
  add(fieldName: string, message: string, errorCode = 'InvalidValue'): undefined {
    this.list.push({ fieldName, errorCode, message });
    return undefined;
  }
  throwIfAny(): void {
    if (this.list.length) throw ServiceError.validation(this.list);
  }
}

/** `dueDate` → `Due date`, `ccUserList` → `Cc user list`. */
export const label = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0].toUpperCase() + words.slice(1);
};

/** Turns a sent value into the stored one, or reports a field error (returns undefined). */
export type Parse = (value: unknown, path: string, errors: FieldErrors, name: string) => SqlValue | undefined;

export interface ColumnSpec {
  col: string;
  parse: Parse;
}

export const parse = {
  /** Free text; empty clears. */
  text:
    (max = 4000): Parse =>
    (v, path, errors, name) => {
      const s = String(v);
      if (s.length > max)
        return errors.add(path, `${label(name)} must be at most ${max} characters.`, 'TooLong');
      return s === '' ? null : s;
    },
  /** A name or title: not empty, not only spaces, trimmed. */
  title:
    (max = 200): Parse =>
    (v, path, errors, name) => {
      const s = String(v).trim();
      if (!s) return errors.add(path, `${label(name)} must not be empty.`, 'Required');
      if (s.length > max)
        return errors.add(path, `${label(name)} must be at most ${max} characters.`, 'TooLong');
      return s;
    },
  /** A text date: `MM/DD/YYYY` or `YYYY-MM-DD`, stored as `MM/DD/YYYY`; empty clears. */
  textDate: (): Parse => (v, path, errors, name) => {
    const s = String(v).trim();
    if (s === '') return null;
    const d = normalizeTextDate(s);
    if (!d) return errors.add(path, `${label(name)} must be a date as MM/DD/YYYY.`, 'InvalidDate');
    return d;
  },
  bool: (): Parse => (v) => (v ? 1 : 0),
  int: (): Parse => (v) => Number(v),
  decimal: (): Parse => (v, path, errors, name) => {
    const n = Number(v);
    if (!Number.isFinite(n) || Math.abs(n) >= 1e13)
      return errors.add(path, `${label(name)} is out of range.`, 'OutOfRange');
    return Math.round(n * 100) / 100;
  },
  /** One of the codes of a list. */
  code:
    (list: CodeName[]): Parse =>
    (v, path, errors, name) => {
      if (list.some((c) => c.code === v)) return v as number;
      const allowed = list.map((c) => `${c.code} (${c.name})`).join(', ');
      return errors.add(path, `${label(name)} must be one of ${allowed}.`, 'InvalidValue');
    },
  /** A member of the project; 0 clears. */
  member:
    (db: Database, projectId: number): Parse =>
    (v, path, errors, name) => {
      if (v === 0) return null;
      if (isProjectMember(db, projectId, v as number)) return v as number;
      return errors.add(
        path,
        `${label(name)}: user ${String(v)} is not a member of this project.`,
        'NotProjectMember',
      );
    },
};

/**
 * Compares the fields present in `sent` with the stored row and returns the columns whose value changes.
 * Field errors go to `errors` (path `<prefix>.<field>`).
 */
export function diff(
  sent: Record<string, unknown>,
  stored: Record<string, unknown>,
  specs: Record<string, ColumnSpec>,
  prefix: string,
  errors: FieldErrors,
): Record<string, SqlValue> {
  const changes: Record<string, SqlValue> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (sent[name] === undefined) continue;
    const before = errors.list.length;
    const value = spec.parse(sent[name], `${prefix}.${name}`, errors, name);
    if (errors.list.length > before || value === undefined) continue;
    if ((stored[spec.col] ?? null) !== value) changes[spec.col] = value;
  }
  return changes;
}

/** Fields that identify the record: sending them is fine, changing them is a field error. */
export function checkReadOnly(
  sent: Record<string, unknown>,
  stored: Record<string, unknown>,
  prefix: string,
  errors: FieldErrors,
): void {
  for (const [name, value] of Object.entries(stored)) {
    if (sent[name] !== undefined && sent[name] !== (value ?? 0)) {
      errors.add(`${prefix}.${name}`, `${label(name)} cannot be changed.`, 'ReadOnly');
    }
  }
}

/** `UPDATE <table> SET … WHERE id = ?`; returns the number of rows changed. */
export function updateRow(
  db: Database,
  table: string,
  id: number,
  changes: Record<string, SqlValue>,
): number {
  const cols = Object.keys(changes);
  if (!cols.length) return 0;
  const sql = `UPDATE ${table} SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
  return db.prepare(sql).run({ ...changes, id }).changes;
}

/** Folders whose name is their record's title (a root folder: its project's name): changing either changes both. */
export const titleOfFolderType = new Map<number, { table: string; col: string }>([
  [typeCode('project'), { table: 'projects', col: 'name' }],
  [typeCode('rfi'), { table: 'open_issues', col: 'subject' }],
  [typeCode('submittalPackage'), { table: 'submittal_packages', col: 'description' }],
  [typeCode('meeting'), { table: 'meetings', col: 'subject' }],
  [typeCode('meetingMinute'), { table: 'meeting_minutes', col: 'summary' }],
]);
