// Shared pieces of the domain handlers: statement cache, required ids, folder rows and permissions, row → DTO
// mapping, text dates, and the field-by-field update machinery ("change the fields sent and nothing else").
import type { Database, Statement } from 'better-sqlite3';
import type { FieldError } from '../../src/contract/codecs';
import { folderTypes, type CodeName, type FolderKind } from '../../src/contract/codes';
import type { Folder } from '../../src/contract/dtos';
import { ServiceError, type HandlerContext, type User } from '../handler';

const statements = new WeakMap<Database, Map<string, Statement>>();

/** A prepared statement, prepared once per database. */
export function stmt(db: Database, sql: string): Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let s = byText.get(sql);
  if (!s) byText.set(sql, (s = db.prepare(sql)));
  return s;
}

export const typeCode = (kind: FolderKind): number => folderTypes[kind].code;
export const folderTypeByCode = new Map<number, { code: number; name: string; kind: FolderKind }>(
  (Object.keys(folderTypes) as FolderKind[]).map((kind) => [
    folderTypes[kind].code,
    { ...folderTypes[kind], kind },
  ]),
);
export const codeName = (list: CodeName[], code: number | null | undefined) =>
  list.find((c) => c.code === code)?.name;

/** `'folderId' is required.` (400) when the id is missing or 0. */
export function requireId(value: number | undefined, fieldName: string): number {
  if (value === undefined || value === 0) {
    throw ServiceError.field(fieldName, `'${fieldName}' is required.`, 'Required');
  }
  return value;
}

/** A request's object field that must be present (`openIssue`, `folder`, `submittal`, `document`). */
export function requireObject<T>(value: T | undefined, fieldName: string): T {
  if (value === undefined) throw ServiceError.field(fieldName, `'${fieldName}' is required.`, 'Required');
  return value;
}

type Nullable<T> = { [K in keyof T]?: T[K] | null };

/** Drops null and undefined properties (the wire omits nulls), typing the rest as the DTO. */
export function clean<T extends object>(o: Nullable<T>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== null && v !== undefined) out[k] = v;
  return out as T;
}

export const bool = (v: number | null | undefined) => (v === null || v === undefined ? undefined : v !== 0);
export const date = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? undefined : new Date(ms);
export const jsonList = (text: string | null | undefined): string[] | undefined =>
  text ? (JSON.parse(text) as string[]) : undefined;

// ---- text dates ---------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** `MM/DD/YYYY` of a UTC instant. */
export function formatTextDate(at: Date | number): string {
  const d = new Date(at);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** `h:mm AM` of minutes after midnight. */
export function formatTextTime(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Reads `MM/DD/YYYY` (also `M/D/YYYY`) or ISO `YYYY-MM-DD[T…]`; returns `MM/DD/YYYY`, or undefined if invalid. */
export function normalizeTextDate(text: string): string | undefined {
  const t = text.trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  let [y, mo, d] = m ? [+m[3], +m[1], +m[2]] : [0, 0, 0];
  if (!m) {
    m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(t);
    if (!m) return undefined;
    [y, mo, d] = [+m[1], +m[2], +m[3]];
  }
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return undefined;
  return `${pad(mo)}/${pad(d)}/${y}`;
}

/** A day as a DateTime: 12:00 UTC, which is the same calendar day in every zone from UTC-11 to UTC+11. */
export const dayMs = (y: number, month: number, d: number) => Date.UTC(y, month - 1, d, 12);

/** The DateTime (12:00 UTC) of a stored `MM/DD/YYYY`. */
export function textDateMs(text: string | null | undefined): number | undefined {
  const m = text ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) : null;
  return m ? dayMs(+m[3], +m[1], +m[2]) : undefined;
}

// ---- folders and permissions --------------------------------------------------------------------------

export interface FolderRow {
  id: number;
  parent_id: number | null;
  project_id: number;
  folder_type: number;
  name: string;
  description: string | null;
  sorting: number;
  reference_id: number | null;
  access_by_list: number;
  created_by: number | null;
  created_ms: number;
  updated_by: number | null;
  updated_ms: number;
  created_name: string | null;
  updated_name: string | null;
  can_modify: number | null;
  can_delete: number | null;
}

const FOLDER_SELECT = `SELECT f.*, cu.first_name || ' ' || cu.last_name AS created_name,
  uu.first_name || ' ' || uu.last_name AS updated_name, p.can_modify, p.can_delete
  FROM folders f
  LEFT JOIN users cu ON cu.id = f.created_by
  LEFT JOIN users uu ON uu.id = f.updated_by
  LEFT JOIN folder_permissions p ON p.folder_id = f.id AND p.user_id = ?`;

export function findFolder(ctx: HandlerContext, id: number): FolderRow | undefined {
  return stmt(ctx.db, `${FOLDER_SELECT} WHERE f.id = ?`).get(ctx.user.id, id) as FolderRow | undefined;
}

/** The folder, or 404 when it does not exist or is not of one of the kinds asked for. */
export function loadFolder(
  ctx: HandlerContext,
  id: number,
  kinds?: FolderKind[],
  what = 'Folder',
): FolderRow {
  const row = findFolder(ctx, id);
  if (!row || (kinds && !kinds.some((k) => folderTypes[k].code === row.folder_type))) {
    throw ServiceError.notFound(`${what} ${id} was not found.`);
  }
  return row;
}

export function childFolderRows(ctx: HandlerContext, parentId: number): FolderRow[] {
  return stmt(
    ctx.db,
    `${FOLDER_SELECT} WHERE f.parent_id = ? ORDER BY f.sorting, f.name COLLATE NOCASE, f.id`,
  ).all(ctx.user.id, parentId) as FolderRow[];
}

export const userCanModify = (user: User, row: Pick<FolderRow, 'can_modify'>) =>
  user.isAdmin || row.can_modify === null || row.can_modify !== 0;
export const userCanDelete = (user: User, row: Pick<FolderRow, 'can_delete'>) =>
  user.isAdmin || row.can_delete === null || row.can_delete !== 0;

export function folderBase(user: User, row: FolderRow) {
  return { userCanModify: userCanModify(user, row), userCanDelete: userCanDelete(user, row) };
}

/** 403 (nothing changed) unless the user may modify the folder. */
export function assertCanModify(ctx: HandlerContext, row: FolderRow): void {
  if (!userCanModify(ctx.user, row)) {
    throw ServiceError.forbidden(`You may not modify '${row.name}'.`);
  }
}

export function toFolder(row: FolderRow, user: User): Folder {
  return clean<Folder>({
    folderId: row.id,
    folderName: row.name,
    folderDescription: row.description,
    folderParentId: row.parent_id,
    folderType: row.folder_type,
    folderTypeName: folderTypeByCode.get(row.folder_type)?.name,
    folderReferenceId: row.reference_id,
    folderProjectId: row.project_id,
    folderSorting: row.sorting,
    accessByList: row.access_by_list,
    createdByFullName: row.created_name,
    createdBy: row.created_by,
    createdDate: date(row.created_ms),
    updatedByFullName: row.updated_name,
    updatedBy: row.updated_by,
    updatedDate: date(row.updated_ms),
    updator: row.updated_by,
    ...folderBase(user, row),
  });
}

/** Marks the folder as changed by the user now; renames it when its record's title changed. */
export function touchFolder(ctx: HandlerContext, folderId: number, name?: SqlValue): void {
  const changes: Record<string, SqlValue> = { updated_by: ctx.user.id, updated_ms: ctx.now.getTime() };
  if (name !== undefined) changes.name = name;
  updateRow(ctx.db, 'folders', folderId, changes);
}

export function isProjectMember(db: Database, projectId: number, userId: number): boolean {
  return !!stmt(db, 'SELECT 1 FROM project_members WHERE project_id = ? AND user_id = ?').get(
    projectId,
    userId,
  );
}

// ---- updates: the fields sent, nothing else -----------------------------------------------------------

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
