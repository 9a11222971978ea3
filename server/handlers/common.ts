// Shared pieces of the domain handlers: statement cache, codes, required ids, row → DTO mapping, project
// membership. Folder rows and permissions are in folder-rows.ts, the field-by-field updates in updates.ts.
import type { Database, Statement } from 'better-sqlite3';
import { folderTypes, type CodeName, type FolderKind } from '../../src/contract/codes';
import { ServiceError } from '../handler';

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

export function isProjectMember(db: Database, projectId: number, userId: number): boolean {
  return !!stmt(db, 'SELECT 1 FROM project_members WHERE project_id = ? AND user_id = ?').get(
    projectId,
    userId,
  );
}
