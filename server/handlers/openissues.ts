// Open issues (RFIs): read with referenced documents, update the fields sent, read the recipients.
import { limits } from '../../src/contract/limits';
import type { Database } from 'better-sqlite3';
import { rfiStatuses } from '../../src/contract/codes';
import type { OpenIssue, ProjectMember } from '../../src/contract/dtos';
import { ServiceError, type Handler, type HandlerContext } from '../handler';
import { bool, clean, codeName, isProjectMember, requireId, requireObject, stmt } from './common';
import { assertCanModify, folderBase, loadFolder, touchFolder, type FolderRow } from './folder-rows';
import { checkReadOnly, diff, FieldErrors, parse, updateRow, type ColumnSpec } from './updates';
import { referencedDocuments } from './documents';

interface IssueRow {
  id: number;
  folder_id: number;
  project_id: number;
  number: string;
  subject: string;
  question: string | null;
  location_site: string | null;
  location_building: string | null;
  location_floor: string | null;
  location_room: string | null;
  created_date: string | null;
  due_date: string | null;
  closed_date: string | null;
  status_id: number | null;
  issue_from: number | null;
  issue_to: number | null;
  cost_impact: number;
  change_order_id: number | null;
  change_order_number: string | null;
  change_order_amount: number | null;
  change_order_status: string | null;
  org_link_item_id: number | null;
  reference: string | null;
  drawing: string | null;
  drawing_detail: string | null;
  document_file_id: string | null;
  discussion_replies: string | null;
  from_name: string | null;
  to_name: string | null;
}

const ISSUE_SELECT = `SELECT o.*, uf.first_name || ' ' || uf.last_name AS from_name,
  ut.first_name || ' ' || ut.last_name AS to_name
  FROM open_issues o
  LEFT JOIN users uf ON uf.id = o.issue_from
  LEFT JOIN users ut ON ut.id = o.issue_to
  WHERE o.folder_id = ?`;

function ccList(db: Database, issueId: number): { user_id: number; name: string }[] {
  return stmt(
    db,
    `SELECT c.user_id, u.first_name || ' ' || u.last_name AS name FROM open_issue_cc c
     JOIN users u ON u.id = c.user_id WHERE c.open_issue_id = ? ORDER BY c.position`,
  ).all(issueId) as { user_id: number; name: string }[];
}

function loadIssue(ctx: HandlerContext, folderId: number): { folder: FolderRow; issue: IssueRow } {
  const folder = loadFolder(ctx, folderId, ['rfi'], 'RFI');
  const issue = stmt(ctx.db, ISSUE_SELECT).get(folder.id) as IssueRow | undefined;
  if (!issue) throw ServiceError.notFound(`RFI ${folderId} was not found.`);
  return { folder, issue };
}

function toOpenIssue(ctx: HandlerContext, folder: FolderRow, o: IssueRow): OpenIssue {
  const cc = ccList(ctx.db, o.id);
  return clean<OpenIssue>({
    folderId: o.folder_id,
    folderParentId: folder.parent_id,
    projectId: o.project_id,
    openIssueId: o.id,
    number: o.number,
    subject: o.subject,
    question: o.question,
    locationSite: o.location_site,
    locationBuilding: o.location_building,
    locationFloor: o.location_floor,
    locationRoom: o.location_room,
    createdDate: o.created_date,
    dueDate: o.due_date,
    closedDate: o.closed_date,
    statusId: o.status_id,
    statusName: codeName(rfiStatuses, o.status_id),
    issueFrom: o.issue_from,
    fromName: o.from_name,
    issueTo: o.issue_to,
    toName: o.to_name,
    ccUserList: cc.map((c) => c.user_id),
    ccUserName: cc.length ? cc.map((c) => c.name).join(', ') : null,
    costImpact: bool(o.cost_impact),
    changeOrderId: o.change_order_id,
    changeOrderNumber: o.change_order_number,
    changeOrderAmount: o.change_order_amount,
    changeOrderStatus: o.change_order_status,
    orgLinkItemId: o.org_link_item_id,
    reference: o.reference,
    drawing: o.drawing,
    drawingDetail: o.drawing_detail,
    documentFileId: o.document_file_id,
    discussionReplies: o.discussion_replies,
    ...folderBase(ctx.user, folder),
  });
}

export const openIssueRead: Handler<'OpenIssueReadRequest'> = (req, ctx) => {
  const { folder, issue } = loadIssue(ctx, requireId(req.folderId, 'folderId'));
  return {
    openIssue: toOpenIssue(ctx, folder, issue),
    referencedDocuments: referencedDocuments(ctx.db, issue.id),
  };
};

const issueSpecs = (db: Database, projectId: number): Record<string, ColumnSpec> => ({
  number: { col: 'number', parse: parse.title(limits.OpenIssue.number) },
  subject: { col: 'subject', parse: parse.title(limits.OpenIssue.subject) },
  question: { col: 'question', parse: parse.text(limits.OpenIssue.question) },
  locationSite: { col: 'location_site', parse: parse.text(limits.OpenIssue.locationSite) },
  locationBuilding: { col: 'location_building', parse: parse.text(limits.OpenIssue.locationBuilding) },
  locationFloor: { col: 'location_floor', parse: parse.text(limits.OpenIssue.locationFloor) },
  locationRoom: { col: 'location_room', parse: parse.text(limits.OpenIssue.locationRoom) },
  createdDate: { col: 'created_date', parse: parse.textDate() },
  dueDate: { col: 'due_date', parse: parse.textDate() },
  closedDate: { col: 'closed_date', parse: parse.textDate() },
  statusId: { col: 'status_id', parse: parse.code(rfiStatuses) },
  issueFrom: { col: 'issue_from', parse: parse.member(db, projectId) },
  issueTo: { col: 'issue_to', parse: parse.member(db, projectId) },
  costImpact: { col: 'cost_impact', parse: parse.bool() },
  changeOrderId: { col: 'change_order_id', parse: parse.int() },
  changeOrderNumber: { col: 'change_order_number', parse: parse.text(limits.OpenIssue.changeOrderNumber) },
  changeOrderAmount: { col: 'change_order_amount', parse: parse.decimal() },
  changeOrderStatus: { col: 'change_order_status', parse: parse.text(limits.OpenIssue.changeOrderStatus) },
  orgLinkItemId: { col: 'org_link_item_id', parse: parse.int() },
  reference: { col: 'reference', parse: parse.text(limits.OpenIssue.reference) },
  drawing: { col: 'drawing', parse: parse.text(limits.OpenIssue.drawing) },
  drawingDetail: { col: 'drawing_detail', parse: parse.text(limits.OpenIssue.drawingDetail) },
  documentFileId: { col: 'document_file_id', parse: parse.text(limits.OpenIssue.documentFileId) },
  discussionReplies: { col: 'discussion_replies', parse: parse.text(limits.OpenIssue.discussionReplies) },
});

export const openIssueUpdate: Handler<'OpenIssueUpdateRequest'> = (req, ctx) => {
  const sent = requireObject(req.openIssue, 'openIssue');
  const { folder, issue } = loadIssue(ctx, requireId(sent.folderId, 'openIssue.folderId'));
  assertCanModify(ctx, folder);
  const errors = new FieldErrors();
  const identity = { openIssueId: issue.id, projectId: issue.project_id, folderParentId: folder.parent_id };
  checkReadOnly(sent, identity, 'openIssue', errors);
  const specs = issueSpecs(ctx.db, issue.project_id);
  const changes = diff(sent, issue as unknown as Record<string, unknown>, specs, 'openIssue', errors);
  if (changes.number !== undefined) {
    const taken = stmt(ctx.db, 'SELECT 1 FROM open_issues WHERE project_id = ? AND number = ? AND id <> ?');
    if (taken.get(issue.project_id, changes.number, issue.id)) {
      errors.add(
        'openIssue.number',
        `Number '${changes.number}' is already used in this project.`,
        'Duplicate',
      );
    }
  }
  let cc: number[] | undefined;
  if (sent.ccUserList !== undefined) {
    cc = [...new Set(sent.ccUserList)];
    cc.forEach((id, i) => {
      if (!isProjectMember(ctx.db, issue.project_id, id)) {
        errors.add(
          `openIssue.ccUserList[${i}]`,
          `User ${id} is not a member of this project.`,
          'NotProjectMember',
        );
      }
    });
    const stored = ccList(ctx.db, issue.id).map((c) => c.user_id);
    if (stored.join(',') === cc.join(',')) cc = undefined;
  }
  errors.throwIfAny();
  if (!Object.keys(changes).length && !cc) return { numberOfRecordsEffected: 0 };
  ctx.db
    .transaction(() => {
      updateRow(ctx.db, 'open_issues', issue.id, changes);
      if (cc) {
        stmt(ctx.db, 'DELETE FROM open_issue_cc WHERE open_issue_id = ?').run(issue.id);
        const add = stmt(
          ctx.db,
          'INSERT INTO open_issue_cc (open_issue_id, position, user_id) VALUES (?, ?, ?)',
        );
        cc.forEach((userId, i) => add.run(issue.id, i, userId));
      }
      touchFolder(ctx, folder.id, changes.subject);
    })
    .immediate();
  return { numberOfRecordsEffected: 1 };
};

export function projectMembers(db: Database, projectId: number): ProjectMember[] {
  const rows = stmt(
    db,
    `SELECT u.id AS userId, u.first_name || ' ' || u.last_name AS fullName, u.first_name AS firstName,
       u.last_name AS lastName, u.company, u.email, u.phone, u.cell_phone AS cellPhone, u.role
     FROM project_members m JOIN users u ON u.id = m.user_id
     WHERE m.project_id = ? ORDER BY u.last_name, u.first_name, u.id`,
  ).all(projectId) as ProjectMember[];
  return rows.map((r) => clean<ProjectMember>(r));
}

export const openIssueReadRecipients: Handler<'OpenIssueReadRecipientsRequest'> = (req, ctx) => {
  const { issue } = loadIssue(ctx, requireId(req.folderId, 'folderId'));
  return { recipients: projectMembers(ctx.db, issue.project_id) };
};
