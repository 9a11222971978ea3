// Operations 6 and 7: SubmittalUpdateRequest (the fields sent, nothing else; returns the stored package; persisted
// across a restart) and SubmittalItemReadAttachmentsRequest.
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../server/db/seed';
import {
  children,
  expectError,
  expectStatus,
  fieldNames,
  FT,
  useHarness,
  useSeedIds,
  WIRE_DATE,
  type Json,
} from './harness';

const h = useHarness();
const ids = useSeedIds(h);

/** The stored package: an update that sends only the folder id changes nothing and returns it. */
async function readPackage(folderId: number, user = 'pm'): Promise<Json> {
  const res = await h.as(user, 'SubmittalUpdateRequest', { submittal: { folderId } });
  expectStatus(res, 200);
  expect(res.json.numberOfRecordsEffected).toBe(0);
  return res.json.submittal;
}

function without(o: Json, keys: string[]): Json {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}

describe('SubmittalUpdateRequest (operation 6)', () => {
  it('returns the stored package of project 1 with its people and item counts', async () => {
    const s = await readPackage(ids.submittalPackageFolderIds[0]);
    expect(s.folderId).toBe(ids.submittalPackageFolderIds[0]);
    expect(s.folderParentId).toBe(ids.containers.submittals);
    expect(s.submittalPackageId).toEqual(expect.any(Number));
    expect(s.number).toBe('03 30 00-01');
    expect(s.description).toBe('Concrete Mix Designs');
    expect(s.status).toBe('Approved');
    expect(s.reference).toBe('Spec 03 30 00');
    expect(s.subcontractor).toBe('Keystone Concrete Inc.');
    expect(s.submittingCompanyContact).toBe('Michael Thompson');
    expect(s.projectManagerId).toBe(seedIds.users.pm);
    expect(s.projectManager).toBe('Pat Miller');
    expect(s.reviewingCompanyContact).toEqual(expect.any(String));
    expect(s.isPending).toBe(false);
    expect(s.dueDateFromSub).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(s.countTotalItems).toBeGreaterThanOrEqual(1);
    expect(s.countOpenItems + s.countClosedItems).toBe(s.countTotalItems);
    expect(s.userCanModify).toBe(true);
    const items = (await children(h, 'pm', s.folderId)).filter((f) => f.folderType === FT.submittalItem);
    expect(items).toHaveLength(s.countTotalItems);
  });

  it('lists ten packages in project 1, each readable', async () => {
    expect(ids.submittalPackageFolderIds).toHaveLength(10);
    const numbers = new Set<string>();
    for (const folderId of ids.submittalPackageFolderIds) numbers.add((await readPackage(folderId)).number);
    expect(numbers.size).toBe(10);
  });

  it('changes the fields sent and nothing else, and the change survives a restart', async () => {
    const folderId = ids.submittalPackageFolderIds[1];
    const before = await readPackage(folderId);
    const res = await h.as('pm', 'SubmittalUpdateRequest', {
      submittal: {
        folderId,
        status: 'in review',
        isPending: true,
        notes: 'Resubmitted with revised bar bending schedule.',
        dueDateFromSub: '2026-12-01',
        revision: '2',
      },
    });
    expectStatus(res, 200);
    expect(res.json.errorOccured).toBe(false);
    expect(res.json.numberOfRecordsEffected).toBe(1);
    const after = res.json.submittal;
    expect(after.status).toBe('In Review');
    expect(after.isPending).toBe(true);
    expect(after.notes).toBe('Resubmitted with revised bar bending schedule.');
    expect(after.dueDateFromSub).toBe('12/01/2026');
    expect(after.revision).toBe('2');
    // Pending: the ball is in the reviewer's court.
    expect(after.ballInCourtContact).toBe(after.reviewingCompanyContact);
    const changed = ['status', 'isPending', 'notes', 'dueDateFromSub', 'revision', 'ballInCourtContact'];
    expect(without(after, changed)).toEqual(without(before, changed));

    await h.restart();
    expect(await readPackage(folderId)).toEqual(after);
  });

  it('renames the package folder with its description', async () => {
    const folderId = ids.submittalPackageFolderIds[2];
    const res = await h.as('pm', 'SubmittalUpdateRequest', {
      submittal: { folderId, description: 'Structural Steel Shop Drawings (Rev B)' },
    });
    expectStatus(res, 200);
    expect(res.json.submittal.description).toBe('Structural Steel Shop Drawings (Rev B)');
    const folder = await h.as('pm', 'FolderGetRequest', { folderId });
    expect(folder.json.folder.folderName).toBe('Structural Steel Shop Drawings (Rev B)');
  });

  it('finds the package by SubmittalPackageId alone, and binds PascalCase', async () => {
    const before = await readPackage(ids.submittalPackageFolderIds[3]);
    const res = await h.as('pm', 'SubmittalUpdateRequest', {
      Submittal: { SubmittalPackageId: before.submittalPackageId, Reference: 'Spec 07 54 00, 2.1' },
    });
    expectStatus(res, 200);
    expect(res.json.submittal.folderId).toBe(before.folderId);
    expect(res.json.submittal.reference).toBe('Spec 07 54 00, 2.1');
    expect((await readPackage(before.folderId)).reference).toBe('Spec 07 54 00, 2.1');
  });

  it('clears a text field with an empty string', async () => {
    const folderId = ids.submittalPackageFolderIds[4];
    await h.as('pm', 'SubmittalUpdateRequest', { submittal: { folderId, notes: 'Temporary note' } });
    expect((await readPackage(folderId)).notes).toBe('Temporary note');
    const res = await h.as('pm', 'SubmittalUpdateRequest', { submittal: { folderId, notes: '' } });
    expectStatus(res, 200);
    expect(res.json.submittal.notes).toBeUndefined();
  });

  it.each([
    [{ status: 'Bogus' }, 'submittal.status'],
    [{ description: '' }, 'submittal.description'],
    [{ number: '   ' }, 'submittal.number'],
    [{ dueDateFromSub: 'next week' }, 'submittal.dueDateFromSub'],
    [{ projectManagerId: 987_654 }, 'submittal.projectManagerId'],
    [{ reviewingCompanyContactId: 987_654 }, 'submittal.reviewingCompanyContactId'],
    [{ originalFolderId: 987_654 }, 'submittal.originalFolderId'],
    [{ forwardedFolderId: seedIds.rootFolders[1] }, 'submittal.forwardedFolderId'],
    [{ submittalPackageId: 987_654 }, 'submittal.submittalPackageId'],
    [{ folderParentId: 1 }, 'submittal.folderParentId'],
    [{ isPending: 'maybe' }, 'submittal.isPending'],
    [{ revision: 'r'.repeat(21) }, 'submittal.revision'],
  ])('refuses %j with 400 naming %s and changes nothing', async (change, field) => {
    const folderId = ids.submittalPackageFolderIds[5];
    const before = await readPackage(folderId);
    const res = await h.as('pm', 'SubmittalUpdateRequest', { submittal: { folderId, ...change } });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual([field]);
    expect(res.json.submittal).toBeUndefined();
    expect(await readPackage(folderId)).toEqual(before);
  });

  it('answers 400 without a submittal or its id, 404 for unknown ids', async () => {
    const none = await h.as('pm', 'SubmittalUpdateRequest', {});
    expectError(none, 400);
    expect(fieldNames(none)).toEqual(['submittal']);
    const noId = await h.as('pm', 'SubmittalUpdateRequest', { submittal: { notes: 'x' } });
    expectError(noId, 400);
    expect(fieldNames(noId)).toEqual(['submittal.folderId']);
    expectError(
      await h.as('pm', 'SubmittalUpdateRequest', { submittal: { folderId: 987_654 } }),
      404,
      'NotFound',
    );
    expectError(
      await h.as('pm', 'SubmittalUpdateRequest', { submittal: { submittalPackageId: 987_654 } }),
      404,
      'NotFound',
    );
  });
});

describe('SubmittalItemReadAttachmentsRequest (operation 7)', () => {
  it('reads the attachment files of a submittal item', async () => {
    const res = await h.as('pm', 'SubmittalItemReadAttachmentsRequest', {
      folderId: ids.submittalItemFolderId,
    });
    expectStatus(res, 200);
    const list: Json[] = res.json.attachmentList;
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(list.length).toBeLessThanOrEqual(3);
    for (const a of list) {
      expect(a.attachmentFileId).toEqual(expect.any(Number));
      expect(a.uploadedFileId).toEqual(expect.any(Number));
      expect(a.uploadedFileName).toMatch(/\.pdf$/);
      expect(a.uploadedFileType).toBe('application/pdf');
      expect(a.uploadedFileSize).toBeGreaterThan(0);
      expect(a.uploadedFilePath).toEqual(expect.any(String));
      expect(a.attachmentFileDescription).toEqual(expect.any(String));
      expect(a.uploadedDate).toMatch(WIRE_DATE);
      expect(a.modifiedDate).toMatch(WIRE_DATE);
      expect(a.uploadedBy).toMatch(/^\w+ \w+/);
    }
    const dates = list.map((a) => a.uploadedDate as string);
    expect([...dates].sort((x, y) => Number(x.match(/\d+/)![0]) - Number(y.match(/\d+/)![0]))).toEqual(dates);
  });

  it('reads the attachments of every item of every package of project 1', async () => {
    let items = 0;
    for (const packageFolder of ids.submittalPackageFolderIds) {
      for (const item of await children(h, 'pm', packageFolder)) {
        const res = await h.as('pm', 'SubmittalItemReadAttachmentsRequest', { folderId: item.folderId });
        expectStatus(res, 200);
        expect(res.json.attachmentList.length).toBeGreaterThan(0);
        items++;
      }
    }
    expect(items).toBeGreaterThanOrEqual(10);
  });

  it('answers 404 for an unknown item and for a folder that is not a submittal item', async () => {
    expectError(
      await h.as('pm', 'SubmittalItemReadAttachmentsRequest', { folderId: 987_654 }),
      404,
      'NotFound',
    );
    expectError(
      await h.as('pm', 'SubmittalItemReadAttachmentsRequest', { folderId: ids.submittalPackageFolderIds[0] }),
      404,
      'NotFound',
    );
  });
});
