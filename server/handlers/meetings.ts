// Meetings: read a meeting; read its minutes in item-number order.
import type { Meeting, MeetingMinute } from '../../src/contract/dtos';
import { ServiceError, type Handler } from '../handler';
import { bool, clean, jsonList, requireId, stmt } from './common';
import { childFolderRows, folderBase, loadFolder, type FolderRow } from './folder-rows';

export const meetingRead: Handler<'MeetingReadRequest'> = (req, ctx) => {
  const folder = loadFolder(ctx, requireId(req.folderId, 'folderId'), ['meeting'], 'Meeting');
  const m = stmt(ctx.db, 'SELECT * FROM meetings WHERE folder_id = ?').get(folder.id) as
    Record<string, string | number | null> | undefined;
  if (!m) throw ServiceError.notFound(`Meeting ${folder.id} was not found.`);
  const s = (col: string) => m[col] as string | null;
  const meeting = clean<Meeting>({
    folderId: folder.id,
    folderParentId: folder.parent_id,
    meetingId: m.id as number,
    subject: s('subject'),
    meetingNumber: s('meeting_number'),
    meetingDate: s('meeting_date'),
    startTime: s('start_time'),
    endTime: s('end_time'),
    meetingLocation: s('location'),
    meetingType: s('meeting_type'),
    isConfidential: bool(m.is_confidential as number),
    notesBeforeMinutes: s('notes_before'),
    notesAfterMinutes: s('notes_after'),
    attendeeList: jsonList(s('attendees')),
    ...folderBase(ctx.user, folder),
  });
  return { meeting };
};

/** `1.02` < `1.10` < `2.01` < `10.01`: compares the dotted parts as numbers. */
export function compareItemNumbers(a = '', b = ''): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (Number(pa[i] ?? -1) || 0) - (Number(pb[i] ?? -1) || 0);
    if (d) return d;
    const t = (pa[i] ?? '').localeCompare(pb[i] ?? '');
    if (t) return t;
  }
  return 0;
}

interface MinuteRow {
  id: number;
  folder_id: number;
  summary: string;
  item_number: string | null;
  minute_type: string | null;
  minute_category: string | null;
  date_originated: string | null;
  date_due: string | null;
  date_resolved: string | null;
  is_complete: number;
  is_hidden: number;
  details: string | null;
  linked_issue_folder_id: number | null;
  responsible_parties: string | null;
}

/** The minutes of a meeting (hidden ones too, flagged), ordered by item number. */
export const meetingMinutesReadByMeeting: Handler<'MeetingMinutesReadByMeetingRequest'> = (req, ctx) => {
  const folder = loadFolder(ctx, requireId(req.folderId, 'folderId'), ['meeting'], 'Meeting');
  const folders = new Map<number, FolderRow>(childFolderRows(ctx, folder.id).map((f) => [f.id, f]));
  const rows = stmt(
    ctx.db,
    'SELECT n.* FROM meeting_minutes n JOIN meetings m ON m.id = n.meeting_id WHERE m.folder_id = ?',
  ).all(folder.id) as MinuteRow[];
  rows.sort((a, b) => compareItemNumbers(a.item_number ?? '', b.item_number ?? '') || a.id - b.id);
  const meetingMinuteList = rows.map((n) => {
    const f = folders.get(n.folder_id);
    return clean<MeetingMinute>({
      folderId: n.folder_id,
      folderParentId: f?.parent_id ?? folder.id,
      meetingMinuteId: n.id,
      summary: n.summary,
      itemNumber: n.item_number,
      minuteType: n.minute_type,
      minuteCategory: n.minute_category,
      dateOriginated: n.date_originated,
      dateDue: n.date_due,
      dateResolved: n.date_resolved,
      isComplete: bool(n.is_complete),
      isHidden: bool(n.is_hidden),
      details: n.details,
      linkedIssueFolderID: n.linked_issue_folder_id,
      responsiblePartiesList: jsonList(n.responsible_parties),
      ...(f ? folderBase(ctx.user, f) : { userCanModify: ctx.user.isAdmin, userCanDelete: ctx.user.isAdmin }),
    });
  });
  return { meetingMinuteList };
};
