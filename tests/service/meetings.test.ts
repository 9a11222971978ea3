// Operations 18 and 19: MeetingReadRequest and MeetingMinutesReadByMeetingRequest.
import { beforeAll, describe, expect, it } from 'vitest';
import { children, expectError, expectStatus, FT, useHarness, useSeedIds, type Json } from './harness';

const h = useHarness();
const ids = useSeedIds(h);
let meetings: Json[];

beforeAll(async () => {
  meetings = (await children(h, 'pm', ids.containers.meetings)).filter((f) => f.folderType === FT.meeting);
});

const TEXT_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/** `1.02` < `1.10` < `2.01`. */
function compareItemNumbers(a: string, b: string): number {
  const [a1, a2] = a.split('.').map(Number);
  const [b1, b2] = b.split('.').map(Number);
  return a1 - b1 || a2 - b2;
}

describe('MeetingReadRequest (operation 18)', () => {
  it('reads the first meeting of project 1', async () => {
    const res = await h.as('pm', 'MeetingReadRequest', { folderId: ids.meetingFolderId });
    expectStatus(res, 200);
    const m = res.json.meeting;
    expect(m.folderId).toBe(ids.meetingFolderId);
    expect(m.folderParentId).toBe(ids.containers.meetings);
    expect(m.meetingId).toEqual(expect.any(Number));
    expect(m.subject).toBe('OAC Meeting #1');
    expect(m.meetingNumber).toBe('001');
    expect(m.meetingType).toBe('OAC Meeting');
    expect(m.meetingDate).toMatch(TEXT_DATE);
    const [mm, dd, yyyy] = m.meetingDate.split('/').map(Number);
    expect(new Date(Date.UTC(yyyy, mm - 1, dd)).getUTCDay()).toBe(3); // weekly, on Wednesdays
    expect(m.startTime).toBe('10:00 AM');
    expect(m.endTime).toBe('11:30 AM');
    expect(m.meetingLocation).toEqual(expect.any(String));
    expect(m.isConfidential).toBe(false);
    expect(m.notesBeforeMinutes).toEqual(expect.any(String));
    expect(m.notesAfterMinutes).toMatch(/^Next meeting \d{2}\/\d{2}\/\d{4}/);
    expect(m.attendeeList.length).toBeGreaterThanOrEqual(4);
    for (const name of m.attendeeList) expect(name).toMatch(/^\S+ \S+/);
    expect(typeof m.userCanModify).toBe('boolean');
  });

  it('reads all ten meetings, one of them confidential', async () => {
    expect(meetings).toHaveLength(10);
    const read: Json[] = [];
    for (const f of meetings) {
      const res = await h.as('pm', 'MeetingReadRequest', { folderId: f.folderId });
      expectStatus(res, 200);
      read.push(res.json.meeting);
    }
    expect(read.map((m) => m.meetingNumber)).toEqual(read.map((_, i) => String(i + 1).padStart(3, '0')));
    expect(read.filter((m) => m.isConfidential).map((m) => m.subject)).toEqual(['OAC Meeting #8']);
    expect(read.map((m) => m.subject)).toEqual(meetings.map((f) => f.folderName));
  });

  it('answers 404 for an unknown meeting and for a folder that is not a meeting', async () => {
    expectError(await h.as('pm', 'MeetingReadRequest', { folderId: 987_654 }), 404, 'NotFound');
    expectError(
      await h.as('pm', 'MeetingReadRequest', { folderId: ids.containers.meetings }),
      404,
      'NotFound',
    );
  });
});

describe('MeetingMinutesReadByMeetingRequest (operation 19)', () => {
  it('reads 5 to 20 minutes of a meeting, in item-number order', async () => {
    const res = await h.as('pm', 'MeetingMinutesReadByMeetingRequest', { folderId: ids.meetingFolderId });
    expectStatus(res, 200);
    const list: Json[] = res.json.meetingMinuteList;
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.length).toBeLessThanOrEqual(20);
    const numbers = list.map((n) => n.itemNumber as string);
    for (const n of numbers) expect(n).toMatch(/^\d+\.\d{2}$/);
    expect([...numbers].sort(compareItemNumbers)).toEqual(numbers);
    const childIds = (await children(h, 'pm', ids.meetingFolderId)).map((f) => f.folderId);
    for (const n of list) {
      expect(n.meetingMinuteId).toEqual(expect.any(Number));
      expect(n.folderParentId).toBe(ids.meetingFolderId);
      expect(childIds).toContain(n.folderId);
      expect(n.summary.length).toBeGreaterThan(3);
      expect(n.minuteCategory).toEqual(expect.any(String));
      expect(n.minuteType).toEqual(expect.any(String));
      expect(n.dateOriginated).toMatch(TEXT_DATE);
      if (n.dateDue !== undefined) expect(n.dateDue).toMatch(TEXT_DATE);
      expect(typeof n.isComplete).toBe('boolean');
      expect(typeof n.isHidden).toBe('boolean');
      expect(n.details).toContain(n.summary);
      if (n.minuteType === 'Action Item') expect(n.responsiblePartiesList.length).toBeGreaterThan(0);
    }
  });

  it('links minutes to RFIs that can be read', async () => {
    const linked: number[] = [];
    for (const f of meetings) {
      const res = await h.as('pm', 'MeetingMinutesReadByMeetingRequest', { folderId: f.folderId });
      expectStatus(res, 200);
      for (const n of res.json.meetingMinuteList)
        if (n.linkedIssueFolderID) linked.push(n.linkedIssueFolderID);
    }
    expect(linked.length).toBeGreaterThan(0);
    for (const folderId of linked.slice(0, 5)) {
      const rfi = await h.as('pm', 'OpenIssueReadRequest', { folderId });
      expectStatus(rfi, 200);
    }
    // Written as linkedIssueFolderID (rule 6 keeps the trailing capitals).
    const res = await h.as('pm', 'MeetingMinutesReadByMeetingRequest', { folderId: meetings[0].folderId });
    expect(res.text).not.toContain('"LinkedIssueFolderID"');
  });

  it('answers 404 for an unknown meeting and for a folder that is not a meeting', async () => {
    expectError(
      await h.as('pm', 'MeetingMinutesReadByMeetingRequest', { folderId: 987_654 }),
      404,
      'NotFound',
    );
    expectError(
      await h.as('pm', 'MeetingMinutesReadByMeetingRequest', { folderId: ids.rfiFolderIds[0] }),
      404,
      'NotFound',
    );
  });
});
