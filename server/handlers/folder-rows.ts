// Folder rows of the domain handlers: the folder with its creator, updater and the user's permissions, the
// checks on it (404, 403), row → Folder DTO, and marking a folder changed.
import { folderTypes, type FolderKind } from '../../src/contract/codes';
import type { Folder } from '../../src/contract/dtos';
import { ServiceError, type HandlerContext, type User } from '../handler';
import { clean, date, folderTypeByCode, stmt } from './common';
import { updateRow, type SqlValue } from './updates';

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
