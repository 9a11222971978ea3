// One row per session operation (18 of the 20; sign-in and the request log have their own tests): a body that
// works, a body with one bad field and the field name the reply must name, and a body with an unknown id.
import type { OperationName } from '../../src/contract/operations';
import { UNKNOWN_ID, type SeedIds } from './harness';

export interface OpCase {
  name: OperationName;
  /** A request that succeeds (changes nothing, or only what a test may change). */
  valid: (ids: SeedIds) => Record<string, unknown>;
  /** A request with one bad field, and the `fieldName` the 400 reply must carry. */
  bad: { body: (ids: SeedIds) => Record<string, unknown>; fieldName: string };
  /** A request whose id does not exist: 404. */
  unknown: () => Record<string, unknown>;
  /** A request without its id: 400 naming this field. */
  missing?: { body: Record<string, unknown>; fieldName: string };
}

export const sessionCases: OpCase[] = [
  {
    name: 'OpenIssueReadRequest',
    valid: (ids) => ({ folderId: ids.rfiFolderIds[0] }),
    bad: { body: () => ({ folderId: 'abc' }), fieldName: 'folderId' },
    unknown: () => ({ folderId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderId' },
  },
  {
    name: 'OpenIssueUpdateRequest',
    valid: (ids) => ({ openIssue: { folderId: ids.rfiFolderIds[0] } }),
    bad: {
      body: (ids) => ({ openIssue: { folderId: ids.rfiFolderIds[0], dueDate: 'someday' } }),
      fieldName: 'openIssue.dueDate',
    },
    unknown: () => ({ openIssue: { folderId: UNKNOWN_ID, subject: 'Nothing' } }),
    missing: { body: { openIssue: { subject: 'No id' } }, fieldName: 'openIssue.folderId' },
  },
  {
    name: 'OpenIssueReadRecipientsRequest',
    valid: (ids) => ({ folderId: ids.rfiFolderIds[0] }),
    bad: { body: () => ({ folderId: 'abc' }), fieldName: 'folderId' },
    unknown: () => ({ folderId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderId' },
  },
  {
    name: 'PunchListCreateManyRequest',
    valid: (ids) => ({
      punchlistList: [
        { folderId: ids.punchListFolderId, tempItemId: 'cases-valid-1', summary: 'Touch up paint' },
      ],
    }),
    bad: {
      body: (ids) => ({
        punchlistList: [
          { folderId: ids.punchListFolderId, tempItemId: 'cases-bad-0', summary: 'Row 0' },
          { folderId: ids.punchListFolderId, tempItemId: 'cases-bad-1', summary: 'Row 1' },
          { folderId: ids.punchListFolderId, tempItemId: 'cases-bad-2', summary: { text: 'not text' } },
        ],
      }),
      fieldName: 'punchlistList[2].summary',
    },
    unknown: () => ({
      punchlistList: [{ folderId: UNKNOWN_ID, tempItemId: 'cases-unknown', summary: 'Nowhere' }],
    }),
  },
  {
    name: 'SubmittalUpdateRequest',
    valid: (ids) => ({ submittal: { folderId: ids.submittalPackageFolderIds[0] } }),
    bad: {
      body: (ids) => ({ submittal: { folderId: ids.submittalPackageFolderIds[0], isPending: 'maybe' } }),
      fieldName: 'submittal.isPending',
    },
    unknown: () => ({ submittal: { folderId: UNKNOWN_ID, notes: 'Nothing' } }),
  },
  {
    name: 'SubmittalItemReadAttachmentsRequest',
    valid: (ids) => ({ folderId: ids.submittalItemFolderId }),
    bad: { body: () => ({ folderId: 1.5 }), fieldName: 'folderId' },
    unknown: () => ({ folderId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderId' },
  },
  {
    name: 'DailyReportGetRequest',
    valid: (ids) => ({ dailyReportId: ids.dailyReportId }),
    bad: { body: () => ({ dailyReportId: 'abc' }), fieldName: 'dailyReportId' },
    unknown: () => ({ dailyReportId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'dailyReportId' },
  },
  {
    name: 'DailyReportActivityReadByReportRequest',
    valid: (ids) => ({ dailyReportId: ids.dailyReportId }),
    bad: { body: () => ({ dailyReportId: true }), fieldName: 'dailyReportId' },
    unknown: () => ({ dailyReportId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'dailyReportId' },
  },
  {
    name: 'ProjectGetRequest',
    valid: (ids) => ({ projectId: ids.projectId }),
    bad: { body: () => ({ projectId: 'abc' }), fieldName: 'projectId' },
    unknown: () => ({ projectId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'projectId' },
  },
  {
    name: 'FolderGetRequest',
    valid: (ids) => ({ folderId: ids.rootFolderId }),
    bad: { body: () => ({ folderId: 'abc' }), fieldName: 'folderId' },
    unknown: () => ({ folderId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderId' },
  },
  {
    name: 'FolderUpdateRequest',
    valid: (ids) => ({ folder: { folderId: ids.containers.documents } }),
    bad: {
      body: (ids) => ({ folder: { folderId: ids.containers.documents, folderSorting: 'first' } }),
      fieldName: 'folder.folderSorting',
    },
    unknown: () => ({ folder: { folderId: UNKNOWN_ID, folderName: 'Nothing' } }),
    missing: { body: { folder: { folderName: 'No id' } }, fieldName: 'folder.folderId' },
  },
  {
    name: 'FolderReadIssueRequest',
    valid: (ids) => ({ folderParentId: ids.rootFolderId }),
    bad: { body: () => ({ folderParentId: [1] }), fieldName: 'folderParentId' },
    unknown: () => ({ folderParentId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderParentId' },
  },
  {
    name: 'DocumentsReadInFolderRequest',
    valid: (ids) => ({ parentFolderId: ids.documentFolderId }),
    bad: { body: () => ({ parentFolderId: 'abc' }), fieldName: 'parentFolderId' },
    unknown: () => ({ parentFolderId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'parentFolderId' },
  },
  {
    name: 'FoldersDocumentsGetByParentFolderRequest',
    valid: (ids) => ({ folderParentId: ids.rootFolderId }),
    bad: { body: () => ({ folderParentId: { id: 1 } }), fieldName: 'folderParentId' },
    unknown: () => ({ folderParentId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderParentId' },
  },
  {
    name: 'ExtDriveDocumentCreateRequest',
    valid: (ids) => ({ document: { folderParentId: ids.documentFolderId, fileName: 'cases-valid.pdf' } }),
    bad: {
      body: (ids) => ({
        document: {
          folderParentId: ids.documentFolderId,
          fileName: 'x.pdf',
          downloadUrl: 'javascript:alert(1)',
        },
      }),
      fieldName: 'document.downloadUrl',
    },
    unknown: () => ({ document: { folderParentId: UNKNOWN_ID, fileName: 'nowhere.pdf' } }),
  },
  {
    name: 'ListDocumentStatusReadRequest',
    valid: (ids) => ({ projectId: ids.projectId }),
    bad: { body: () => ({ projectId: 99_999_999_999 }), fieldName: 'projectId' },
    unknown: () => ({ projectId: UNKNOWN_ID }),
  },
  {
    name: 'MeetingReadRequest',
    valid: (ids) => ({ folderId: ids.meetingFolderId }),
    bad: { body: () => ({ folderId: 'abc' }), fieldName: 'folderId' },
    unknown: () => ({ folderId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderId' },
  },
  {
    name: 'MeetingMinutesReadByMeetingRequest',
    valid: (ids) => ({ folderId: ids.meetingFolderId }),
    bad: { body: () => ({ folderId: 'abc' }), fieldName: 'folderId' },
    unknown: () => ({ folderId: UNKNOWN_ID }),
    missing: { body: {}, fieldName: 'folderId' },
  },
];
