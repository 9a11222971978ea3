// Punch list: bulk create in one transaction, numbered per project, idempotent per (folder, TempItemId).
import { limits, PUNCH_LIST_MAX_ENTRIES, PUNCH_LIST_MAX_ROWS } from '../../src/contract/limits';
import type { Database } from 'better-sqlite3';
import {
  architectStatuses,
  folderTypes,
  ownerStatuses,
  punchListStatuses,
  subcontractorStatuses,
} from '../../src/contract/codes';
import { ServiceError, type Handler } from '../handler';
import { stmt } from './common';
import { assertCanModify, findFolder, type FolderRow } from './folder-rows';
import { diff, FieldErrors, parse, type ColumnSpec, type Parse, type SqlValue } from './updates';

const stringList: Parse = (v, path, errors, name) => {
  const list = v as string[];
  if (list.length > PUNCH_LIST_MAX_ENTRIES) {
    return errors.add(path, `${name} must have at most ${PUNCH_LIST_MAX_ENTRIES} entries.`, 'TooMany');
  }
  return list.length ? JSON.stringify(list) : null;
};

const documentOf =
  (db: Database, projectId: number): Parse =>
  (v, path, errors) => {
    if (v === 0) return null;
    const ok = stmt(
      db,
      'SELECT 1 FROM documents d JOIN folders f ON f.id = d.folder_id WHERE d.id = ? AND f.project_id = ?',
    );
    if (ok.get(v, projectId)) return v as number;
    return errors.add(path, `Document ${String(v)} was not found in this project.`, 'NotFound');
  };

const punchSpecs = (db: Database, projectId: number): Record<string, ColumnSpec> => ({
  tempItemId: { col: 'temp_item_id', parse: parse.text(limits.PunchList.tempItemId) },
  summary: { col: 'summary', parse: parse.title(limits.PunchList.summary) },
  description: { col: 'description', parse: parse.text(limits.PunchList.description) },
  locationSite: { col: 'location_site', parse: parse.text(limits.PunchList.locationSite) },
  locationBuilding: { col: 'location_building', parse: parse.text(limits.PunchList.locationBuilding) },
  locationFloor: { col: 'location_floor', parse: parse.text(limits.PunchList.locationFloor) },
  locationRoom: { col: 'location_room', parse: parse.text(limits.PunchList.locationRoom) },
  dueDate: { col: 'due_date', parse: parse.textDate() },
  status: { col: 'status', parse: parse.code(punchListStatuses) },
  completedDate: { col: 'completed_date', parse: parse.textDate() },
  costImpact: { col: 'cost_impact', parse: parse.bool() },
  cost: { col: 'cost', parse: parse.text(limits.PunchList.cost) },
  ownerStatus: { col: 'owner_status', parse: parse.code(ownerStatuses) },
  documentId: { col: 'document_id', parse: documentOf(db, projectId) },
  notifyingParty: { col: 'notifying_party', parse: parse.text(limits.PunchList.notifyingParty) },
  issueDate: { col: 'issue_date', parse: parse.textDate() },
  subcontractorListStatus: { col: 'subcontractor_status', parse: parse.code(subcontractorStatuses) },
  architectListStatus: { col: 'architect_status', parse: parse.code(architectStatuses) },
  costEventId: { col: 'cost_event_id', parse: parse.int() },
  costEventNumber: { col: 'cost_event_number', parse: parse.text(limits.PunchList.costEventNumber) },
  costEventAmount: { col: 'cost_event_amount', parse: parse.text(limits.PunchList.costEventAmount) },
  costEventStatus: { col: 'cost_event_status', parse: parse.text(limits.PunchList.costEventStatus) },
  responsiblePartyList: { col: 'responsible_parties', parse: stringList },
  ccUserList: { col: 'cc_users', parse: stringList },
  reference: { col: 'reference', parse: parse.text(limits.PunchList.reference) },
  drawing: { col: 'drawing', parse: parse.text(limits.PunchList.drawing) },
  drawingDetail: { col: 'drawing_detail', parse: parse.text(limits.PunchList.drawingDetail) },
  discussionReplies: { col: 'discussion_replies', parse: parse.text(limits.PunchList.discussionReplies) },
});

const COLUMNS = Object.values(punchSpecs(null as unknown as Database, 0)).map((s) => s.col);
const INSERT = `INSERT INTO punch_list (folder_id, project_id, number, created_by, created_ms, ${COLUMNS.join(', ')})
  VALUES (@folder_id, @project_id, @number, @created_by, @created_ms, ${COLUMNS.map((c) => `@${c}`).join(', ')})`;

export const punchListCreateMany: Handler<'PunchListCreateManyRequest'> = (req, ctx) => {
  const list = req.punchlistList;
  if (list === undefined)
    throw ServiceError.field('punchlistList', "'punchlistList' is required.", 'Required');
  if (list.length > PUNCH_LIST_MAX_ROWS) {
    throw ServiceError.field(
      'punchlistList',
      `At most ${PUNCH_LIST_MAX_ROWS} punch-list items per request (got ${list.length}).`,
      'TooMany',
    );
  }
  const errors = new FieldErrors();
  const folders = new Map<number, FolderRow | undefined>();
  const rows: { folder: FolderRow; values: Record<string, SqlValue> }[] = [];
  list.forEach((item = {}, i) => {
    const p = `punchlistList[${i}]`;
    const folderId = item.folderId || item.folderParentId;
    let folder: FolderRow | undefined;
    if (!folderId) errors.add(`${p}.folderId`, "'folderId' is required.", 'Required');
    else {
      if (!folders.has(folderId)) folders.set(folderId, findFolder(ctx, folderId));
      folder = folders.get(folderId);
      if (!folder) errors.add(`${p}.folderId`, `Folder ${folderId} was not found.`, 'NotFound');
      else if (folder.folder_type !== folderTypes.punchList.code) {
        errors.add(`${p}.folderId`, `Folder ${folderId} is not a punch list.`, 'InvalidFolderType');
        folder = undefined;
      } else if (item.projectId && item.projectId !== folder.project_id) {
        errors.add(`${p}.projectId`, `Project ${item.projectId} is not the project of folder ${folderId}.`);
      }
    }
    if (item.summary === undefined) errors.add(`${p}.summary`, 'Summary must not be empty.', 'Required');
    const values = diff(item, {}, punchSpecs(ctx.db, folder?.project_id ?? 0), p, errors);
    if (folder) rows.push({ folder, values });
  });
  // An unknown folder is an unknown id (404), still naming the rows; any other bad field is a 400.
  const unknown = errors.list.filter((e) => e.errorCode === 'NotFound' && e.fieldName.endsWith('].folderId'));
  if (unknown.length) {
    throw new ServiceError(404, 'NotFound', unknown.map((e) => e.message).join(' '), unknown);
  }
  errors.throwIfAny();
  for (const folder of new Set(rows.map((r) => r.folder))) assertCanModify(ctx, folder);

  const insert = stmt(ctx.db, INSERT);
  const existing = stmt(ctx.db, 'SELECT id, number FROM punch_list WHERE folder_id = ? AND temp_item_id = ?');
  const next = stmt(ctx.db, 'SELECT coalesce(max(number), 0) + 1 AS n FROM punch_list WHERE project_id = ?');
  let created = 0;
  const returnedIdList = ctx.db
    .transaction(() =>
      rows.map(({ folder, values }) => {
        const tempItemId = (values.temp_item_id as string | null) ?? '';
        let row = tempItemId
          ? (existing.get(folder.id, tempItemId) as { id: number; number: number } | undefined)
          : undefined;
        if (!row) {
          const number = (next.get(folder.project_id) as { n: number }).n;
          const params = Object.fromEntries(COLUMNS.map((c) => [c, values[c] ?? null]));
          const result = insert.run({
            ...params,
            status: values.status ?? punchListStatuses[0].code,
            cost_impact: values.cost_impact ?? 0,
            folder_id: folder.id,
            project_id: folder.project_id,
            number,
            created_by: ctx.user.id,
            created_ms: ctx.now.getTime(),
          });
          row = { id: Number(result.lastInsertRowid), number };
          created++;
        }
        return { TempItemId: tempItemId, PunchListId: String(row.id), PunchListNumber: String(row.number) };
      }),
    )
    .immediate();
  return { returnedIdList, numberOfRecordsEffected: created };
};
