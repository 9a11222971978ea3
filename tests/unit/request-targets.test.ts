import { describe, expect, it } from 'vitest';
import { isWriteOperation, requestTargets, writeOperations } from '../../src/api/rules/requestTargets';

describe('requestTargets', () => {
  it('reads the RFI, its container and project from an update', () => {
    expect(
      requestTargets('OpenIssueUpdateRequest', {
        openIssue: { folderId: 41, folderParentId: 40, projectId: 1, subject: 'x' },
      }),
    ).toEqual([
      { kind: 'folder', id: 41, role: 'RFI' },
      { kind: 'folder', id: 40, role: 'container' },
      { kind: 'project', id: 1, role: 'project' },
    ]);
  });

  it('names each punch-list container once, folderId before folderParentId', () => {
    expect(
      requestTargets('PunchListCreateManyRequest', {
        punchlistList: [
          { folderParentId: 7, projectId: 2 },
          { folderParentId: 7, projectId: 2 },
          { folderId: 9, folderParentId: 7 },
        ],
      }),
    ).toEqual([
      { kind: 'folder', id: 7, role: 'container' },
      { kind: 'project', id: 2, role: 'project' },
      { kind: 'folder', id: 9, role: 'container' },
    ]);
  });

  it('reads plain id requests', () => {
    expect(requestTargets('ProjectGetRequest', { projectId: 3 })).toEqual([
      { kind: 'project', id: 3, role: 'project' },
    ]);
    expect(requestTargets('DailyReportGetRequest', { dailyReportId: 12 })).toEqual([
      { kind: 'dailyReport', id: 12, role: 'daily report' },
    ]);
    expect(requestTargets('DocumentsReadInFolderRequest', { parentFolderId: 5 })).toEqual([
      { kind: 'folder', id: 5, role: 'folder' },
    ]);
  });

  it('gives nothing for unknown operations, missing or odd DTOs', () => {
    expect(requestTargets(undefined, { projectId: 1 })).toEqual([]);
    expect(requestTargets('InternalUserAuthenticationRequest', { userName: 'a' })).toEqual([]);
    expect(requestTargets('ProjectGetRequest', undefined)).toEqual([]);
    expect(requestTargets('ProjectGetRequest', '{"projectId":1')).toEqual([]);
    expect(requestTargets('ProjectGetRequest', { projectId: -1 })).toEqual([]);
    expect(requestTargets('ProjectGetRequest', { projectId: '1' })).toEqual([]);
    expect(requestTargets('PunchListCreateManyRequest', { punchlistList: 'x' })).toEqual([]);
    expect(requestTargets('OpenIssueUpdateRequest', { openIssue: null })).toEqual([]);
  });

  it('knows the write operations', () => {
    expect(isWriteOperation('OpenIssueUpdateRequest')).toBe(true);
    expect(isWriteOperation('OpenIssueReadRequest')).toBe(false);
    expect(isWriteOperation('Nope')).toBe(false);
    expect(writeOperations.map((w) => w.name).sort()).toEqual([
      'ExtDriveDocumentCreateRequest',
      'FolderUpdateRequest',
      'OpenIssueUpdateRequest',
      'PunchListCreateManyRequest',
      'SubmittalUpdateRequest',
    ]);
  });
});
