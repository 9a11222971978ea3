// Which records a logged request touched, read from its request DTO (the request log's `requestDto`, stored with
// the contract's field names). One rule for the analytics page (traffic by project and by record) and for the
// History tab of a record (the write requests that touched it).
//
// RFIs, submittal packages, punch-list containers and meetings are folders, so a record is a project, a folder
// or a daily report. `role` says how the request reached it, for people: "RFI", "container", "package", …
import { operations, type OperationName } from '../../contract/operations';

export type TargetKind = 'project' | 'folder' | 'dailyReport';

export interface RequestTarget {
  kind: TargetKind;
  id: number;
  /** How the request names it: 'RFI', 'package', 'container', 'folder', 'meeting', 'project', 'daily report'. */
  role: string;
}

type Dto = Record<string, unknown>;

const idOf = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
const objectOf = (v: unknown): Dto | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dto) : undefined;

/** Per operation: the targets its request DTO names. Operations not listed name no record (sign-in, the log). */
const readers: Partial<Record<OperationName, (dto: Dto) => [TargetKind, unknown, string][]>> = {
  OpenIssueReadRequest: (d) => [['folder', d.folderId, 'RFI']],
  OpenIssueReadRecipientsRequest: (d) => [['folder', d.folderId, 'RFI']],
  OpenIssueUpdateRequest: (d) => {
    const rfi = objectOf(d.openIssue) ?? {};
    return [
      ['folder', rfi.folderId, 'RFI'],
      ['folder', rfi.folderParentId, 'container'],
      ['project', rfi.projectId, 'project'],
    ];
  },
  // The service files an item under folderId, or folderParentId when folderId is not sent: the container.
  PunchListCreateManyRequest: (d) =>
    (Array.isArray(d.punchlistList) ? d.punchlistList : []).flatMap((item) => {
      const p = objectOf(item) ?? {};
      return [
        ['folder', idOf(p.folderId) ?? p.folderParentId, 'container'],
        ['project', p.projectId, 'project'],
      ] as [TargetKind, unknown, string][];
    }),
  SubmittalUpdateRequest: (d) => {
    const s = objectOf(d.submittal) ?? {};
    return [
      ['folder', s.folderId, 'package'],
      ['folder', s.folderParentId, 'container'],
    ];
  },
  SubmittalItemReadAttachmentsRequest: (d) => [['folder', d.folderId, 'package']],
  DailyReportGetRequest: (d) => [['dailyReport', d.dailyReportId, 'daily report']],
  DailyReportActivityReadByReportRequest: (d) => [['dailyReport', d.dailyReportId, 'daily report']],
  ProjectGetRequest: (d) => [['project', d.projectId, 'project']],
  FolderGetRequest: (d) => [['folder', d.folderId, 'folder']],
  FolderUpdateRequest: (d) => {
    const f = objectOf(d.folder) ?? {};
    return [
      ['folder', f.folderId, 'folder'],
      ['project', f.folderProjectId, 'project'],
    ];
  },
  FolderReadIssueRequest: (d) => [['folder', d.folderParentId, 'folder']],
  DocumentsReadInFolderRequest: (d) => [['folder', d.parentFolderId, 'folder']],
  FoldersDocumentsGetByParentFolderRequest: (d) => [['folder', d.folderParentId, 'folder']],
  ListDocumentStatusReadRequest: (d) => [['project', d.projectId, 'project']],
  MeetingReadRequest: (d) => [['folder', d.folderId, 'meeting']],
  MeetingMinutesReadByMeetingRequest: (d) => [['folder', d.folderId, 'meeting']],
};

/**
 * The records a request to `operation` with this request DTO touched, each once (first role wins). An unknown
 * operation, a missing or truncated DTO (the log caps what it stores) or a DTO without ids gives `[]`.
 */
export function requestTargets(operation: string | undefined, requestDto: unknown): RequestTarget[] {
  const read = operation ? readers[operation as OperationName] : undefined;
  const dto = objectOf(requestDto);
  if (!read || !dto) return [];
  const seen = new Set<string>();
  const out: RequestTarget[] = [];
  for (const [kind, raw, role] of read(dto)) {
    const id = idOf(raw);
    if (id === undefined || seen.has(`${kind}:${id}`)) continue;
    seen.add(`${kind}:${id}`);
    out.push({ kind, id, role });
  }
  return out;
}

/** Whether the operation changes data (a History tab lists these). */
export function isWriteOperation(operation: string | undefined): boolean {
  return operation !== undefined && operations[operation as OperationName]?.effect === 'write';
}

/** The write operations, with the path the request log files them under (for a PathInfo filter). */
export const writeOperations = (Object.keys(operations) as OperationName[])
  .filter((name) => operations[name].effect === 'write')
  .map((name) => ({ name, path: operations[name].path }));
