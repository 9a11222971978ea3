// Reads of the folder browser that only this screen family uses. Folder details and child folders
// are shared (src/api/queries/folders.ts); writes are in mutations.ts (kept out of the route loader's import).
import { queryOptions } from '@tanstack/react-query';
import { call, type Transport } from '../../api/client';

// The worker transport is loaded on first use: this module is reached from the router's static loader import,
// and nothing of the worker path may land in the entry chunk (the sign-in first-load budget).
const inWorker: Transport = async (...args) =>
  (await import('../../api/workerTransport')).workerTransport(...args);

export const documentKeys = {
  all: ['documents'] as const,
  inFolders: () => [...documentKeys.all, 'inFolder'] as const,
  inFolder: (folderId: number) => [...documentKeys.inFolders(), folderId] as const,
  subFolders: (parentId: number, folderType: string) =>
    [...documentKeys.all, 'subFolders', parentId, folderType] as const,
  statuses: (projectId: number) => [...documentKeys.all, 'statuses', projectId] as const,
};

/**
 * The documents directly in a folder (operation 14), in the service's order (document number). The interface
 * has no paging for it, so a big folder comes in one reply (100,000 documents: 52 MB): it is fetched, parsed
 * and decoded in a Web Worker so the page never freezes (docs/performance.md, issue 4).
 */
export function folderDocumentsQuery(folderId: number) {
  return queryOptions({
    queryKey: documentKeys.inFolder(folderId),
    queryFn: async ({ signal }) => {
      const { folderDocuments } = await call(
        'DocumentsReadInFolderRequest',
        { parentFolderId: folderId },
        { signal, transport: inWorker },
      );
      return folderDocuments ?? [];
    },
  });
}

/** Child folders as document records (operation 15): sizes per folder; `folderType` "" means every type. */
export function subFolderDocumentsQuery(parentId: number, folderType = '') {
  return queryOptions({
    queryKey: documentKeys.subFolders(parentId, folderType),
    queryFn: async ({ signal }) => {
      const { documents } = await call(
        'FoldersDocumentsGetByParentFolderRequest',
        { folderParentId: parentId, folderType: folderType || undefined },
        { signal },
      );
      return documents ?? [];
    },
  });
}

/** Document statuses of a project (operation 17). */
export function documentStatusesQuery(projectId: number) {
  return queryOptions({
    queryKey: documentKeys.statuses(projectId),
    queryFn: async ({ signal }) => {
      const { items } = await call('ListDocumentStatusReadRequest', { projectId }, { signal });
      return items ?? [];
    },
    staleTime: 10 * 60_000,
  });
}
