// Operations 14–17: DocumentsReadInFolderRequest, FoldersDocumentsGetByParentFolderRequest,
// ExtDriveDocumentCreateRequest (a new document record, persisted across a restart) and ListDocumentStatusReadRequest.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/contract/codecs';
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
let specsId: number;

beforeAll(async () => {
  const subs = await h.as('pm', 'FolderReadIssueRequest', { folderParentId: ids.containers.documents });
  specsId = subs.json.folderList.find((f: Json) => f.folderName === 'Specifications').folderId;
});

async function docsIn(parentFolderId: number): Promise<Json[]> {
  const res = await h.as('pm', 'DocumentsReadInFolderRequest', { parentFolderId });
  expectStatus(res, 200);
  return res.json.folderDocuments;
}

describe('DocumentsReadInFolderRequest (operation 14)', () => {
  it('reads the 200 documents of the documents container, ordered by number', async () => {
    const docs = await docsIn(ids.containers.documents);
    expect(docs).toHaveLength(200);
    const numbers = docs.map((d) => d.documentNumber);
    expect([...numbers].sort()).toEqual(numbers);
    expect(new Set(docs.map((d) => d.documentId)).size).toBe(200);
    for (const d of docs) {
      expect(d.folderId).toBe(ids.containers.documents);
      expect(d.documentNumber).toMatch(/^[A-Z]+-\d{4}$/);
      expect(d.documentTypeName).toEqual(expect.any(String));
      expect(d.documentStatusName).toEqual(expect.any(String));
      expect(d.documentDisciplineName).toEqual(expect.any(String));
      expect(d.uploadedFileName).toMatch(/\.pdf$/);
      expect(d.uploadedFileSize).toBeGreaterThan(0);
      expect(d.documentUpdateDate).toMatch(WIRE_DATE);
      expect(d.documentIssueDate).toMatch(WIRE_DATE);
    }
    const statuses = new Set(docs.map((d) => d.documentStatusName));
    expect(statuses.size).toBeGreaterThan(1);
  });

  it('reads the specifications with their CSI sections', async () => {
    const docs = await docsIn(specsId);
    expect(docs.length).toBeGreaterThanOrEqual(10);
    for (const d of docs) expect(d.documentCSI).toMatch(/^\d{2} \d{2} \d{2}$/);
    expect(docs.map((d) => d.documentCSI)).toContain('03 30 00');
  });

  it('reads the drawing sheets', async () => {
    const docs = await docsIn(ids.containers.drawings);
    const numbers = docs.map((d) => d.documentNumber);
    expect(numbers).toEqual(expect.arrayContaining(['A-101', 'S-101', 'E-601']));
    for (const d of docs) expect(d.documentTypeName).toBe('Drawing');
  });

  it('gives an empty list for an empty folder', async () => {
    const res = await h.as('pm', 'DocumentsReadInFolderRequest', { parentFolderId: ids.emptyFolderId });
    expectStatus(res, 200);
    expect(res.text).toContain('"folderDocuments":[]');
  });

  it('answers 404 for an unknown folder', async () => {
    expectError(
      await h.as('pm', 'DocumentsReadInFolderRequest', { parentFolderId: 987_654 }),
      404,
      'NotFound',
    );
  });
});

describe('FoldersDocumentsGetByParentFolderRequest (operation 15)', () => {
  it('reads the child folders as document records', async () => {
    const res = await h.as('pm', 'FoldersDocumentsGetByParentFolderRequest', {
      folderParentId: ids.rootFolderId,
    });
    expectStatus(res, 200);
    const list = res.json.documents;
    expect(list.map((d: Json) => d.folderName)).toEqual([
      'Documents',
      'Drawings',
      'RFIs',
      'Punch List',
      'Submittals',
      'Daily Reports',
      'Meetings',
    ]);
    for (const d of list) {
      expect(d.id).toBe(d.folderId);
      expect(d.folderParentId).toBe(ids.rootFolderId);
      expect(d.folderProject).toBe(1);
      expect(d.createdDate).toMatch(WIRE_DATE);
      expect(typeof d.estimatedFileSize).toBe('number');
    }
  });

  it('filters by folder type given as code, name or key', async () => {
    for (const folderType of [String(FT.rfis), 'RFIs', 'rfis', ' RFIs ']) {
      const res = await h.as('pm', 'FoldersDocumentsGetByParentFolderRequest', {
        folderParentId: ids.rootFolderId,
        folderType,
      });
      expectStatus(res, 200);
      expect(
        res.json.documents.map((d: Json) => d.folderId),
        folderType,
      ).toEqual([ids.containers.rfis]);
    }
    const none = await h.as('pm', 'FoldersDocumentsGetByParentFolderRequest', {
      folderParentId: ids.rootFolderId,
      folderType: String(FT.meeting),
    });
    expect(none.json.documents).toEqual([]);
  });

  it('sums the estimated file sizes of the documents in each folder', async () => {
    const res = await h.as('pm', 'FoldersDocumentsGetByParentFolderRequest', {
      folderParentId: ids.containers.documents,
      folderType: String(FT.folder),
    });
    expectStatus(res, 200);
    const specs = res.json.documents.find((d: Json) => d.folderId === specsId);
    const docs = await docsIn(specsId);
    expect(specs.estimatedFileSize).toBe(docs.reduce((s, d) => s + (d.estimatedFileSize ?? 0), 0));
    const empty = res.json.documents.find((d: Json) => d.folderId === ids.emptyFolderId);
    expect(empty.estimatedFileSize).toBe(0);
  });

  it('refuses an unknown folder type with 400 naming folderType', async () => {
    const res = await h.as('pm', 'FoldersDocumentsGetByParentFolderRequest', {
      folderParentId: ids.rootFolderId,
      folderType: 'Spaceships',
    });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual(['folderType']);
  });

  it('answers 404 for an unknown parent', async () => {
    expectError(
      await h.as('pm', 'FoldersDocumentsGetByParentFolderRequest', { folderParentId: 987_654 }),
      404,
      'NotFound',
    );
  });
});

describe('ExtDriveDocumentCreateRequest (operation 16)', () => {
  const document = () => ({
    folderParentId: specsId,
    fileName: 'Geotechnical Addendum.pdf',
    documentType: 'Report',
    status: 'For Review',
    discipline: 'Structural',
    issue: 'Rev 1',
    issueDate: '10/15/2026',
    fileSize: '123456',
    extDriveId: 'drv-0001',
    extDriveParentId: 'drv-root',
    downloadUrl: 'https://drive.example.com/d/drv-0001',
    viewerUrl: 'https://drive.example.com/v/drv-0001',
    notes: 'Uploaded from the external drive',
    isFolder: false,
  });

  it('adds a document record that reads back, also after a restart, and touches nothing else', async () => {
    const before = await docsIn(specsId);
    const res = await h.as('pm', 'ExtDriveDocumentCreateRequest', { document: document() });
    expectStatus(res, 200);
    expect(res.json.errorOccured).toBe(false);
    expect(res.json.fileId).toEqual(expect.any(Number));
    expect(res.json.folderId).toBe(specsId);
    expect(res.json.filePath).toBe(
      '/Riverside Medical Office Building/Documents/Specifications/Geotechnical Addendum.pdf',
    );
    expect(res.json.numberOfRecordsEffected).toBe(1);

    const check = async () => {
      const after = await docsIn(specsId);
      expect(after).toHaveLength(before.length + 1);
      const added = after.find((d) => d.documentId === res.json.fileId);
      expect(added).toMatchObject({
        folderId: specsId,
        documentNumber: 'Geotechnical Addendum',
        uploadedFileName: 'Geotechnical Addendum.pdf',
        uploadedFileSize: 123456,
        documentTypeName: 'Report',
        documentStatusName: 'For Review',
        documentStatus: 2,
        documentDisciplineName: 'Structural',
        documentIssue: 'Rev 1',
      });
      expect(parseDateTime(added.documentIssueDate)!.toISOString().slice(0, 10)).toBe('2026-10-15');
      // The documents that were there are unchanged.
      expect(after.filter((d) => d.documentId !== res.json.fileId)).toEqual(before);
    };
    await check();
    await h.restart();
    await check();
  });

  it('accepts the target as folderId too, and keeps unknown codes as text', async () => {
    const res = await h.as('pm', 'ExtDriveDocumentCreateRequest', {
      Document: {
        FolderId: ids.emptyFolderId,
        FileName: 'Site survey.dwg',
        Status: 'Awaiting Signature',
        Discipline: 'Surveying',
      },
    });
    expectStatus(res, 200);
    expect(res.json.folderId).toBe(ids.emptyFolderId);
    const [added] = await docsIn(ids.emptyFolderId);
    expect(added.documentId).toBe(res.json.fileId);
    expect(added.documentStatusName).toBe('Awaiting Signature');
    expect(added.documentStatus).toBeUndefined();
    expect(added.documentDisciplineName).toBe('Surveying');
  });

  it("answers 403 when pm adds to 'Owner Contracts' and adds nothing", async () => {
    const before = await h.as('admin', 'DocumentsReadInFolderRequest', {
      parentFolderId: ids.readOnlyFolderId,
    });
    const res = await h.as('pm', 'ExtDriveDocumentCreateRequest', {
      document: { folderParentId: ids.readOnlyFolderId, fileName: 'Side letter.pdf' },
    });
    expectError(res, 403, 'Forbidden');
    const after = await h.as('admin', 'DocumentsReadInFolderRequest', {
      parentFolderId: ids.readOnlyFolderId,
    });
    expect(after.text).toBe(before.text);
  });

  it.each([
    [{ fileName: '' }, 'document.fileName'],
    [{ fileName: '   ' }, 'document.fileName'],
    [{ fileName: '../../etc/passwd' }, 'document.fileName'],
    [{ fileName: 'a\\b.pdf' }, 'document.fileName'],
    [{ fileName: `${'x'.repeat(256)}.pdf` }, 'document.fileName'],
    [{ downloadUrl: 'javascript:alert(1)' }, 'document.downloadUrl'],
    [{ viewerUrl: 'ftp://files.example.com/x' }, 'document.viewerUrl'],
    [{ issueDate: '31/31/2026' }, 'document.issueDate'],
    [{ fileSize: 'big' }, 'document.fileSize'],
    [{ fileSize: '-5' }, 'document.fileSize'],
    [{ estimatedFileSize: -1 }, 'document.estimatedFileSize'],
    [{ isFolder: 'maybe' }, 'document.isFolder'],
  ])('refuses %j with 400 naming %s and adds nothing', async (change, field) => {
    const before = (await docsIn(specsId)).length;
    const res = await h.as('pm', 'ExtDriveDocumentCreateRequest', { document: { ...document(), ...change } });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual([field]);
    expect((await docsIn(specsId)).length).toBe(before);
  });

  it('refuses a target that is not a document folder, and a missing target', async () => {
    const rfi = await h.as('pm', 'ExtDriveDocumentCreateRequest', {
      document: { folderParentId: ids.rfiFolderIds[0], fileName: 'x.pdf' },
    });
    expectError(rfi, 400);
    expect(fieldNames(rfi)).toEqual(['document.folderParentId']);
    const none = await h.as('pm', 'ExtDriveDocumentCreateRequest', { document: { fileName: 'x.pdf' } });
    expectError(none, 400);
    expect(fieldNames(none)).toEqual(['document.folderParentId']);
    const noDoc = await h.as('pm', 'ExtDriveDocumentCreateRequest', {});
    expectError(noDoc, 400);
    expect(fieldNames(noDoc)).toEqual(['document']);
  });

  it('answers 404 for an unknown target folder', async () => {
    expectError(
      await h.as('pm', 'ExtDriveDocumentCreateRequest', {
        document: { folderParentId: 987_654, fileName: 'x.pdf' },
      }),
      404,
      'NotFound',
    );
  });
});

describe('ListDocumentStatusReadRequest (operation 17)', () => {
  it('lists the statuses of project 1 with ids, names and advanced names', async () => {
    const res = await h.as('pm', 'ListDocumentStatusReadRequest', { projectId: 1 });
    expectStatus(res, 200);
    const items = res.json.items;
    expect(items.map((i: Json) => i.name)).toEqual([
      'Issued for Construction',
      'For Review',
      'Approved',
      'Superseded',
      'Void',
    ]);
    for (const i of items) {
      expect(i.id).toEqual(expect.any(Number));
      expect(i.advancedName).toContain(i.name);
    }
  });

  it("adds a project's own statuses for that project only", async () => {
    const two = await h.as('pm', 'ListDocumentStatusReadRequest', { projectId: 2 });
    expect(two.json.items.map((i: Json) => i.name)).toContain('Bid Set');
    const three = await h.as('pm', 'ListDocumentStatusReadRequest', { projectId: 3 });
    expect(three.json.items.map((i: Json) => i.name)).not.toContain('Bid Set');
    const none = await h.as('pm', 'ListDocumentStatusReadRequest', { organizationId: 1, groupId: 2 });
    expectStatus(none, 200);
    expect(none.json.items).toHaveLength(5);
  });

  it('answers 404 for an unknown project', async () => {
    expectError(await h.as('pm', 'ListDocumentStatusReadRequest', { projectId: 987_654 }), 404, 'NotFound');
  });
});
