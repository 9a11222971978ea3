// Submittals: update a package (the fields sent) and return it; read the attachments of a submittal item.
import { finalSubmittalStatuses, submittalStatuses, submittalStatusOf } from '../../src/contract/statuses';
import { limits } from '../../src/contract/limits';
import type { Database } from 'better-sqlite3';
import type { AttachmentFile, SubmittalPackage } from '../../src/contract/dtos';
import { ServiceError, type Handler, type HandlerContext } from '../handler';
import { bool, clean, date, requireId, requireObject, stmt } from './common';
import {
  assertCanModify,
  findFolder,
  folderBase,
  loadFolder,
  touchFolder,
  type FolderRow,
} from './folder-rows';
import { checkReadOnly, diff, FieldErrors, parse, updateRow, type ColumnSpec, type Parse } from './updates';

/** Statuses after which nobody holds the ball. */
const finalStatuses = new Set<string>(finalSubmittalStatuses);

interface PackageRow {
  id: number;
  folder_id: number;
  number: string;
  description: string;
  status: string | null;
  reference: string | null;
  revision: string | null;
  subcontractor_id: number | null;
  submitting_contact_id: number | null;
  reviewing_contact_id: number | null;
  project_manager_id: number | null;
  is_pending: number;
  due_date_from_sub: string | null;
  source_number: string | null;
  target_number: string | null;
  original_folder_id: number | null;
  forwarded_folder_id: number | null;
  notes: string | null;
  subcontractor: string | null;
  submitting_name: string | null;
  reviewing_company: string | null;
  reviewing_name: string | null;
  pm_name: string | null;
  total: number;
  open: number;
}

const PACKAGE_SELECT = `SELECT s.*, sub.company AS subcontractor,
  sc.first_name || ' ' || sc.last_name AS submitting_name,
  rc.company AS reviewing_company, rc.first_name || ' ' || rc.last_name AS reviewing_name,
  pm.first_name || ' ' || pm.last_name AS pm_name,
  (SELECT count(*) FROM submittal_items i WHERE i.package_id = s.id) AS total,
  (SELECT count(*) FROM submittal_items i WHERE i.package_id = s.id AND i.is_closed = 0) AS open
  FROM submittal_packages s
  LEFT JOIN users sub ON sub.id = s.subcontractor_id
  LEFT JOIN users sc ON sc.id = s.submitting_contact_id
  LEFT JOIN users rc ON rc.id = s.reviewing_contact_id
  LEFT JOIN users pm ON pm.id = s.project_manager_id
  WHERE s.folder_id = ?`;

function loadPackage(db: Database, folderId: number): PackageRow | undefined {
  return stmt(db, PACKAGE_SELECT).get(folderId) as PackageRow | undefined;
}

function toSubmittal(ctx: HandlerContext, folder: FolderRow, s: PackageRow): SubmittalPackage {
  const ballInCourt =
    s.status && finalStatuses.has(s.status) ? null : s.is_pending ? s.reviewing_name : s.submitting_name;
  return clean<SubmittalPackage>({
    folderId: s.folder_id,
    folderParentId: folder.parent_id,
    submittalPackageId: s.id,
    number: s.number,
    description: s.description,
    status: s.status,
    reference: s.reference,
    revision: s.revision,
    subcontractorId: s.subcontractor_id,
    subcontractor: s.subcontractor,
    submittingCompanyContactId: s.submitting_contact_id,
    submittingCompanyContact: s.submitting_name,
    reviewingCompanyContactId: s.reviewing_contact_id,
    reviewingCompany: s.reviewing_company,
    reviewingCompanyContact: s.reviewing_name,
    projectManagerId: s.project_manager_id,
    projectManager: s.pm_name,
    isPending: bool(s.is_pending),
    dueDateFromSub: s.due_date_from_sub,
    sourceNumber: s.source_number,
    targetNumber: s.target_number,
    originalFolderId: s.original_folder_id,
    forwardedFolderId: s.forwarded_folder_id,
    notes: s.notes,
    countTotalItems: s.total,
    countOpenItems: s.open,
    countClosedItems: s.total - s.open,
    ballInCourtContact: ballInCourt,
    ...folderBase(ctx.user, folder),
  });
}

const status: Parse = (v, path, errors) => {
  const match = submittalStatusOf(String(v));
  if (match) return match;
  return errors.add(path, `Status must be one of ${submittalStatuses.join(', ')}.`, 'InvalidValue');
};

const folderRef =
  (ctx: HandlerContext, projectId: number): Parse =>
  (v, path, errors, name) => {
    if (v === 0) return null;
    if (findFolder(ctx, v as number)?.project_id === projectId) return v as number;
    return errors.add(
      path,
      `${name === 'originalFolderId' ? 'Original' : 'Forwarded'} folder ${String(v)} was not found in this project.`,
      'NotFound',
    );
  };

const packageSpecs = (ctx: HandlerContext, projectId: number): Record<string, ColumnSpec> => ({
  number: { col: 'number', parse: parse.title(limits.SubmittalPackage.number) },
  description: { col: 'description', parse: parse.title(limits.SubmittalPackage.description) },
  status: { col: 'status', parse: status },
  reference: { col: 'reference', parse: parse.text(limits.SubmittalPackage.reference) },
  revision: { col: 'revision', parse: parse.text(limits.SubmittalPackage.revision) },
  subcontractorId: { col: 'subcontractor_id', parse: parse.member(ctx.db, projectId) },
  submittingCompanyContactId: { col: 'submitting_contact_id', parse: parse.member(ctx.db, projectId) },
  reviewingCompanyContactId: { col: 'reviewing_contact_id', parse: parse.member(ctx.db, projectId) },
  projectManagerId: { col: 'project_manager_id', parse: parse.member(ctx.db, projectId) },
  isPending: { col: 'is_pending', parse: parse.bool() },
  dueDateFromSub: { col: 'due_date_from_sub', parse: parse.textDate() },
  sourceNumber: { col: 'source_number', parse: parse.text(limits.SubmittalPackage.sourceNumber) },
  targetNumber: { col: 'target_number', parse: parse.text(limits.SubmittalPackage.targetNumber) },
  originalFolderId: { col: 'original_folder_id', parse: folderRef(ctx, projectId) },
  forwardedFolderId: { col: 'forwarded_folder_id', parse: folderRef(ctx, projectId) },
  notes: { col: 'notes', parse: parse.text(limits.SubmittalPackage.notes) },
});

export const submittalUpdate: Handler<'SubmittalUpdateRequest'> = (req, ctx) => {
  const sent = requireObject(req.submittal, 'submittal');
  let folderId = sent.folderId;
  if (!folderId && sent.submittalPackageId) {
    const byId = stmt(ctx.db, 'SELECT folder_id FROM submittal_packages WHERE id = ?').get(
      sent.submittalPackageId,
    );
    if (!byId) throw ServiceError.notFound(`Submittal package ${sent.submittalPackageId} was not found.`);
    folderId = (byId as { folder_id: number }).folder_id;
  }
  const folder = loadFolder(
    ctx,
    requireId(folderId, 'submittal.folderId'),
    ['submittalPackage'],
    'Submittal package',
  );
  const pkg = loadPackage(ctx.db, folder.id);
  if (!pkg) throw ServiceError.notFound(`Submittal package ${folder.id} was not found.`);
  assertCanModify(ctx, folder);
  const errors = new FieldErrors();
  checkReadOnly(sent, { submittalPackageId: pkg.id, folderParentId: folder.parent_id }, 'submittal', errors);
  const changes = diff(
    sent,
    pkg as unknown as Record<string, unknown>,
    packageSpecs(ctx, folder.project_id),
    'submittal',
    errors,
  );
  errors.throwIfAny();
  let changed = 0;
  if (Object.keys(changes).length) {
    changed = ctx.db
      .transaction(() => {
        const n = updateRow(ctx.db, 'submittal_packages', pkg.id, changes);
        touchFolder(ctx, folder.id, changes.description);
        return n;
      })
      .immediate();
  }
  const after = loadFolder(ctx, folder.id);
  return {
    submittal: toSubmittal(ctx, after, loadPackage(ctx.db, folder.id)!),
    numberOfRecordsEffected: changed,
  };
};

export const submittalItemReadAttachments: Handler<'SubmittalItemReadAttachmentsRequest'> = (req, ctx) => {
  const folder = loadFolder(ctx, requireId(req.folderId, 'folderId'), ['submittalItem'], 'Submittal item');
  const rows = stmt(
    ctx.db,
    `SELECT a.*, ub.first_name || ' ' || ub.last_name AS uploaded_name,
       mb.first_name || ' ' || mb.last_name AS modified_name
     FROM attachment_files a
     LEFT JOIN users ub ON ub.id = a.uploaded_by
     LEFT JOIN users mb ON mb.id = a.modified_by
     WHERE a.item_folder_id = ? ORDER BY a.uploaded_ms, a.id`,
  ).all(folder.id) as {
    id: number;
    uploaded_file_id: number | null;
    path: string | null;
    name: string;
    type: string | null;
    size: number | null;
    description: string | null;
    uploaded_ms: number | null;
    uploaded_name: string | null;
    modified_ms: number | null;
    modified_name: string | null;
  }[];
  const attachmentList = rows.map((a) =>
    clean<AttachmentFile>({
      attachmentFileId: a.id,
      uploadedFileId: a.uploaded_file_id,
      uploadedFilePath: a.path,
      uploadedFileName: a.name,
      uploadedFileType: a.type,
      uploadedFileSize: a.size,
      attachmentFileDescription: a.description,
      uploadedDate: date(a.uploaded_ms),
      uploadedBy: a.uploaded_name,
      modifiedDate: date(a.modified_ms),
      modifiedBy: a.modified_name,
    }),
  );
  return { attachmentList };
};
