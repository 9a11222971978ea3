import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config';
import { rfiStatuses } from '../../src/contract/codes';
import type { Folder, FolderDocument, Meeting, MeetingMinute, OpenIssue } from '../../src/contract/dtos';
import {
  chooseProject,
  isMinuteOverdue,
  isoDay,
  lastMeeting,
  matchProjects,
  meetingLabel,
  meetingsToRead,
  nextMeeting,
  timeOfDay,
  openStatusCode,
  overdueByMeeting,
  recentDocuments,
  rfiDaysOverdue,
  rfiState,
  rfisToRead,
  submittalPackages,
  summarizeDailyReports,
  summarizeRfis,
  workContainers,
} from '../../src/features/projects/model';
import { textDateDay, todayDay } from '../../src/ui/textDate';

const config = defaultConfig();
const today = textDateDay({ year: 2026, month: 11, day: 24 });

const folder = (folderId: number, folderType: number | undefined, extra: Partial<Folder> = {}): Folder => ({
  folderId,
  folderType,
  ...extra,
});

describe('work containers', () => {
  it('takes the first container of each kind and every documents and drawings container', () => {
    const containers = [
      folder(2, 2, { folderName: 'Documents' }),
      folder(3, 3, { folderName: 'Drawings' }),
      folder(4, 4),
      folder(40, 4),
      folder(5, 6),
      folder(6, 7),
      folder(7, 10),
      folder(8, 12),
      folder(9, 2, { folderName: 'More documents' }),
      { folderType: 4 },
    ];
    const work = workContainers(containers, config);
    expect(work.rfis?.folderId).toBe(4);
    expect(work.dailyReports?.folderId).toBe(7);
    expect(work.meetings?.folderId).toBe(8);
    expect(work.submittals?.folderId).toBe(6);
    expect(work.documents.map((f) => f.folderId)).toEqual([2, 9, 3]);
  });

  it('leaves a kind out when the project has no such container', () => {
    expect(workContainers([folder(5, 6)], config)).toEqual({ documents: [] });
  });
});

describe('RFIs', () => {
  const open: OpenIssue = { statusId: 2, statusName: 'Open', dueDate: '11/20/2026', toName: 'Ann Arch' };

  it('reads the state from the status name, else the configured list', () => {
    expect(rfiState({ statusName: 'Draft' }, rfiStatuses)).toBe('draft');
    expect(rfiState({ statusName: 'Open' }, rfiStatuses)).toBe('open');
    expect(rfiState({ statusName: 'Answered' }, rfiStatuses)).toBe('answered');
    expect(rfiState({ statusName: 'Responded' }, rfiStatuses)).toBe('answered');
    expect(rfiState({ statusName: 'Closed' }, rfiStatuses)).toBe('closed');
    expect(rfiState({ statusName: 'Void' }, rfiStatuses)).toBe('closed');
    expect(rfiState({ statusId: 3 }, rfiStatuses)).toBe('answered');
    expect(rfiState({ statusId: 1 }, rfiStatuses)).toBe('draft');
    expect(rfiState({ statusName: 'Open', closedDate: '10/01/2026' }, rfiStatuses)).toBe('closed');
    // A status the list does not know is still waiting for someone: open.
    expect(rfiState({ statusId: 9 }, rfiStatuses)).toBe('open');
    expect(rfiState({}, rfiStatuses)).toBe('open');
  });

  it('is overdue only while open and due before today', () => {
    expect(rfiDaysOverdue(open, rfiStatuses, today)).toBe(4);
    expect(rfiDaysOverdue({ ...open, dueDate: '11/24/2026' }, rfiStatuses, today)).toBe(0); // due today
    expect(rfiDaysOverdue({ ...open, dueDate: '2026-11-23' }, rfiStatuses, today)).toBe(1);
    expect(rfiDaysOverdue({ ...open, statusName: 'Draft' }, rfiStatuses, today)).toBe(0);
    expect(rfiDaysOverdue({ ...open, statusName: 'Answered' }, rfiStatuses, today)).toBe(0);
    expect(rfiDaysOverdue({ ...open, statusName: 'Closed' }, rfiStatuses, today)).toBe(0);
    expect(rfiDaysOverdue({ ...open, dueDate: 'soon' }, rfiStatuses, today)).toBe(0);
    expect(rfiDaysOverdue({ ...open, dueDate: undefined }, rfiStatuses, today)).toBe(0);
  });

  it('counts open and overdue RFIs, most overdue first, with whose court they are in', () => {
    const summary = summarizeRfis(
      [
        { folderId: 101, issue: { ...open, number: 'RFI-001', dueDate: '11/01/2026' } },
        { folderId: 102, issue: { ...open, number: 'RFI-002', dueDate: '12/01/2026' } },
        { folderId: 103, issue: { ...open, number: 'RFI-010', dueDate: '11/10/2026', toName: 'Eve Eng' } },
        { folderId: 104, issue: { ...open, number: 'RFI-003', dueDate: '11/10/2026' } },
        { folderId: 105, issue: { ...open, number: 'RFI-004', statusName: 'Draft', dueDate: '01/01/2026' } },
        { folderId: 106, issue: { ...open, number: 'RFI-005', statusName: 'Answered' } },
        { folderId: 107, issue: { statusName: 'Closed', closedDate: '10/01/2026', dueDate: '09/01/2026' } },
        { folderId: 108, issue: { statusName: 'Open', number: 'RFI-008', dueDate: '11/01/2026' } },
      ],
      rfiStatuses,
      today,
    );
    expect(summary.read).toBe(8);
    expect(summary.open).toBe(5);
    expect(summary.overdue.map((r) => [r.number, r.daysOverdue, r.court])).toEqual([
      ['RFI-001', 23, 'Ann Arch'],
      ['RFI-008', 23, undefined],
      ['RFI-003', 14, 'Ann Arch'],
      ['RFI-010', 14, 'Eve Eng'],
    ]);
  });

  it('reads every RFI folder, or the newest MAX when there are more', () => {
    const children = [folder(1, 5), folder(2, undefined), folder(3, 99), folder(4, 15), { folderType: 5 }];
    expect(rfisToRead(children, config).folders.map((f) => f.folderId)).toEqual([1, 2, 3]);
    const many = Array.from({ length: 5 }, (_, i) => folder(i + 1, 5, { folderSorting: i + 1 }));
    const capped = rfisToRead(many, config, 2);
    expect(capped.total).toBe(5);
    expect(capped.folders.map((f) => f.folderId)).toEqual([5, 4]);
  });

  it('finds the code of the status named Open for the list filter', () => {
    expect(openStatusCode(rfiStatuses)).toBe(2);
    expect(openStatusCode([{ code: 7, name: 'Closed' }])).toBeUndefined();
  });
});

describe('daily reports', () => {
  const report = (folderId: number, name: string, extra: Partial<Folder> = {}) =>
    folder(folderId, 11, { folderName: name, folderReferenceId: folderId * 10, ...extra });

  it('finds the latest report by its day and whether today has one', () => {
    const children = [
      report(1, 'Daily Report 10/29/2026'),
      report(2, 'Daily Report 10/30/2026'),
      report(3, 'Daily Report 10/28/2026'),
      report(4, 'No reference 11/30/2026', { folderReferenceId: 0 }),
      folder(5, 15, { folderName: 'Photos 12/01/2026' }),
    ];
    const summary = summarizeDailyReports(children, config, '2026-11-24');
    expect(summary).toEqual({
      count: 3,
      latest: { folderId: 2, day: '2026-10-30', needsFolderId: false },
      today: false,
    });
    expect(summarizeDailyReports(children, config, '2026-10-29').today).toBe(true);
  });

  it('addresses a second report of the same day by its folder id', () => {
    const children = [report(1, 'Daily Report 10/30/2026'), report(2, 'Daily Report 2026-10-30 (night)')];
    expect(summarizeDailyReports(children, config, '2026-11-24').latest).toEqual({
      folderId: 2,
      day: '2026-10-30',
      needsFolderId: true,
    });
  });

  it('has no latest report when there is none', () => {
    expect(summarizeDailyReports([], config, '2026-11-24')).toEqual({ count: 0, today: false });
  });

  it('writes day numbers as YYYY-MM-DD', () => {
    expect(isoDay(today)).toBe('2026-11-24');
    expect(isoDay(todayDay(new Date(2026, 0, 5, 23, 30)))).toBe('2026-01-05');
  });
});

describe('meetings', () => {
  const meeting = (folderId: number, meetingDate: string, extra: Partial<Meeting> = {}): Meeting => ({
    folderId,
    meetingDate,
    ...extra,
  });
  const meetings = [
    meeting(1, '11/04/2026', { startTime: '10:00 AM' }),
    meeting(2, '11/25/2026'),
    meeting(3, '11/24/2026', { startTime: '2:00 PM' }),
    meeting(4, '11/24/2026', { startTime: '10:00 AM' }),
    meeting(5, 'TBD'),
    meeting(6, '10/28/2026'),
  ];

  it('the next meeting is the earliest today or later', () => {
    expect(nextMeeting(meetings, today)?.folderId).toBe(4);
    expect(nextMeeting(meetings, today + 1)?.folderId).toBe(2);
    expect(nextMeeting(meetings, today + 2)).toBeUndefined();
  });

  it('reads start times as the service writes them', () => {
    expect(timeOfDay('10:00 AM')).toBe(600);
    expect(timeOfDay('12:15 PM')).toBe(735);
    expect(timeOfDay('12:05 am')).toBe(5);
    expect(timeOfDay('2:30 p.m.')).toBe(870);
    expect(timeOfDay('14:30')).toBe(870);
    expect(timeOfDay('noon')).toBe(1440);
    expect(timeOfDay(undefined)).toBe(1440);
  });

  it('the last meeting is the latest before today', () => {
    expect(lastMeeting(meetings, today)?.folderId).toBe(1);
    expect(lastMeeting(meetings, textDateDay({ year: 2026, month: 10, day: 1 }))).toBeUndefined();
  });

  it('a minute is overdue when open, unresolved and due before today', () => {
    const m: MeetingMinute = { dateDue: '11/23/2026' };
    expect(isMinuteOverdue(m, today)).toBe(true);
    expect(isMinuteOverdue({ dateDue: '11/24/2026' }, today)).toBe(false);
    expect(isMinuteOverdue({ ...m, isComplete: true }, today)).toBe(false);
    expect(isMinuteOverdue({ ...m, dateResolved: '11/22/2026' }, today)).toBe(false);
    expect(isMinuteOverdue({ ...m, isHidden: true }, today)).toBe(true);
    expect(isMinuteOverdue({ dateDue: 'ASAP' }, today)).toBe(false);
    expect(isMinuteOverdue({}, today)).toBe(false);
  });

  it('counts overdue minutes per meeting, most first', () => {
    const late: MeetingMinute = { dateDue: '11/01/2026' };
    const result = overdueByMeeting(
      [
        { folderId: 1, meeting: meeting(1, '10/21/2026'), minutes: [late, { ...late, isComplete: true }] },
        { folderId: 2, meeting: meeting(2, '10/28/2026'), minutes: [late, late] },
        { folderId: 3, meeting: meeting(3, '10/14/2026'), minutes: [] },
        { folderId: 4, meeting: meeting(4, '10/07/2026'), minutes: [late] },
        { folderId: 5 },
      ],
      today,
    );
    expect(result.total).toBe(4);
    expect(result.meetings.map((m) => [m.folderId, m.overdue])).toEqual([
      [2, 2],
      [1, 1],
      [4, 1],
    ]);
  });

  it('reads the newest meeting folders first, at most MAX', () => {
    const children = [
      folder(1, 13, { createdDate: new Date(2026, 9, 1) }),
      folder(2, 13, { createdDate: new Date(2026, 10, 1) }),
      folder(3, 14),
      folder(4, 13, { createdDate: new Date(2026, 9, 15) }),
    ];
    const read = meetingsToRead(children, config, 2);
    expect(read.total).toBe(3);
    expect(read.folders.map((f) => f.folderId)).toEqual([2, 4]);
  });

  it('names a meeting by subject and number', () => {
    expect(meetingLabel({ subject: 'OAC Meeting #3', meetingNumber: '003' })).toBe(
      'OAC Meeting #3 · No. 003',
    );
    expect(meetingLabel(undefined, 'Folder name')).toBe('Folder name');
    expect(meetingLabel({ meetingType: 'Safety Meeting' })).toBe('Safety Meeting');
  });
});

describe('submittal packages and documents', () => {
  it('lists the package folders of the container', () => {
    const children = [folder(1, 8), folder(2, 9), folder(3, 8), { folderType: 8 }];
    expect(submittalPackages(children, config).map((f) => f.folderId)).toEqual([1, 3]);
  });

  it('takes the most recently updated documents across the folders read', () => {
    const docs = (folderId: number, times: (number | undefined)[]): FolderDocument[] =>
      times.map((t, i) => ({
        folderId,
        documentId: folderId * 100 + i,
        documentUpdateDate: t === undefined ? undefined : new Date(t),
      }));
    const recent = recentDocuments(
      [
        { folder: folder(2, 2), documents: docs(2, [5, 1, undefined, 9]) },
        { folder: folder(3, 3), documents: docs(3, [7, 9]) },
      ],
      4,
    );
    expect(recent.map((r) => [r.folder.folderId, r.document.documentId])).toEqual([
      [3, 301],
      [2, 203],
      [3, 300],
      [2, 200],
    ]);
    expect(recentDocuments([])).toEqual([]);
  });
});

describe('start page: open by id or name', () => {
  const known = [
    { projectId: 1, name: 'Riverside Medical Office Building', number: '2025-014' },
    { projectId: 2, name: 'Lincoln Elementary School Modernization', number: '2025-022' },
    { projectId: 3, name: 'Harborview Mixed-Use Apartments', number: '2026-003' },
    { projectId: 1, name: 'Riverside (older entry)' },
  ];

  it('a whole number is an id, opened directly', () => {
    expect(chooseProject(' 42 ', known)).toEqual({ kind: 'id', projectId: 42 });
    expect(chooseProject('', known)).toEqual({ kind: 'empty' });
    expect(chooseProject('0', known).kind).toBe('matches'); // not an id: found in the numbers
    expect(chooseProject('12345678901', known)).toEqual({ kind: 'matches', matches: [] });
  });

  it('matches every word typed against names and numbers, without case, best first', () => {
    expect(matchProjects('river', known).map((p) => p.projectId)).toEqual([1]);
    expect(matchProjects('MEDICAL building', known).map((p) => p.projectId)).toEqual([1]);
    expect(matchProjects('2025', known).map((p) => p.projectId)).toEqual([2, 1]);
    expect(matchProjects('ar', known).map((p) => p.projectId)).toEqual([3, 2]);
    expect(matchProjects('mod', known).map((p) => p.projectId)).toEqual([2]);
    expect(matchProjects('nothing like it', known)).toEqual([]);
    expect(chooseProject('harbor', known)).toEqual({ kind: 'matches', matches: [known[2]] });
  });
});
