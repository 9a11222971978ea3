// Records with their optional parts missing, so the screens' empty states have something to show.
import type { Database } from 'better-sqlite3';
import { folderTypes, type FolderKind } from '../../../src/contract/codes';
import { formatTextTime } from '../text-dates';
import { DAY, daysSince, text, type Insert } from './base';
import { GC, userId } from './people';

/**
 * Two records with optional parts missing, appended after everything else (no existing id moves, no PRNG draw):
 * in project 3, a Saturday daily report (the last Saturday before today) with no weather, deliveries, issues or
 * visitors, and the next meeting (the Wednesday after the last one held: on or after today), whose minutes are
 * not taken yet. `today` is the seed's "today" (12:00 UTC).
 */
export function seedEmptyStates(db: Database, insert: Insert, today: number) {
  const setRef = db.prepare('UPDATE folders SET reference_id = ? WHERE id = ?');
  const base = 2 * 10_000;
  const container = (offset: number) => base + offset;
  const saturday = today - daysSince(today, 6) * DAY; // 10/31/2026 when pinned
  const superintendent = userId('rjohnson');
  const report = (id: number, parent: number, kind: FolderKind, name: string, at: number, sorting: number) =>
    insert('folders', {
      id,
      parent_id: parent,
      project_id: 3,
      folder_type: folderTypes[kind].code,
      name,
      description: null,
      sorting,
      access_by_list: 0,
      created_by: superintendent,
      created_ms: at,
      updated_by: superintendent,
      updated_ms: at,
    });
  const fid = report(
    base + 2031,
    container(7),
    'dailyReport',
    `Daily Report ${text(saturday)}`,
    saturday,
    31,
  );
  const reportId = insert('daily_reports', {
    folder_id: fid,
    report_period: 'Saturday clean-up (7:00 AM - 11:00 AM)',
    dated_ms: saturday,
    author: superintendent,
  });
  setRef.run(reportId, fid);
  insert('daily_report_activities', {
    daily_report_id: reportId,
    contact: superintendent,
    location: 'Site, perimeter',
    people_foreman: 1,
    hours_foreman: 4,
    people_tradesman: 0,
    hours_tradesman: 0,
    people_laborers: 3,
    hours_laborers: 12,
    people_apprentice: 0,
    hours_apprentice: 0,
    is_union: 0,
    is_2tier: 0,
    primary_subc: GC,
    csi: 17400,
    csi_name: 'Cleaning and Waste Management',
    description: 'Site clean-up and erosion control check after the week.',
  });
  const wednesday = today - daysSince(today, 3) * DAY + 7 * DAY; // 11/04/2026 when pinned
  const mfid = report(base + 4000, container(8), 'meeting', 'OAC Meeting #11', today, 11);
  const meeting = insert('meetings', {
    folder_id: mfid,
    subject: 'OAC Meeting #11',
    meeting_number: '011',
    meeting_date: text(wednesday),
    start_time: formatTextTime(10 * 60),
    end_time: formatTextTime(11 * 60 + 30),
    location: 'Site Trailer Conference Room',
    meeting_type: 'OAC Meeting',
    is_confidential: 0,
    notes_before: 'Agenda to follow.',
  });
  setRef.run(meeting, mfid);
}
