// Documents: the documents in a folder, child folders as document records, the ext-drive add, statuses.
import type { Database } from 'better-sqlite3';
import { folderTypes, type FolderKind } from '../../src/contract/codes';
import type { Document, FolderDocument } from '../../src/contract/dtos';
import { RowStream, ServiceError, type Handler, type HandlerContext } from '../handler';
import { limits } from '../../src/contract/limits';
import { normalizeTextDate } from '../../src/contract/textDates';
import { readerOf } from '../db/db';
import { textDateMs } from '../db/text-dates';
import { requireId, requireObject, stmt } from './common';
import { assertCanModify, findFolder, loadFolder } from './folder-rows';
import { FieldErrors } from './updates';

// Raw rows (arrays) and names from small maps: twice as fast as row objects and joins for 100,000 documents.
const FOLDER_DOCUMENT_SELECT = `SELECT d.folder_id, d.id, d.number, d.discipline, d.discipline_text, d.csi, d.type,
  d.type_text, d.status, d.status_text, d.issue, d.issue_ms, d.estimated_file_size, d.uploaded_file_name,
  d.uploaded_file_size, d.all_files_size, d.updated_ms FROM documents d`;

type Cell = string | number | null;
type Raw = Record<string, Cell>;

// The code tables are fixed by the seed (no operation writes them), so their names are read once per db.
const nameCache = new WeakMap<Database, Map<string, Map<number, string>>>();
function names(db: Database, table: string): Map<number, string> {
  let tables = nameCache.get(db);
  if (!tables) nameCache.set(db, (tables = new Map()));
  let map = tables.get(table);
  if (!map) {
    map = new Map(stmt(db, `SELECT id, name FROM ${table}`).raw(true).all() as [number, string][]);
    tables.set(table, map);
  }
  return map;
}

/** Row → FolderDocument, with the code tables' names (read once per db). */
function documentOf(db: Database): (r: Cell[]) => FolderDocument {
  const disciplines = names(db, 'document_disciplines');
  const types = names(db, 'document_types');
  const statuses = names(db, 'document_statuses');
  return (r) => {
    const doc: FolderDocument = {
      folderId: r[0] as number,
      documentId: r[1] as number,
      documentNumber: r[2] as string,
    };
    const code = (
      i: number,
      map: Map<number, string>,
      codeKey: 'documentDiscipline' | 'documentType' | 'documentStatus',
    ) => {
      if (r[i] !== null) doc[codeKey] = r[i] as number;
      const name = r[i] === null ? r[i + 1] : (map.get(r[i] as number) ?? r[i + 1]);
      if (name !== null) doc[`${codeKey}Name`] = name as string;
    };
    code(3, disciplines, 'documentDiscipline');
    if (r[5] !== null) doc.documentCSI = r[5] as string;
    code(6, types, 'documentType');
    code(8, statuses, 'documentStatus');
    if (r[10] !== null) doc.documentIssue = r[10] as string;
    if (r[11] !== null) doc.documentIssueDate = new Date(r[11] as number);
    if (r[12] !== null) doc.estimatedFileSize = r[12] as number;
    if (r[13] !== null) doc.uploadedFileName = r[13] as string;
    if (r[14] !== null) doc.uploadedFileSize = r[14] as number;
    if (r[15] !== null) doc.allFilesSize = r[15] as number;
    if (r[16] !== null) doc.documentUpdateDate = new Date(r[16] as number);
    return doc;
  };
}

function folderDocuments(db: Database, sql: string, arg: number): FolderDocument[] {
  return (stmt(db, sql).raw(true).all(arg) as Cell[][]).map(documentOf(db));
}

const IN_FOLDER = `${FOLDER_DOCUMENT_SELECT} WHERE d.folder_id = ? ORDER BY d.number, d.id`;

/**
 * The documents of a folder, ordered by document number (then id), read row by row while the reply is written
 * (up to 100,000 rows, 52 MB of JSON) through the database's reader, so other requests go on meanwhile. The
 * count comes first (through the folder's index) so the console can say how many are still to come.
 */
export function streamDocumentsInFolder(db: Database, folderId: number): RowStream<FolderDocument> {
  const reader = readerOf(db);
  const source = reader ?? db;
  const { n } = source.prepare('SELECT count(*) AS n FROM documents WHERE folder_id = ?').get(folderId) as {
    n: number;
  };
  const toDocument = documentOf(db);
  // A statement of its own: two replies may stream at once.
  const statement = source.prepare(IN_FOLDER).raw(true);
  function* rows() {
    for (const r of statement.iterate(folderId) as IterableIterator<Cell[]>) yield toDocument(r);
  }
  return new RowStream(rows(), { count: n, pausable: reader !== undefined });
}

/** The documents an open issue refers to, ordered by document number. */
export function referencedDocuments(db: Database, openIssueId: number): FolderDocument[] {
  return folderDocuments(
    db,
    `${FOLDER_DOCUMENT_SELECT} JOIN open_issue_documents r ON r.document_id = d.id
     WHERE r.open_issue_id = ? ORDER BY d.number, d.id`,
    openIssueId,
  );
}

export const documentsReadInFolder: Handler<'DocumentsReadInFolderRequest'> = (req, ctx) => {
  const folder = loadFolder(ctx, requireId(req.parentFolderId, 'parentFolderId'));
  return { folderDocuments: streamDocumentsInFolder(ctx.db, folder.id) };
};

/** A folder type named by its code ("5"), its name ("RFI", any case) or its key ("punchList"). */
function folderTypeCode(text: string): number | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const t = norm(text);
  for (const kind of Object.keys(folderTypes) as FolderKind[]) {
    const { code, name } = folderTypes[kind];
    if (t === String(code) || t === norm(name) || t === norm(kind)) return code;
  }
  return undefined;
}

export const foldersDocumentsGetByParentFolder: Handler<'FoldersDocumentsGetByParentFolderRequest'> = (
  req,
  ctx,
) => {
  const parent = loadFolder(ctx, requireId(req.folderParentId, 'folderParentId'));
  let type: number | null = null;
  if (req.folderType !== undefined && req.folderType.trim() !== '') {
    type = folderTypeCode(req.folderType) ?? null;
    if (type === null) {
      const known = Object.values(folderTypes)
        .map((t) => `${t.code} (${t.name})`)
        .join(', ');
      throw ServiceError.field('folderType', `Unknown folder type '${req.folderType}'; use one of ${known}.`);
    }
  }
  const rows = stmt(
    ctx.db,
    `SELECT f.id AS id, f.id AS folderId, f.name AS folderName, f.description AS folderDescription,
       f.parent_id AS folderParentId, f.created_ms AS createdDate, f.updated_ms AS updatedDate,
       f.created_by AS createdBy, f.updated_by AS updatedBy, f.folder_type AS folderType,
       f.reference_id AS folderReferenceId, f.project_id AS folderProject, f.access_by_list AS accessByList,
       f.sorting AS folderSorting,
       (SELECT sum(d.estimated_file_size) FROM documents d WHERE d.folder_id = f.id) AS estimatedFileSize
     FROM folders f WHERE f.parent_id = @parent AND (@type IS NULL OR f.folder_type = @type)
     ORDER BY f.sorting, f.name COLLATE NOCASE, f.id`,
  ).all({ parent: parent.id, type }) as Raw[];
  const documents = rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k in r) {
      const v = r[k];
      if (v !== null) out[k] = k === 'createdDate' || k === 'updatedDate' ? new Date(v as number) : v;
    }
    if (out.estimatedFileSize === undefined) out.estimatedFileSize = 0;
    return out as Document;
  });
  return { documents };
};

/** `/<project>/<folder>/<sub folder>` from the root folder down to the folder. */
export function folderPath(ctx: HandlerContext, folderId: number): string {
  const names: string[] = [];
  for (let id: number | null = folderId; id !== null;) {
    const f = findFolder(ctx, id);
    if (!f) break;
    names.unshift(f.name);
    id = f.parent_id;
  }
  return '/' + names.join('/');
}

const documentFolderKinds: FolderKind[] = ['documents', 'drawings', 'folder'];

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Looks a code up by id ("3") or name (any case) in a small code table. */
function lookupCode(db: Database, table: string, text: string | undefined, projectId?: number) {
  if (text === undefined || text.trim() === '') return { code: null, text: null };
  const t = text.trim();
  const scope = table === 'document_statuses' ? ' AND (project_id IS NULL OR project_id = @project)' : '';
  const row = stmt(
    db,
    `SELECT id FROM ${table} WHERE (CAST(id AS TEXT) = @t OR name = @t COLLATE NOCASE)${scope} LIMIT 1`,
  ).get(scope ? { t, project: projectId ?? null } : { t }) as { id: number } | undefined;
  return row ? { code: row.id, text: null } : { code: null, text: t };
}

export const extDriveDocumentCreate: Handler<'ExtDriveDocumentCreateRequest'> = (req, ctx) => {
  const doc = requireObject(req.document, 'document');
  const targetField = doc.folderParentId ? 'document.folderParentId' : 'document.folderId';
  const target = doc.folderParentId || doc.folderId;
  if (!target) {
    throw ServiceError.field('document.folderParentId', "'document.folderParentId' is required.", 'Required');
  }
  const folder = loadFolder(ctx, target);
  assertCanModify(ctx, folder);
  const errors = new FieldErrors();
  if (!documentFolderKinds.some((k) => folderTypes[k].code === folder.folder_type)) {
    errors.add(
      targetField,
      'Documents can be added to document, drawing and plain folders only.',
      'InvalidFolderType',
    );
  }
  const fileName = (doc.fileName ?? '').trim();
  if (!fileName) errors.add('document.fileName', 'File name must not be empty.', 'Required');
  else if (fileName.length > limits.DocumentExtDrive.fileName || /[/\\]/.test(fileName)) {
    errors.add(
      'document.fileName',
      `File name must be at most ${limits.DocumentExtDrive.fileName} characters, without / or \\.`,
      'InvalidValue',
    );
  }
  for (const key of ['downloadUrl', 'viewerUrl'] as const) {
    const url = doc[key];
    if (url && !isHttpUrl(url))
      errors.add(
        `document.${key}`,
        `${key === 'downloadUrl' ? 'Download' : 'Viewer'} URL must be an http(s) URL.`,
        'InvalidUrl',
      );
  }
  let issueDate: string | undefined;
  if (doc.issueDate) {
    issueDate = normalizeTextDate(doc.issueDate);
    if (!issueDate)
      errors.add('document.issueDate', 'Issue date must be a date as MM/DD/YYYY.', 'InvalidDate');
  }
  let fileSize: number | null = null;
  if (doc.fileSize !== undefined && doc.fileSize.trim() !== '') {
    if (!/^\d{1,15}$/.test(doc.fileSize.trim())) {
      errors.add('document.fileSize', 'File size must be a whole number of bytes.', 'InvalidValue');
    } else fileSize = Number(doc.fileSize.trim());
  }
  if (doc.estimatedFileSize !== undefined && doc.estimatedFileSize < 0) {
    errors.add('document.estimatedFileSize', 'Estimated file size must not be negative.', 'OutOfRange');
  }
  errors.throwIfAny();

  const status = lookupCode(ctx.db, 'document_statuses', doc.status, folder.project_id);
  const discipline = lookupCode(ctx.db, 'document_disciplines', doc.discipline);
  const type = lookupCode(ctx.db, 'document_types', doc.documentType);
  const filePath = `${folderPath(ctx, folder.id)}/${fileName}`;
  const dot = fileName.lastIndexOf('.');
  const now = ctx.now.getTime();
  const size = doc.estimatedFileSize ?? fileSize;
  const result = stmt(
    ctx.db,
    `INSERT INTO documents (folder_id, number, discipline, discipline_text, type, type_text, status, status_text,
       issue, issue_ms, estimated_file_size, uploaded_file_name, uploaded_file_size, all_files_size, file_type,
       file_path, notes, ext_drive_id, ext_drive_parent_id, ext_drive_org_id, download_url, viewer_url,
       folder_icon, is_folder, created_by, created_ms, updated_by, updated_ms)
     VALUES (@folder, @number, @discipline, @disciplineText, @type, @typeText, @status, @statusText,
       @issue, @issueMs, @size, @fileName, @fileSize, @fileSize, @fileType,
       @filePath, @notes, @extId, @extParent, @org, @download, @viewer,
       @icon, @isFolder, @user, @now, @user, @now)`,
  ).run({
    folder: folder.id,
    number: dot > 0 ? fileName.slice(0, dot) : fileName,
    discipline: discipline.code,
    disciplineText: discipline.text,
    type: type.code,
    typeText: type.text,
    status: status.code,
    statusText: status.text,
    issue: doc.issue || null,
    issueMs: textDateMs(issueDate) ?? null,
    size,
    fileName,
    fileSize,
    fileType: doc.fileType || (dot > 0 ? fileName.slice(dot + 1).toLowerCase() : null),
    filePath,
    notes: doc.notes || null,
    extId: doc.extDriveId || null,
    extParent: doc.extDriveParentId || null,
    org: doc.folderProjectOrgId ?? null,
    download: doc.downloadUrl || null,
    viewer: doc.viewerUrl || null,
    icon: doc.folderIcon ?? null,
    isFolder: doc.isFolder ? 1 : 0,
    user: ctx.user.id,
    now,
  });
  return {
    fileId: Number(result.lastInsertRowid),
    folderId: folder.id,
    filePath,
    numberOfRecordsEffected: 1,
  };
};

export const listDocumentStatusRead: Handler<'ListDocumentStatusReadRequest'> = (req, ctx) => {
  const projectId = req.projectId || null;
  if (projectId !== null && !stmt(ctx.db, 'SELECT 1 FROM projects WHERE id = ?').get(projectId)) {
    throw ServiceError.notFound(`Project ${projectId} was not found.`);
  }
  const rows = stmt(
    ctx.db,
    `SELECT id, name, advanced_name AS advancedName FROM document_statuses
     WHERE project_id IS NULL OR project_id = @project ORDER BY sorting, id`,
  ).all({ project: projectId }) as { id: number; name: string; advancedName: string | null }[];
  return {
    items: rows.map((r) =>
      r.advancedName === null ? { id: r.id, name: r.name } : { ...r, advancedName: r.advancedName },
    ),
  };
};
