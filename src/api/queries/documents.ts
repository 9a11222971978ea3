// Query options for the documents of a folder (operation 14), shared by the folder screen and the project
// dashboard's recent-documents panel (same key, one cache). The folder screen's other document reads stay in
// src/features/folders/queries.ts.
import { queryOptions } from '@tanstack/react-query';
import { call, type Transport } from '../client';

// The worker transport is loaded on first use: this module is reached from the router's static loader import,
// and nothing of the worker path may land in the entry chunk (the sign-in first-load budget).
const inWorker: Transport = async (...args) => (await import('../workerTransport')).workerTransport(...args);

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
