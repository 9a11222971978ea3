// Operations 2–4: OpenIssueReadRequest, OpenIssueUpdateRequest (the fields sent, nothing else; persisted across a
// restart; 403 on an RFI pm may not modify) and OpenIssueReadRecipientsRequest.
import { describe, expect, it } from 'vitest';
import { rfiStatuses } from '../../src/contract/codes';
import { seedIds } from '../../server/db/seed';
import {
  expectError,
  expectStatus,
  fieldNames,
  useHarness,
  useSeedIds,
  WIRE_DATE,
  type Json,
} from './harness';

const h = useHarness();
const ids = useSeedIds(h);

async function readIssue(folderId: number, user = 'pm'): Promise<Json> {
  const res = await h.as(user, 'OpenIssueReadRequest', { folderId });
  expectStatus(res, 200);
  return res.json;
}

const TEXT_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

function without(o: Json, keys: string[]): Json {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}

describe('OpenIssueReadRequest (operation 2)', () => {
  it('reads RFI-001 with its people, dates, status and referenced documents', async () => {
    const { openIssue: o, referencedDocuments } = await readIssue(ids.rfiFolderIds[0]);
    expect(o.folderId).toBe(ids.rfiFolderIds[0]);
    expect(o.folderParentId).toBe(ids.containers.rfis);
    expect(o.projectId).toBe(1);
    expect(o.openIssueId).toEqual(expect.any(Number));
    expect(o.number).toBe('RFI-001');
    expect(o.subject.length).toBeGreaterThan(5);
    expect(o.question).toContain(o.subject);
    expect(o.createdDate).toMatch(TEXT_DATE);
    expect(o.dueDate).toMatch(TEXT_DATE);
    expect(rfiStatuses.find((s) => s.code === o.statusId)?.name).toBe(o.statusName);
    expect(o.issueFrom).toEqual(expect.any(Number));
    expect(o.fromName).toMatch(/^\w+ \w+/);
    expect(o.toName).toMatch(/^\w+ \w+/);
    expect(o.ccUserList.length).toBeGreaterThan(0);
    for (const id of o.ccUserList) expect(id).toEqual(expect.any(Number));
    expect(o.ccUserName.split(', ')).toHaveLength(o.ccUserList.length);
    expect(typeof o.costImpact).toBe('boolean');
    expect(o.drawing).toMatch(/^[A-Z]+-\d+$/);
    expect(o.userCanModify).toBe(true);
    expect(referencedDocuments.length).toBeGreaterThan(0);
    for (const d of referencedDocuments) {
      expect(d.documentId).toEqual(expect.any(Number));
      expect(d.documentNumber).toEqual(expect.any(String));
      expect(d.documentUpdateDate).toMatch(WIRE_DATE);
    }
    expect(referencedDocuments.map((d: Json) => d.documentTypeName)).toContain('Drawing');
  });

  it('reads every RFI of project 1, numbered RFI-001 upward without gaps', async () => {
    const numbers: string[] = [];
    for (const folderId of ids.rfiFolderIds) {
      const { openIssue } = await readIssue(folderId);
      numbers.push(openIssue.number);
      expect(openIssue.subject).toEqual(expect.any(String));
    }
    expect(numbers.length).toBeGreaterThanOrEqual(30);
    expect(numbers).toEqual(numbers.map((_, i) => `RFI-${String(i + 1).padStart(3, '0')}`));
  });

  it('tells pm it may not modify RFI-003, and admin that it may', async () => {
    expect((await readIssue(ids.readOnlyRfiFolderId)).openIssue.userCanModify).toBe(false);
    expect((await readIssue(ids.readOnlyRfiFolderId, 'admin')).openIssue.userCanModify).toBe(true);
  });

  it('answers 404 for an unknown folder and for a folder that is not an RFI', async () => {
    expectError(await h.as('pm', 'OpenIssueReadRequest', { folderId: 987_654 }), 404, 'NotFound');
    expectError(await h.as('pm', 'OpenIssueReadRequest', { folderId: ids.containers.rfis }), 404, 'NotFound');
  });
});

describe('OpenIssueReadRecipientsRequest (operation 4)', () => {
  it('lists the members of the RFI’s project with contact details', async () => {
    const res = await h.as('pm', 'OpenIssueReadRecipientsRequest', { folderId: ids.rfiFolderIds[0] });
    expectStatus(res, 200);
    const list: Json[] = res.json.recipients;
    expect(list.length).toBeGreaterThan(5);
    const pat = list.find((m) => m.userId === seedIds.users.pm);
    expect(pat).toMatchObject({
      fullName: 'Pat Miller',
      firstName: 'Pat',
      lastName: 'Miller',
      role: 'Project Manager',
    });
    expect(pat.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(pat.company).toBe('Brightline Builders');
    expect(pat.phone).toEqual(expect.any(String));
    const names = list.map((m) => m.fullName);
    expect(names).toContain("James O'Brien"); // owner's representative of project 1
    expect(names).not.toContain('Olivia Turner'); // of project 2
    const lastNames = list.map((m) => m.lastName);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("lists project 2's members for an RFI of project 2", async () => {
    const rfis = await h.as('pm', 'FolderReadIssueRequest', { folderParentId: seedIds.containers[1].rfis });
    const res = await h.as('pm', 'OpenIssueReadRecipientsRequest', {
      folderId: rfis.json.folderList[0].folderId,
    });
    expectStatus(res, 200);
    const names = res.json.recipients.map((m: Json) => m.fullName);
    expect(names).toContain('Olivia Turner');
    expect(names).not.toContain("James O'Brien");
  });

  it('includes the cc users of the RFI', async () => {
    const { openIssue } = await readIssue(ids.rfiFolderIds[0]);
    const res = await h.as('pm', 'OpenIssueReadRecipientsRequest', { folderId: ids.rfiFolderIds[0] });
    const memberIds = res.json.recipients.map((m: Json) => m.userId);
    for (const id of openIssue.ccUserList) expect(memberIds).toContain(id);
  });

  it('answers 404 for an unknown RFI', async () => {
    expectError(await h.as('pm', 'OpenIssueReadRecipientsRequest', { folderId: 987_654 }), 404, 'NotFound');
  });
});

describe('OpenIssueUpdateRequest (operation 3)', () => {
  it('changes the fields sent and nothing else, and the change survives a restart', async () => {
    const folderId = ids.rfiFolderIds[1];
    const before = (await readIssue(folderId)).openIssue;
    const members = (await h.as('pm', 'OpenIssueReadRecipientsRequest', { folderId })).json.recipients.map(
      (m: Json) => m.userId,
    );
    const cc = members.filter((id: number) => !before.ccUserList.includes(id)).slice(0, 2);
    const res = await h.as('pm', 'OpenIssueUpdateRequest', {
      openIssue: {
        folderId,
        subject: 'Footing depth at grid C/4 (revised)',
        question: 'Please confirm the footing depth.\nSee the attached sketch.',
        dueDate: '2026-12-15',
        statusId: 3,
        ccUserList: cc,
        changeOrderAmount: 1234.5,
        locationRoom: '',
      },
    });
    expectStatus(res, 200);
    expect(res.json.errorOccured).toBe(false);
    expect(res.json.numberOfRecordsEffected).toBe(1);

    const changed = [
      'subject',
      'question',
      'dueDate',
      'statusId',
      'statusName',
      'ccUserList',
      'ccUserName',
      'changeOrderAmount',
      'locationRoom',
    ];
    const check = async () => {
      const after = (await readIssue(folderId)).openIssue;
      expect(after.subject).toBe('Footing depth at grid C/4 (revised)');
      expect(after.question).toBe('Please confirm the footing depth.\nSee the attached sketch.');
      expect(after.dueDate).toBe('12/15/2026');
      expect(after.statusId).toBe(3);
      expect(after.statusName).toBe('Answered');
      expect(after.ccUserList).toEqual(cc);
      expect(after.changeOrderAmount).toBe(1234.5);
      expect(after.locationRoom).toBeUndefined();
      expect(without(after, changed)).toEqual(without(before, changed));
      // The RFI's folder carries its subject as name.
      const folder = await h.as('pm', 'FolderGetRequest', { folderId });
      expect(folder.json.folder.folderName).toBe('Footing depth at grid C/4 (revised)');
    };
    await check();
    await h.restart();
    await check();
  });

  it('binds a PascalCase open issue', async () => {
    const folderId = ids.rfiFolderIds[2 + 1];
    const res = await h.as('pm', 'OpenIssueUpdateRequest', {
      OpenIssue: { FolderId: folderId, LocationSite: 'North Lot', CostImpact: true },
    });
    expectStatus(res, 200);
    const after = (await readIssue(folderId)).openIssue;
    expect(after.locationSite).toBe('North Lot');
    expect(after.costImpact).toBe(true);
  });

  it('clears the cc list with an empty list', async () => {
    const folderId = ids.rfiFolderIds[7];
    const res = await h.as('pm', 'OpenIssueUpdateRequest', { openIssue: { folderId, ccUserList: [] } });
    expectStatus(res, 200);
    expect(res.json.numberOfRecordsEffected).toBe(1);
    const read = await h.as('pm', 'OpenIssueReadRequest', { folderId });
    expect(read.json.openIssue.ccUserList).toEqual([]);
    expect(read.json.openIssue.ccUserName).toBeUndefined();
    expect(read.text).toContain('"ccUserList":[]');
  });

  it('reports 0 records when nothing changes', async () => {
    const folderId = ids.rfiFolderIds[4];
    const before = await readIssue(folderId);
    const o = before.openIssue;
    const res = await h.as('pm', 'OpenIssueUpdateRequest', {
      openIssue: {
        folderId,
        subject: o.subject,
        dueDate: o.dueDate,
        statusId: o.statusId,
        ccUserList: o.ccUserList,
        openIssueId: o.openIssueId,
        projectId: o.projectId,
      },
    });
    expectStatus(res, 200);
    expect(res.json.numberOfRecordsEffected).toBe(0);
    expect(await readIssue(folderId)).toEqual(before);
  });

  it('answers 403 when pm updates RFI-003 and changes nothing; admin may', async () => {
    const before = await readIssue(ids.readOnlyRfiFolderId, 'admin');
    const res = await h.as('pm', 'OpenIssueUpdateRequest', {
      openIssue: { folderId: ids.readOnlyRfiFolderId, subject: 'Changed by pm', statusId: 4 },
    });
    expectError(res, 403, 'Forbidden');
    expect(await readIssue(ids.readOnlyRfiFolderId, 'admin')).toEqual(before);
    const admin = await h.as('admin', 'OpenIssueUpdateRequest', {
      openIssue: { folderId: ids.readOnlyRfiFolderId, reference: 'Admin reference' },
    });
    expectStatus(admin, 200);
    expect((await readIssue(ids.readOnlyRfiFolderId, 'admin')).openIssue.reference).toBe('Admin reference');
  });

  it.each([
    [{ dueDate: 'someday' }, 'openIssue.dueDate'],
    [{ dueDate: '13/45/2026' }, 'openIssue.dueDate'],
    [{ dueDate: '02/30/2026' }, 'openIssue.dueDate'],
    [{ closedDate: '2026-13-01' }, 'openIssue.closedDate'],
    [{ statusId: 9 }, 'openIssue.statusId'],
    [{ statusId: 'open' }, 'openIssue.statusId'],
    [{ subject: '' }, 'openIssue.subject'],
    [{ subject: 'x'.repeat(201) }, 'openIssue.subject'],
    [{ number: 'RFI-001' }, 'openIssue.number'],
    [{ issueTo: 987_654 }, 'openIssue.issueTo'],
    [{ ccUserList: [seedIds.users.pm, 987_654] }, 'openIssue.ccUserList[1]'],
    [{ ccUserList: [1, 'x'] }, 'openIssue.ccUserList[1]'],
    [{ projectId: 2 }, 'openIssue.projectId'],
    [{ openIssueId: 987_654 }, 'openIssue.openIssueId'],
    [{ changeOrderAmount: 'lots' }, 'openIssue.changeOrderAmount'],
    [{ changeOrderAmount: 1e15 }, 'openIssue.changeOrderAmount'],
    [{ costImpact: 'perhaps' }, 'openIssue.costImpact'],
  ])('refuses %j with 400 naming %s and changes nothing', async (change, field) => {
    const folderId = ids.rfiFolderIds[6];
    const before = await readIssue(folderId);
    const res = await h.as('pm', 'OpenIssueUpdateRequest', { openIssue: { folderId, ...change } });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual([field]);
    expect(res.json.uiErrorMessage).toEqual(expect.any(String));
    expect(await readIssue(folderId)).toEqual(before);
  });

  it('names every bad field at once and applies none of the good ones', async () => {
    const folderId = ids.rfiFolderIds[6];
    const before = await readIssue(folderId);
    const res = await h.as('pm', 'OpenIssueUpdateRequest', {
      openIssue: { folderId, question: 'A good change', dueDate: 'soon', statusId: 42 },
    });
    expectError(res, 400);
    expect(fieldNames(res).sort()).toEqual(['openIssue.dueDate', 'openIssue.statusId']);
    expect(await readIssue(folderId)).toEqual(before);
  });

  it('answers 400 without an open issue or its folder id, 404 for an unknown RFI', async () => {
    const none = await h.as('pm', 'OpenIssueUpdateRequest', {});
    expectError(none, 400);
    expect(fieldNames(none)).toEqual(['openIssue']);
    const noId = await h.as('pm', 'OpenIssueUpdateRequest', { openIssue: { subject: 'x' } });
    expectError(noId, 400);
    expect(fieldNames(noId)).toEqual(['openIssue.folderId']);
    expectError(
      await h.as('pm', 'OpenIssueUpdateRequest', { openIssue: { folderId: 987_654, subject: 'x' } }),
      404,
      'NotFound',
    );
  });
});
