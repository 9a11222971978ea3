// Folders: read one, update one (the fields sent), read the child folders of a folder.
import { limits } from '../../src/contract/limits';
import type { Handler } from '../handler';
import { requireId, requireObject, stmt } from './common';
import { assertCanModify, childFolderRows, loadFolder, toFolder } from './folder-rows';
import {
  checkReadOnly,
  diff,
  FieldErrors,
  parse,
  titleOfFolderType,
  updateRow,
  type ColumnSpec,
} from './updates';

export const folderGet: Handler<'FolderGetRequest'> = (req, ctx) => {
  const row = loadFolder(ctx, requireId(req.folderId, 'folderId'));
  return { folder: toFolder(row, ctx.user) };
};

const accessByListCodes = [
  { code: 0, name: 'Everyone on the project' },
  { code: 1, name: 'Listed users only' },
];

const folderSpecs: Record<string, ColumnSpec> = {
  folderName: { col: 'name', parse: parse.title(limits.Folder.folderName) },
  folderDescription: { col: 'description', parse: parse.text(limits.Folder.folderDescription) },
  folderSorting: { col: 'sorting', parse: parse.int() },
  accessByList: { col: 'access_by_list', parse: parse.code(accessByListCodes) },
};

export const folderUpdate: Handler<'FolderUpdateRequest'> = (req, ctx) => {
  const sent = requireObject(req.folder, 'folder');
  const row = loadFolder(ctx, requireId(sent.folderId, 'folder.folderId'));
  assertCanModify(ctx, row);
  const errors = new FieldErrors();
  const identity = {
    folderParentId: row.parent_id,
    folderType: row.folder_type,
    folderProjectId: row.project_id,
    folderReferenceId: row.reference_id,
  };
  checkReadOnly(sent, identity, 'folder', errors);
  const changes = diff(sent, row as unknown as Record<string, unknown>, folderSpecs, 'folder', errors);
  errors.throwIfAny();
  if (!Object.keys(changes).length) return { numberOfRecordsEffected: 0 };
  const changed = ctx.db
    .transaction(() => {
      const n = updateRow(ctx.db, 'folders', row.id, {
        ...changes,
        updated_by: ctx.user.id,
        updated_ms: ctx.now.getTime(),
      });
      const title = titleOfFolderType.get(row.folder_type);
      if (title && changes.name !== undefined) {
        const key = title.table === 'projects' ? 'root_folder_id' : 'folder_id';
        stmt(ctx.db, `UPDATE ${title.table} SET ${title.col} = ? WHERE ${key} = ?`).run(changes.name, row.id);
      }
      return n;
    })
    .immediate();
  return { numberOfRecordsEffected: changed };
};

export const folderReadIssue: Handler<'FolderReadIssueRequest'> = (req, ctx) => {
  const parent = loadFolder(ctx, requireId(req.folderParentId, 'folderParentId'));
  return { folderList: childFolderRows(ctx, parent.id).map((r) => toFolder(r, ctx.user)) };
};
