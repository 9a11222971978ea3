import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { folderTypes } from '../../src/contract/codes';
import { operationNames, type OperationName, type RequestOf } from '../../src/contract/operations';
import { coreSchema } from '../../server/db/core-schema';
import { domainSchema } from '../../server/db/domain-schema';
import { PINNED_SEED_TODAY, seed, seedIds, seedScale, findScaleFolder } from '../../server/db/seed';
import {
  RowStream,
  ServiceError,
  type Handler,
  type HandlerContext,
  type Payload,
} from '../../server/handler';
import { compareItemNumbers } from '../../server/handlers/meetings';
import { domainHandlers } from '../../server/handlers/registry';

function openSeeded() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(coreSchema);
  db.exec(domainSchema);
  seed(db, { today: PINNED_SEED_TODAY });
  return db;
}

const NOW = new Date('2026-11-02T15:30:00Z');

function contextFor(db: Database.Database, userName: string): HandlerContext {
  const u = db.prepare('SELECT * FROM users WHERE user_name = ?').get(userName) as {
    id: number;
    user_name: string;
    first_name: string;
    last_name: string;
    is_admin: number;
    api_key: string;
  };
  return {
    db,
    user: {
      id: u.id,
      userName: u.user_name,
      fullName: `${u.first_name} ${u.last_name}`,
      isAdmin: u.is_admin === 1,
      apiKey: u.api_key,
    },
    sessionKey: 'test-session',
    now: NOW,
  };
}

/** Runs a handler; a list it streams (RowStream, written row by row by the service) is read into an array. */
function call<N extends OperationName>(name: N, request: RequestOf<N>, ctx: HandlerContext): Payload<N> {
  const handler = domainHandlers[name] as Handler<N> | undefined;
  if (!handler) throw new Error(`no handler for ${name}`);
  const payload = handler(request, ctx) as Record<string, unknown>;
  for (const key in payload) {
    const value = payload[key];
    if (value instanceof RowStream) payload[key] = [...value.rows];
  }
  return payload as Payload<N>;
}

function failure(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('expected a ServiceError');
}

const fieldNames = (e: ServiceError) => e.fieldErrors.map((f) => f.fieldName);

const db = openSeeded();
const admin = contextFor(db, 'admin');
const pm = contextFor(db, 'pm');
const ids = seedIds;
const [p1] = ids.containers;

describe('registry', () => {
  it('has a handler for every operation but sign-in and the request log', () => {
    const expected = operationNames.filter(
      (n) => n !== 'InternalUserAuthenticationRequest' && n !== 'RequestLogs',
    );
    expect(Object.keys(domainHandlers).sort()).toEqual([...expected].sort());
  });
});

describe('required ids and unknown ids', () => {
  const cases: [OperationName, string, Record<string, unknown>][] = [
    ['OpenIssueReadRequest', 'folderId', {}],
    ['OpenIssueReadRecipientsRequest', 'folderId', {}],
    ['SubmittalItemReadAttachmentsRequest', 'folderId', {}],
    ['DailyReportGetRequest', 'dailyReportId', {}],
    ['DailyReportActivityReadByReportRequest', 'dailyReportId', {}],
    ['ProjectGetRequest', 'projectId', {}],
    ['FolderGetRequest', 'folderId', {}],
    ['FolderReadIssueRequest', 'folderParentId', {}],
    ['DocumentsReadInFolderRequest', 'parentFolderId', {}],
    ['FoldersDocumentsGetByParentFolderRequest', 'folderParentId', {}],
    ['MeetingReadRequest', 'folderId', {}],
    ['MeetingMinutesReadByMeetingRequest', 'folderId', {}],
  ];
  it.each(cases)('%s: missing or 0 %s → 400 Required; unknown → 404', (name, field) => {
    for (const request of [{}, { [field]: 0 }]) {
      const e = failure(() => call(name, request as never, pm));
      expect(e.status).toBe(400);
      expect(e.fieldErrors).toEqual([
        { fieldName: field, errorCode: 'Required', message: `'${field}' is required.` },
      ]);
    }
    expect(failure(() => call(name, { [field]: 987654 } as never, pm)).status).toBe(404);
  });

  it('an id of the wrong kind is 404', () => {
    expect(failure(() => call('OpenIssueReadRequest', { folderId: p1.rfis }, pm)).status).toBe(404);
    expect(failure(() => call('MeetingReadRequest', { folderId: ids.rfiFolder }, pm)).status).toBe(404);
    expect(
      failure(() => call('MeetingMinutesReadByMeetingRequest', { folderId: p1.meetings }, pm)).status,
    ).toBe(404);
    expect(
      failure(() => call('SubmittalItemReadAttachmentsRequest', { folderId: ids.submittalPackageFolder }, pm))
        .status,
    ).toBe(404);
    expect(
      failure(() => call('SubmittalUpdateRequest', { submittal: { folderId: ids.rfiFolder } }, pm)).status,
    ).toBe(404);
    expect(
      failure(() => call('OpenIssueUpdateRequest', { openIssue: { folderId: p1.documents } }, pm)).status,
    ).toBe(404);
  });
});

describe('projects and folders', () => {
  it('reads a project', () => {
    const { project } = call('ProjectGetRequest', { projectId: 1 }, pm);
    expect(project).toMatchObject({
      projectId: 1,
      projectName: 'Riverside Medical Office Building',
      rootFolderId: ids.rootFolders[0],
      address: { city: 'Sacramento', state: 'CA', country: 'USA' },
      isProjectDisabled: false,
    });
    expect(project?.startDate).toBeInstanceOf(Date);
    expect(project?.budget).toBeGreaterThan(project!.contingency!);
    expect(Object.values(project!).includes(null as never)).toBe(false);
  });

  it('reads a folder with names and the user flags', () => {
    const { folder } = call('FolderGetRequest', { folderId: ids.ownerContractsFolder }, pm);
    expect(folder).toMatchObject({
      folderId: ids.ownerContractsFolder,
      folderName: 'Owner Contracts',
      folderParentId: p1.documents,
      folderType: folderTypes.folder.code,
      folderTypeName: 'Folder',
      folderProjectId: 1,
      createdByFullName: 'Pat Miller',
      userCanModify: false,
      userCanDelete: false,
    });
    expect(folder?.createdDate).toBeInstanceOf(Date);
    expect(call('FolderGetRequest', { folderId: ids.ownerContractsFolder }, admin).folder).toMatchObject({
      userCanModify: true,
      userCanDelete: true,
    });
    const root = call('FolderGetRequest', { folderId: ids.rootFolders[0] }, pm).folder!;
    expect(root.folderParentId).toBeUndefined();
    expect(root.folderReferenceId).toBe(1);
  });

  it('reads child folders ordered by sorting then name', () => {
    const { folderList } = call('FolderReadIssueRequest', { folderParentId: ids.rootFolders[0] }, pm);
    expect(folderList!.map((f) => f.folderTypeName)).toEqual([
      'Documents',
      'Drawings',
      'RFIs',
      'Punch List',
      'Submittals',
      'Daily Reports',
      'Meetings',
    ]);
    const rfis = call('FolderReadIssueRequest', { folderParentId: p1.rfis }, pm).folderList!;
    expect(rfis.length).toBeGreaterThanOrEqual(30);
    expect(rfis[0].folderDescription).toBe('RFI-001');
    expect(rfis.find((f) => f.folderId === ids.readOnlyRfiFolders[0])?.userCanModify).toBe(false);
    expect(call('FolderReadIssueRequest', { folderParentId: ids.emptyFolder }, pm).folderList).toEqual([]);
  });

  it('updates only the fields sent', () => {
    const folderId = ids.containers[1].documents + 10; // 'Permits & Inspections' of project 2
    const before = call('FolderGetRequest', { folderId }, pm).folder!;
    const res = call(
      'FolderUpdateRequest',
      { folder: { folderId, folderDescription: 'Permits, cards, sign-offs' } },
      pm,
    );
    expect(res.numberOfRecordsEffected).toBe(1);
    const after = call('FolderGetRequest', { folderId }, pm).folder!;
    expect(after).toEqual({
      ...before,
      folderDescription: 'Permits, cards, sign-offs',
      updatedBy: pm.user.id,
      updator: pm.user.id,
      updatedByFullName: 'Pat Miller',
      updatedDate: NOW,
    });
    // The whole object sent back unchanged changes nothing.
    expect(call('FolderUpdateRequest', { folder: after }, pm).numberOfRecordsEffected).toBe(0);
  });

  it('validates a folder update with field errors and changes nothing', () => {
    const folderId = ids.containers[1].documents + 10;
    const before = call('FolderGetRequest', { folderId }, pm).folder;
    for (const folderName of ['', '   ', 'x'.repeat(201)]) {
      const e = failure(() =>
        call('FolderUpdateRequest', { folder: { folderId, folderName, folderDescription: 'nope' } }, pm),
      );
      expect(e.status).toBe(400);
      expect(fieldNames(e)).toEqual(['folder.folderName']);
    }
    const e = failure(() =>
      call('FolderUpdateRequest', { folder: { folderId, folderType: 5, accessByList: 7 } }, pm),
    );
    expect(fieldNames(e).sort()).toEqual(['folder.accessByList', 'folder.folderType']);
    expect(failure(() => call('FolderUpdateRequest', {}, pm)).fieldErrors[0].fieldName).toBe('folder');
    expect(failure(() => call('FolderUpdateRequest', { folder: {} }, pm)).fieldErrors[0].fieldName).toBe(
      'folder.folderId',
    );
    expect(call('FolderGetRequest', { folderId }, pm).folder).toEqual(before);
  });

  it('refuses a folder update the user may not make (403) and lets an admin make it', () => {
    const folderId = ids.ownerContractsFolder;
    const e = failure(() =>
      call('FolderUpdateRequest', { folder: { folderId, folderName: 'Mine now' } }, pm),
    );
    expect(e.status).toBe(403);
    expect(call('FolderGetRequest', { folderId }, pm).folder?.folderName).toBe('Owner Contracts');
    const local = openSeeded();
    const res = call(
      'FolderUpdateRequest',
      { folder: { folderId, folderName: 'Owner Contracts (signed)' } },
      contextFor(local, 'admin'),
    );
    expect(res.numberOfRecordsEffected).toBe(1);
  });

  it('keeps a folder name and its record title equal (RFI subject, project name)', () => {
    const local = openSeeded();
    const ctx = contextFor(local, 'pm');
    call(
      'FolderUpdateRequest',
      { folder: { folderId: ids.rfiFolder, folderName: '  Footing depth at grid C/4 (revised) ' } },
      ctx,
    );
    expect(call('OpenIssueReadRequest', { folderId: ids.rfiFolder }, ctx).openIssue?.subject).toBe(
      'Footing depth at grid C/4 (revised)',
    );
    call(
      'OpenIssueUpdateRequest',
      { openIssue: { folderId: ids.rfiFolder, subject: 'Footing depth, grid C/4' } },
      ctx,
    );
    expect(call('FolderGetRequest', { folderId: ids.rfiFolder }, ctx).folder?.folderName).toBe(
      'Footing depth, grid C/4',
    );
    const root = ids.rootFolders[1];
    call('FolderUpdateRequest', { folder: { folderId: root, folderName: 'Lincoln ES Modernization' } }, ctx);
    expect(call('ProjectGetRequest', { projectId: 2 }, ctx).project?.projectName).toBe(
      'Lincoln ES Modernization',
    );
  });
});

describe('documents', () => {
  it('reads the documents of a folder ordered by number', () => {
    const docs = call('DocumentsReadInFolderRequest', { parentFolderId: p1.documents }, pm).folderDocuments!;
    expect(docs.length).toBeGreaterThanOrEqual(200);
    const numbers = docs.map((d) => d.documentNumber!);
    expect(numbers).toEqual([...numbers].sort());
    const d = docs[0];
    expect(d.folderId).toBe(p1.documents);
    expect(d.documentStatusName).toBeTruthy();
    expect(d.documentDisciplineName).toBeTruthy();
    expect(d.documentTypeName).toBeTruthy();
    expect(d.documentIssueDate).toBeInstanceOf(Date);
    expect(Object.values(d).includes(null as never)).toBe(false);
    const sheets = call('DocumentsReadInFolderRequest', { parentFolderId: p1.drawings }, pm).folderDocuments!;
    expect(sheets.map((s) => s.documentNumber)).toContain('A-101');
    expect(
      call('DocumentsReadInFolderRequest', { parentFolderId: ids.emptyFolder }, pm).folderDocuments,
    ).toEqual([]);
  });

  it('reads child folders as document records, filtered by folder type', () => {
    const all = call(
      'FoldersDocumentsGetByParentFolderRequest',
      { folderParentId: ids.rootFolders[0] },
      pm,
    ).documents!;
    expect(all).toHaveLength(7);
    expect(all[0]).toMatchObject({
      id: p1.documents,
      folderId: p1.documents,
      folderProject: 1,
      folderType: folderTypes.documents.code,
    });
    for (const folderType of ['4', 'rfis', 'RFIs', ' RFIs ']) {
      const only = call(
        'FoldersDocumentsGetByParentFolderRequest',
        { folderParentId: ids.rootFolders[0], folderType },
        pm,
      ).documents!;
      expect(only.map((d) => d.id)).toEqual([p1.rfis]);
    }
    const rfis = call(
      'FoldersDocumentsGetByParentFolderRequest',
      { folderParentId: p1.rfis, folderType: 'rfi' },
      pm,
    ).documents!;
    expect(rfis.length).toBeGreaterThanOrEqual(30);
    const subs = call(
      'FoldersDocumentsGetByParentFolderRequest',
      { folderParentId: p1.documents, folderType: 'Folder' },
      pm,
    ).documents!;
    expect(subs.find((s) => s.id === ids.emptyFolder)?.estimatedFileSize).toBe(0);
    expect(subs.find((s) => s.id === ids.ownerContractsFolder)?.estimatedFileSize).toBeGreaterThan(0);
    const e = failure(() =>
      call('FoldersDocumentsGetByParentFolderRequest', { folderParentId: p1.rfis, folderType: 'banana' }, pm),
    );
    expect([e.status, fieldNames(e)]).toEqual([400, ['folderType']]);
  });

  it('adds an ext-drive document that then appears in its folder', () => {
    const local = openSeeded();
    const ctx = contextFor(local, 'pm');
    const specs = ids.ownerContractsFolder - 1;
    const res = call(
      'ExtDriveDocumentCreateRequest',
      {
        document: {
          folderParentId: specs,
          fileName: 'Geotech Addendum.pdf',
          fileSize: '123456',
          status: 'approved',
          discipline: 'Structural',
          documentType: 'Report',
          issue: 'Addendum 1',
          issueDate: '2026-10-15',
          extDriveId: 'drv-001',
          downloadUrl: 'https://drive.example.com/d/drv-001',
        },
      },
      ctx,
    );
    expect(res).toEqual({
      fileId: expect.any(Number),
      folderId: specs,
      filePath: '/Riverside Medical Office Building/Documents/Specifications/Geotech Addendum.pdf',
      numberOfRecordsEffected: 1,
    });
    const docs = call('DocumentsReadInFolderRequest', { parentFolderId: specs }, ctx).folderDocuments!;
    expect(docs.find((d) => d.documentId === res.fileId)).toMatchObject({
      documentNumber: 'Geotech Addendum',
      documentStatus: 3,
      documentStatusName: 'Approved',
      documentDisciplineName: 'Structural',
      documentTypeName: 'Report',
      documentIssue: 'Addendum 1',
      uploadedFileName: 'Geotech Addendum.pdf',
      uploadedFileSize: 123456,
      documentIssueDate: new Date(Date.UTC(2026, 9, 15, 12)),
    });
    // folderId is the fallback target; unknown text codes are kept as text.
    const second = call(
      'ExtDriveDocumentCreateRequest',
      { document: { folderId: p1.drawings, fileName: 'X-1.dwg', discipline: 'Acoustics' } },
      ctx,
    );
    expect(second.folderId).toBe(p1.drawings);
    const x = call(
      'DocumentsReadInFolderRequest',
      { parentFolderId: p1.drawings },
      ctx,
    ).folderDocuments!.find((d) => d.documentId === second.fileId);
    expect(x).toMatchObject({ documentDisciplineName: 'Acoustics' });
    expect(x?.documentDiscipline).toBeUndefined();
  });

  it('validates an ext-drive document', () => {
    const bad = (document: RequestOf<'ExtDriveDocumentCreateRequest'>['document'], ctx = pm) =>
      failure(() => call('ExtDriveDocumentCreateRequest', { document }, ctx));
    expect(fieldNames(bad({ fileName: 'a.pdf' }))).toEqual(['document.folderParentId']);
    expect(bad({ folderParentId: 999999, fileName: 'a.pdf' }).status).toBe(404);
    const e = bad({
      folderParentId: p1.documents,
      fileName: ' ',
      downloadUrl: 'ftp://x/y',
      viewerUrl: 'javascript:alert(1)',
      issueDate: '13/45/2026',
      fileSize: 'big',
    });
    expect(e.status).toBe(400);
    expect(fieldNames(e).sort()).toEqual([
      'document.downloadUrl',
      'document.fileName',
      'document.fileSize',
      'document.issueDate',
      'document.viewerUrl',
    ]);
    expect(fieldNames(bad({ folderParentId: ids.rfiFolder, fileName: 'a.pdf' }))).toEqual([
      'document.folderParentId',
    ]);
    expect(bad({ folderParentId: ids.ownerContractsFolder, fileName: 'a.pdf' }).status).toBe(403);
    expect(
      call(
        'DocumentsReadInFolderRequest',
        { parentFolderId: ids.ownerContractsFolder },
        pm,
      ).folderDocuments!.some((d) => d.uploadedFileName === 'a.pdf'),
    ).toBe(false);
  });

  it('reads the document statuses, optionally of a project', () => {
    const all = call('ListDocumentStatusReadRequest', {}, pm).items!;
    expect(all.map((s) => s.name)).toEqual([
      'Issued for Construction',
      'For Review',
      'Approved',
      'Superseded',
      'Void',
    ]);
    expect(all[0]).toEqual({
      id: 1,
      name: 'Issued for Construction',
      advancedName: 'IFC - Issued for Construction',
    });
    expect(call('ListDocumentStatusReadRequest', { projectId: 2 }, pm).items!.map((s) => s.name)).toContain(
      'Bid Set',
    );
    expect(call('ListDocumentStatusReadRequest', { projectId: 1 }, pm).items).toHaveLength(5);
    expect(failure(() => call('ListDocumentStatusReadRequest', { projectId: 99 }, pm)).status).toBe(404);
  });
});

describe('open issues', () => {
  it('reads an RFI with names and referenced documents', () => {
    const { openIssue, referencedDocuments } = call('OpenIssueReadRequest', { folderId: ids.rfiFolder }, pm);
    expect(openIssue).toMatchObject({
      folderId: ids.rfiFolder,
      folderParentId: p1.rfis,
      projectId: 1,
      number: 'RFI-001',
      userCanModify: true,
    });
    expect(openIssue?.subject).toBe(
      call('FolderGetRequest', { folderId: ids.rfiFolder }, pm).folder?.folderName,
    );
    expect(openIssue?.statusName).toBeTruthy();
    expect(openIssue?.fromName).toMatch(/\w+ \w+/);
    expect(openIssue?.toName).toMatch(/\w+ \w+/);
    expect(openIssue?.ccUserList?.length).toBeGreaterThan(0);
    expect(openIssue?.ccUserName?.split(', ')).toHaveLength(openIssue!.ccUserList!.length);
    expect(openIssue?.dueDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(referencedDocuments!.length).toBeGreaterThanOrEqual(1);
    expect(referencedDocuments!.length).toBeLessThanOrEqual(3);
    expect(
      call('OpenIssueReadRequest', { folderId: ids.readOnlyRfiFolders[0] }, pm).openIssue?.userCanModify,
    ).toBe(false);
    expect(
      call('OpenIssueReadRequest', { folderId: ids.readOnlyRfiFolders[0] }, admin).openIssue?.userCanModify,
    ).toBe(true);
  });

  it('updates only the fields sent and writes text dates as MM/DD/YYYY', () => {
    const local = openSeeded();
    const ctx = contextFor(local, 'pm');
    const folderId = ids.readOnlyRfiFolders[1] + 1; // RFI-004 of project 2
    const before = call('OpenIssueReadRequest', { folderId }, ctx).openIssue!;
    const res = call(
      'OpenIssueUpdateRequest',
      { openIssue: { folderId, dueDate: '2026-12-04', locationRoom: 'Room 114' } },
      ctx,
    );
    expect(res.numberOfRecordsEffected).toBe(1);
    const after = call('OpenIssueReadRequest', { folderId }, ctx).openIssue!;
    expect(after).toEqual({ ...before, dueDate: '12/04/2026', locationRoom: 'Room 114' });
    expect(call('FolderGetRequest', { folderId }, ctx).folder).toMatchObject({
      updatedBy: ctx.user.id,
      updatedDate: NOW,
    });
    // Sending back what was read changes nothing.
    expect(call('OpenIssueUpdateRequest', { openIssue: after }, ctx).numberOfRecordsEffected).toBe(0);
    // Empty text clears a text date; the CC list is replaced as a whole.
    const members = call('OpenIssueReadRecipientsRequest', { folderId }, ctx).recipients!.map(
      (m) => m.userId!,
    );
    call(
      'OpenIssueUpdateRequest',
      {
        openIssue: {
          folderId,
          closedDate: '',
          ccUserList: [members[3], members[1]],
          statusId: 3,
          changeOrderAmount: 1234.5,
        },
      },
      ctx,
    );
    const third = call('OpenIssueReadRequest', { folderId }, ctx).openIssue!;
    expect(third.closedDate).toBeUndefined();
    expect(third.ccUserList).toEqual([members[3], members[1]]);
    expect(third.statusName).toBe('Answered');
    expect(third.changeOrderAmount).toBe(1234.5);
  });

  it('answers bad input with field errors at the property path and changes nothing', () => {
    const folderId = ids.rfiFolder + 1;
    const before = call('OpenIssueReadRequest', { folderId }, pm).openIssue;
    const e = failure(() =>
      call(
        'OpenIssueUpdateRequest',
        {
          openIssue: {
            folderId,
            dueDate: '31/12/2026',
            closedDate: '02/30/2026',
            statusId: 9,
            subject: ' ',
            issueTo: 21, // whayes: owner's representative of project 3 only
            ccUserList: [1, 424242],
            projectId: 2,
            number: 'RFI-002',
            locationRoom: 'abc',
          },
        },
        pm,
      ),
    );
    expect(e.status).toBe(400);
    expect(fieldNames(e).sort()).toEqual(
      [
        'openIssue.ccUserList[1]',
        'openIssue.closedDate',
        'openIssue.dueDate',
        'openIssue.issueTo',
        'openIssue.projectId',
        'openIssue.statusId',
        'openIssue.subject',
      ].sort(),
    );
    expect(e.fieldErrors.find((f) => f.fieldName === 'openIssue.dueDate')?.errorCode).toBe('InvalidDate');
    expect(call('OpenIssueReadRequest', { folderId }, pm).openIssue).toEqual(before);
    const dup = failure(() =>
      call('OpenIssueUpdateRequest', { openIssue: { folderId, number: 'RFI-001' } }, pm),
    );
    expect([dup.status, fieldNames(dup), dup.fieldErrors[0].errorCode]).toEqual([
      400,
      ['openIssue.number'],
      'Duplicate',
    ]);
    expect(fieldNames(failure(() => call('OpenIssueUpdateRequest', { openIssue: {} }, pm)))).toEqual([
      'openIssue.folderId',
    ]);
  });

  it('refuses an update of a read-only RFI (403) and allows it to an admin', () => {
    const folderId = ids.readOnlyRfiFolders[2];
    const before = call('OpenIssueReadRequest', { folderId }, pm).openIssue;
    const e = failure(() =>
      call('OpenIssueUpdateRequest', { openIssue: { folderId, dueDate: '12/01/2026' } }, pm),
    );
    expect([e.status, e.errorCode]).toEqual([403, 'Forbidden']);
    expect(call('OpenIssueReadRequest', { folderId }, pm).openIssue).toEqual(before);
    const local = openSeeded();
    expect(
      call(
        'OpenIssueUpdateRequest',
        { openIssue: { folderId, dueDate: '12/01/2026' } },
        contextFor(local, 'admin'),
      ).numberOfRecordsEffected,
    ).toBe(1);
  });

  it('reads the recipients: the project members by last name', () => {
    const p1Members = call('OpenIssueReadRecipientsRequest', { folderId: ids.rfiFolder }, pm).recipients!;
    const p2Members = call(
      'OpenIssueReadRecipientsRequest',
      { folderId: ids.readOnlyRfiFolders[1] },
      pm,
    ).recipients!;
    expect(p1Members.map((m) => m.lastName)).toEqual(p1Members.map((m) => m.lastName).sort());
    expect(p1Members.some((m) => m.lastName === "O'Brien")).toBe(true);
    expect(p2Members.some((m) => m.lastName === "O'Brien")).toBe(false);
    expect(p2Members.some((m) => m.lastName === 'Turner')).toBe(true);
    const pat = p1Members.find((m) => m.userId === ids.users.pm);
    expect(pat).toMatchObject({
      fullName: 'Pat Miller',
      firstName: 'Pat',
      lastName: 'Miller',
      company: 'Brightline Builders',
      role: 'Project Manager',
    });
    expect(pat?.email && pat.phone && pat.cellPhone).toBeTruthy();
  });
});

describe('punch list bulk create', () => {
  it('creates rows with the next numbers and is idempotent by tempItemId', () => {
    const local = openSeeded();
    const ctx = contextFor(local, 'pm');
    const folderId = p1.punchList;
    const rows = [
      {
        folderId,
        summary: 'Touch up paint at Door 101',
        tempItemId: 't-1',
        dueDate: '2026-11-20',
        status: 1,
      },
      { folderParentId: folderId, summary: 'Replace cracked tile in 118', tempItemId: 't-2' },
      { folderId, summary: 'No temp id' },
    ];
    const first = call('PunchListCreateManyRequest', { punchlistList: rows }, ctx);
    expect(first.numberOfRecordsEffected).toBe(3);
    expect(first.returnedIdList!.map((r) => r.PunchListNumber)).toEqual(['61', '62', '63']);
    expect(first.returnedIdList![0]).toEqual({
      TempItemId: 't-1',
      PunchListId: expect.any(String),
      PunchListNumber: '61',
    });
    const stored = local
      .prepare('SELECT * FROM punch_list WHERE id = ?')
      .get(Number(first.returnedIdList![0].PunchListId)) as Record<string, unknown>;
    expect(stored).toMatchObject({
      project_id: 1,
      due_date: '11/20/2026',
      status: 1,
      created_by: ctx.user.id,
      temp_item_id: 't-1',
    });
    const retry = call('PunchListCreateManyRequest', { punchlistList: rows.slice(0, 2) }, ctx);
    expect(retry.numberOfRecordsEffected).toBe(0);
    expect(retry.returnedIdList).toEqual(first.returnedIdList!.slice(0, 2));
    // Numbers are per project; a duplicate tempItemId inside one request is created once.
    const p2 = call(
      'PunchListCreateManyRequest',
      {
        punchlistList: [
          { folderId: ids.containers[1].punchList, summary: 'A', tempItemId: 'same' },
          { folderId: ids.containers[1].punchList, summary: 'A', tempItemId: 'same' },
        ],
      },
      ctx,
    );
    expect(p2.numberOfRecordsEffected).toBe(1);
    expect(p2.returnedIdList!.map((r) => r.PunchListNumber)).toEqual(['61', '61']);
    expect(call('PunchListCreateManyRequest', { punchlistList: [] }, ctx)).toEqual({
      returnedIdList: [],
      numberOfRecordsEffected: 0,
    });
  });

  it('rejects the whole request listing every bad row', () => {
    const before = (db.prepare('SELECT count(*) AS n FROM punch_list').get() as { n: number }).n;
    const e = failure(() =>
      call(
        'PunchListCreateManyRequest',
        {
          punchlistList: [
            { folderId: p1.punchList, summary: 'fine' },
            { summary: 'no folder' },
            { folderId: p1.punchList, summary: '  ' },
            { folderId: p1.punchList },
            { folderId: p1.documents, summary: 'not a punch list', dueDate: 'tomorrow' },
          ],
        },
        pm,
      ),
    );
    expect(e.status).toBe(400);
    expect(fieldNames(e)).toEqual([
      'punchlistList[1].folderId',
      'punchlistList[2].summary',
      'punchlistList[3].summary',
      'punchlistList[4].folderId',
      'punchlistList[4].dueDate',
    ]);
    expect((db.prepare('SELECT count(*) AS n FROM punch_list').get() as { n: number }).n).toBe(before);
    expect(fieldNames(failure(() => call('PunchListCreateManyRequest', {}, pm)))).toEqual(['punchlistList']);
    // An unknown folder is an unknown id: 404, naming the rows.
    const unknown = failure(() =>
      call(
        'PunchListCreateManyRequest',
        {
          punchlistList: [
            { folderId: p1.punchList, summary: '' },
            { folderId: 999999, summary: 'x' },
          ],
        },
        pm,
      ),
    );
    expect([unknown.status, unknown.errorCode, fieldNames(unknown)]).toEqual([
      404,
      'NotFound',
      ['punchlistList[1].folderId'],
    ]);
  });

  it('refuses more than 1,000 rows and accepts 1,000', () => {
    const local = openSeeded();
    const ctx = contextFor(local, 'pm');
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        folderId: p1.punchList,
        summary: `Item ${i}`,
        tempItemId: `bulk-${i}`,
      }));
    const e = failure(() => call('PunchListCreateManyRequest', { punchlistList: many(1001) }, ctx));
    expect([e.status, e.fieldErrors[0].fieldName, e.fieldErrors[0].errorCode]).toEqual([
      400,
      'punchlistList',
      'TooMany',
    ]);
    const res = call('PunchListCreateManyRequest', { punchlistList: many(1000) }, ctx);
    expect(res.numberOfRecordsEffected).toBe(1000);
    expect(res.returnedIdList!.at(-1)?.PunchListNumber).toBe('1060');
  });

  it('refuses a folder the user may not modify (403)', () => {
    const local = openSeeded();
    local
      .prepare(
        'INSERT INTO folder_permissions (folder_id, user_id, can_modify, can_delete) VALUES (?, 2, 0, 0)',
      )
      .run(ids.containers[2].punchList);
    const rows = [{ folderId: ids.containers[2].punchList, summary: 'x' }];
    expect(
      failure(() => call('PunchListCreateManyRequest', { punchlistList: rows }, contextFor(local, 'pm')))
        .status,
    ).toBe(403);
    expect(
      call('PunchListCreateManyRequest', { punchlistList: rows }, contextFor(local, 'admin'))
        .numberOfRecordsEffected,
    ).toBe(1);
  });
});

describe('submittals', () => {
  it('updates the fields sent and returns the stored package', () => {
    const local = openSeeded();
    const ctx = contextFor(local, 'pm');
    const folderId = ids.submittalPackageFolder;
    const before = call('SubmittalUpdateRequest', { submittal: { folderId } }, ctx);
    expect(before.numberOfRecordsEffected).toBe(0);
    const pkg = before.submittal!;
    expect(pkg).toMatchObject({
      folderId,
      folderParentId: p1.submittals,
      number: '03 30 00-01',
      description: 'Concrete Mix Designs',
      projectManager: 'Pat Miller',
    });
    expect(pkg.countTotalItems).toBe(pkg.countOpenItems! + pkg.countClosedItems!);
    expect(pkg.countTotalItems).toBeGreaterThanOrEqual(1);
    const res = call(
      'SubmittalUpdateRequest',
      {
        submittal: {
          folderId,
          status: 'in review',
          isPending: true,
          notes: 'Resubmitted with fly ash mix',
          dueDateFromSub: '2026-11-20',
        },
      },
      ctx,
    );
    expect(res.numberOfRecordsEffected).toBe(1);
    expect(res.submittal).toEqual({
      ...pkg,
      status: 'In Review',
      isPending: true,
      notes: 'Resubmitted with fly ash mix',
      dueDateFromSub: '11/20/2026',
      ballInCourtContact: pkg.reviewingCompanyContact,
    });
    // The description is the folder's name.
    const renamed = call(
      'SubmittalUpdateRequest',
      {
        submittal: {
          submittalPackageId: pkg.submittalPackageId,
          description: 'Concrete Mix Designs (Rev 1)',
        },
      },
      ctx,
    );
    expect(renamed.submittal?.description).toBe('Concrete Mix Designs (Rev 1)');
    expect(call('FolderGetRequest', { folderId }, ctx).folder?.folderName).toBe(
      'Concrete Mix Designs (Rev 1)',
    );
  });

  it('validates a submittal update', () => {
    const folderId = ids.submittalPackageFolder;
    const e = failure(() =>
      call(
        'SubmittalUpdateRequest',
        {
          submittal: {
            folderId,
            status: 'Lost',
            number: '',
            reviewingCompanyContactId: 424242,
            dueDateFromSub: 'soon',
            originalFolderId: 999999,
          },
        },
        pm,
      ),
    );
    expect(e.status).toBe(400);
    expect(fieldNames(e).sort()).toEqual(
      [
        'submittal.dueDateFromSub',
        'submittal.number',
        'submittal.originalFolderId',
        'submittal.reviewingCompanyContactId',
        'submittal.status',
      ].sort(),
    );
    expect(fieldNames(failure(() => call('SubmittalUpdateRequest', { submittal: {} }, pm)))).toEqual([
      'submittal.folderId',
    ]);
    const local = openSeeded();
    local
      .prepare(
        'INSERT INTO folder_permissions (folder_id, user_id, can_modify, can_delete) VALUES (?, 2, 0, 0)',
      )
      .run(folderId);
    expect(
      failure(() =>
        call('SubmittalUpdateRequest', { submittal: { folderId, notes: 'x' } }, contextFor(local, 'pm')),
      ).status,
    ).toBe(403);
  });

  it('reads the attachments of a submittal item', () => {
    const { attachmentList } = call(
      'SubmittalItemReadAttachmentsRequest',
      { folderId: ids.submittalItemFolder },
      pm,
    );
    expect(attachmentList!.length).toBeGreaterThanOrEqual(1);
    expect(attachmentList!.length).toBeLessThanOrEqual(3);
    expect(attachmentList![0]).toMatchObject({
      uploadedFileName: expect.stringMatching(/\.pdf$/),
      uploadedFileType: 'application/pdf',
    });
    expect(attachmentList![0].uploadedDate).toBeInstanceOf(Date);
    expect(attachmentList![0].uploadedBy).toMatch(/\w+ \w+/);
  });
});

describe('daily reports', () => {
  it('reads a report and its folder', () => {
    const { dailyReport, folder } = call('DailyReportGetRequest', { dailyReportId: ids.dailyReport }, pm);
    expect(dailyReport).toMatchObject({
      dailyReportId: ids.dailyReport,
      folderId: folder?.folderId,
      folderProject: 1,
      folderParentId: p1.dailyReports,
    });
    expect(folder).toMatchObject({
      folderType: folderTypes.dailyReport.code,
      folderReferenceId: ids.dailyReport,
    });
    expect(dailyReport?.dated).toBeInstanceOf(Date);
    expect(dailyReport?.temperature).toMatch(/°F$/);
    expect(dailyReport?.folderName).toBe(
      `Daily Report ${dailyReport!.dated!.toISOString().replace(/^(\d{4})-(\d{2})-(\d{2}).*/, '$2/$3/$1')}`,
    );
  });

  it('reads the activities by CSI code', () => {
    const list = call(
      'DailyReportActivityReadByReportRequest',
      { dailyReportId: ids.dailyReport },
      pm,
    ).dailyReportActivities!;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.length).toBeLessThanOrEqual(10);
    const csi = list.map((a) => a.csi!);
    expect(csi).toEqual([...csi].sort((a, b) => a - b));
    expect(
      list.every((a) => a.dailyReportId === ids.dailyReport && a.csiName && typeof a.isUnion === 'boolean'),
    ).toBe(true);
    const concrete = call(
      'DailyReportActivityReadByReportRequest',
      { dailyReportId: 2 },
      pm,
    ).dailyReportActivities!;
    expect([...list, ...concrete].some((a) => a.contactString?.includes('('))).toBe(true);
  });
});

describe('meetings', () => {
  it('reads a meeting', () => {
    const { meeting } = call('MeetingReadRequest', { folderId: ids.meetingFolder }, pm);
    expect(meeting).toMatchObject({
      folderId: ids.meetingFolder,
      folderParentId: p1.meetings,
      meetingNumber: '001',
      startTime: '10:00 AM',
      endTime: '11:30 AM',
      userCanModify: true,
    });
    expect(meeting?.meetingDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(meeting?.attendeeList?.length).toBeGreaterThanOrEqual(4);
  });

  it('reads the minutes of a meeting in item-number order, hidden ones flagged', () => {
    let hidden = 0;
    for (let i = 0; i < 10; i++) {
      const list = call(
        'MeetingMinutesReadByMeetingRequest',
        { folderId: ids.meetingFolder + 100 * i },
        pm,
      ).meetingMinuteList!;
      expect(list.length).toBeGreaterThanOrEqual(5);
      const numbers = list.map((m) => m.itemNumber!);
      expect(numbers).toEqual([...numbers].sort(compareItemNumbers));
      expect(
        list.every(
          (m) => m.folderParentId === ids.meetingFolder + 100 * i && typeof m.isComplete === 'boolean',
        ),
      ).toBe(true);
      hidden += list.filter((m) => m.isHidden).length;
    }
    expect(hidden).toBeGreaterThan(0);
    expect(['1.02', '10.01', '1.10', '2.01'].sort(compareItemNumbers)).toEqual([
      '1.02',
      '1.10',
      '2.01',
      '10.01',
    ]);
  });
});

describe('scale', () => {
  // How fast: `npm run bench:documents`; no wall clock in unit tests.
  it('reads a folder of many documents, ordered by number', () => {
    const local = openSeeded();
    seedScale(local, { documents: 20_000, logRows: 10 });
    const ctx = contextFor(local, 'pm');
    const docs = call(
      'DocumentsReadInFolderRequest',
      { parentFolderId: findScaleFolder(local)! },
      ctx,
    ).folderDocuments!;
    expect(docs).toHaveLength(20_000);
    expect(docs[0].documentNumber).toBe('SCL-000001');
    expect(docs.at(-1)?.documentNumber).toBe('SCL-020000');
  });
});
