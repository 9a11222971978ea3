// Operations 11–13: FolderGetRequest, FolderUpdateRequest (the fields sent, nothing else; persisted across a
// restart; 403 where pm may not modify), FolderReadIssueRequest.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/contract/codecs';
import { folderTypes } from '../../src/contract/codes';
import { seedIds } from '../../server/db/seed';
import {
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

async function getFolder(folderId: number, user = 'pm'): Promise<Json> {
  const res = await h.as(user, 'FolderGetRequest', { folderId });
  expectStatus(res, 200);
  return res.json.folder;
}

async function childrenOf(folderParentId: number, user = 'pm'): Promise<Json[]> {
  const res = await h.as(user, 'FolderReadIssueRequest', { folderParentId });
  expectStatus(res, 200);
  return res.json.folderList;
}

/** Fields an update stamps by itself. */
const STAMPS = ['updatedDate', 'updatedBy', 'updatedByFullName', 'updator'];

function without(o: Json, keys: string[]): Json {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}

describe('FolderGetRequest (operation 11)', () => {
  it("reads a project's root folder", async () => {
    const f = await getFolder(ids.rootFolderId);
    expect(f.folderId).toBe(ids.rootFolderId);
    expect(f.folderName).toBe('Riverside Medical Office Building');
    expect(f.folderType).toBe(FT.project);
    expect(f.folderTypeName).toBe('Project');
    expect(f.folderProjectId).toBe(1);
    expect(f.folderReferenceId).toBe(1);
    expect(f.folderParentId).toBeUndefined();
    expect(f.createdByFullName).toBe('Alex Adams');
    expect(f.createdBy).toBe(seedIds.users.admin);
    expect(f.createdDate).toMatch(WIRE_DATE);
    expect(f.updatedDate).toMatch(WIRE_DATE);
    expect(f.userCanModify).toBe(true);
    expect(f.userCanDelete).toBe(true);
  });

  it('reads an item folder with its type name and reference', async () => {
    const f = await getFolder(ids.rfiFolderIds[0]);
    expect(f.folderType).toBe(FT.rfi);
    expect(f.folderTypeName).toBe(folderTypes.rfi.name);
    expect(f.folderParentId).toBe(ids.containers.rfis);
    expect(f.folderReferenceId).toEqual(expect.any(Number));
    expect(f.folderName.length).toBeGreaterThan(3);
  });

  it("tells pm it may not modify 'Owner Contracts', and admin that it may", async () => {
    const pm = await getFolder(ids.readOnlyFolderId);
    expect(pm.folderName).toBe('Owner Contracts');
    expect(pm.userCanModify).toBe(false);
    expect(pm.userCanDelete).toBe(false);
    const admin = await getFolder(ids.readOnlyFolderId, 'admin');
    expect(admin.userCanModify).toBe(true);
  });

  it('answers 404 for an unknown folder', async () => {
    expectError(await h.as('pm', 'FolderGetRequest', { folderId: 987_654 }), 404, 'NotFound');
  });
});

describe('FolderReadIssueRequest (operation 13)', () => {
  it("lists the root's containers in order, one per type", async () => {
    const list = await childrenOf(ids.rootFolderId);
    expect(list.map((f) => f.folderName)).toEqual([
      'Documents',
      'Drawings',
      'RFIs',
      'Punch List',
      'Submittals',
      'Daily Reports',
      'Meetings',
    ]);
    expect(list.map((f) => f.folderType)).toEqual([
      FT.documents,
      FT.drawings,
      FT.rfis,
      FT.punchList,
      FT.submittals,
      FT.dailyReports,
      FT.meetings,
    ]);
    for (const f of list) {
      expect(f.folderParentId).toBe(ids.rootFolderId);
      expect(f.folderProjectId).toBe(1);
      expect(f.folderTypeName).toEqual(expect.any(String));
    }
  });

  it('lists the sub folders of the documents container with pm’s permissions', async () => {
    const list = await childrenOf(ids.containers.documents);
    const names = list.map((f) => f.folderName);
    expect(names).toEqual(
      expect.arrayContaining([
        'Specifications',
        'Owner Contracts',
        'Permits & Inspections',
        'Archive (empty)',
      ]),
    );
    for (const f of list) expect(f.folderType).toBe(FT.folder);
    expect(list.find((f) => f.folderName === 'Owner Contracts').userCanModify).toBe(false);
    expect(list.find((f) => f.folderName === 'Specifications').userCanModify).toBe(true);
  });

  it('lists the 36 RFIs of project 1 as RFI folders', async () => {
    const list = await childrenOf(ids.containers.rfis);
    expect(list.length).toBeGreaterThanOrEqual(30);
    for (const f of list) {
      expect(f.folderType).toBe(FT.rfi);
      expect(f.folderReferenceId).toEqual(expect.any(Number));
    }
    expect(list.find((f) => f.folderId === ids.readOnlyRfiFolderId).userCanModify).toBe(false);
  });

  it('gives an empty list for a folder without children', async () => {
    const res = await h.as('pm', 'FolderReadIssueRequest', { folderParentId: ids.emptyFolderId });
    expectStatus(res, 200);
    expect(res.json.folderList).toEqual([]);
    expect(res.text).toContain('"folderList":[]');
  });

  it('answers 404 for an unknown parent', async () => {
    expectError(await h.as('pm', 'FolderReadIssueRequest', { folderParentId: 987_654 }), 404, 'NotFound');
  });
});

describe('FolderUpdateRequest (operation 12)', () => {
  let specsId: number;
  beforeAll(async () => {
    specsId = (await childrenOf(ids.containers.documents)).find(
      (f) => f.folderName === 'Specifications',
    ).folderId;
  });
  const specsFolder = () => getFolder(specsId);

  it('changes the fields sent and nothing else, and the change survives a restart', async () => {
    const before = await specsFolder();
    const res = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: before.folderId, folderDescription: 'Project manual (updated)', folderSorting: 7 },
    });
    expectStatus(res, 200);
    expect(res.json.errorOccured).toBe(false);
    expect(res.json.numberOfRecordsEffected).toBe(1);

    const after = await getFolder(before.folderId);
    expect(after.folderDescription).toBe('Project manual (updated)');
    expect(after.folderSorting).toBe(7);
    expect(without(after, [...STAMPS, 'folderDescription', 'folderSorting'])).toEqual(
      without(before, [...STAMPS, 'folderDescription', 'folderSorting']),
    );
    expect(after.updatedBy).toBe(seedIds.users.pm);
    expect(after.updatedByFullName).toBe('Pat Miller');
    expect(parseDateTime(after.updatedDate)!.getTime()).toBeGreaterThan(
      parseDateTime(before.updatedDate)!.getTime(),
    );

    await h.restart();
    const reread = await getFolder(before.folderId);
    expect(reread).toEqual(after);
  });

  it('binds a PascalCase folder and renames it; the name is stored trimmed', async () => {
    const f = await specsFolder();
    const res = await h.as('pm', 'FolderUpdateRequest', {
      Folder: { FolderId: f.folderId, FolderName: '  Specifications – Vol. 1 “Div 01–33” ✓  ' },
    });
    expectStatus(res, 200);
    expect(res.json.numberOfRecordsEffected).toBe(1);
    const after = await getFolder(f.folderId);
    expect(after.folderName).toBe('Specifications – Vol. 1 “Div 01–33” ✓');
    expect(after.folderDescription).toBe(f.folderDescription);
  });

  it('stores markup as text', async () => {
    const f = await specsFolder();
    const name = '<img src=x onerror=alert(1)> & "quotes"';
    expectStatus(
      await h.as('pm', 'FolderUpdateRequest', { folder: { folderId: f.folderId, folderName: name } }),
      200,
    );
    expect((await getFolder(f.folderId)).folderName).toBe(name);
  });

  it('reports 0 records and stamps nothing when nothing changes', async () => {
    const f = await getFolder(ids.containers.drawings);
    const res = await h.as('pm', 'FolderUpdateRequest', {
      folder: {
        folderId: f.folderId,
        folderName: f.folderName,
        folderType: f.folderType,
        folderParentId: f.folderParentId,
      },
    });
    expectStatus(res, 200);
    expect(res.json.numberOfRecordsEffected).toBe(0);
    expect(await getFolder(f.folderId)).toEqual(f);
  });

  it('clears the description with an empty string', async () => {
    const f = await getFolder(ids.containers.drawings);
    expectStatus(
      await h.as('pm', 'FolderUpdateRequest', {
        folder: { folderId: f.folderId, folderDescription: 'Temp' },
      }),
      200,
    );
    expect((await getFolder(f.folderId)).folderDescription).toBe('Temp');
    expectStatus(
      await h.as('pm', 'FolderUpdateRequest', { folder: { folderId: f.folderId, folderDescription: '' } }),
      200,
    );
    expect((await getFolder(f.folderId)).folderDescription).toBeUndefined();
  });

  it('renames the RFI with its folder (the name is the title of the record)', async () => {
    const folderId = ids.rfiFolderIds[5];
    expectStatus(
      await h.as('pm', 'FolderUpdateRequest', {
        folder: { folderId, folderName: 'Renamed via folder update' },
      }),
      200,
    );
    const rfi = await h.as('pm', 'OpenIssueReadRequest', { folderId });
    expect(rfi.json.openIssue.subject).toBe('Renamed via folder update');
  });

  it("answers 403 when pm updates 'Owner Contracts' and changes nothing; admin may", async () => {
    const before = await getFolder(ids.readOnlyFolderId, 'admin');
    const res = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.readOnlyFolderId, folderName: 'Hijacked' },
    });
    expectError(res, 403, 'Forbidden');
    expect(res.json.errorOccured).toBe(true);
    expect(await getFolder(ids.readOnlyFolderId, 'admin')).toEqual(before);
    const admin = await h.as('admin', 'FolderUpdateRequest', {
      folder: { folderId: ids.readOnlyFolderId, folderDescription: 'Owner-GC agreement (admin edit)' },
    });
    expectStatus(admin, 200);
    expect((await getFolder(ids.readOnlyFolderId, 'admin')).folderDescription).toBe(
      'Owner-GC agreement (admin edit)',
    );
  });

  it.each([
    [{ folderName: '' }, 'folder.folderName'],
    [{ folderName: '    ' }, 'folder.folderName'],
    [{ folderName: 'x'.repeat(201) }, 'folder.folderName'],
    [{ folderDescription: 'x'.repeat(2001) }, 'folder.folderDescription'],
    [{ accessByList: 7 }, 'folder.accessByList'],
    [{ folderType: FT.rfi }, 'folder.folderType'],
    [{ folderParentId: 3 }, 'folder.folderParentId'],
    [{ folderProjectId: 2 }, 'folder.folderProjectId'],
    [{ folderSorting: 'first' }, 'folder.folderSorting'],
    [{ folderSorting: 1.5 }, 'folder.folderSorting'],
    [{ updatedDate: 'tomorrow' }, 'folder.updatedDate'],
  ])('refuses %j with 400 naming %s and changes nothing', async (change, field) => {
    const before = await getFolder(ids.containers.meetings);
    const res = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.containers.meetings, ...change },
    });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual([field]);
    expect(await getFolder(ids.containers.meetings)).toEqual(before);
  });

  it('names every bad field at once and changes nothing', async () => {
    const before = await getFolder(ids.containers.meetings);
    const res = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.containers.meetings, folderName: '', accessByList: 9, folderDescription: 'ok' },
    });
    expectError(res, 400);
    expect(fieldNames(res).sort()).toEqual(['folder.accessByList', 'folder.folderName']);
    expect(await getFolder(ids.containers.meetings)).toEqual(before);
  });

  it('answers 400 without a folder or its id, 404 for an unknown one', async () => {
    const none = await h.as('pm', 'FolderUpdateRequest', {});
    expectError(none, 400);
    expect(fieldNames(none)).toEqual(['folder']);
    const noId = await h.as('pm', 'FolderUpdateRequest', { folder: { folderName: 'x' } });
    expectError(noId, 400);
    expect(fieldNames(noId)).toEqual(['folder.folderId']);
    expectError(
      await h.as('pm', 'FolderUpdateRequest', { folder: { folderId: 987_654, folderName: 'x' } }),
      404,
      'NotFound',
    );
  });
});
