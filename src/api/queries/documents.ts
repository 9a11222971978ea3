// Query options for the documents of a folder (operation 14), shared by the folder screen and the project
// dashboard's recent-documents panel (same key, one cache). The folder screen's other document reads stay in
// src/features/folders/queries.ts.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { FolderDocument } from '../../contract/dtos';
import { call, type CallProgress, type Transport } from '../client';
import { progressWriter } from './progress';

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

/** The documents of a folder as the query holds them: all of them, or those that have arrived so far. */
export interface FolderDocuments {
  /** In the service's order (document number); while `complete` is false, the ones that have arrived. */
  documents: FolderDocument[];
  /** How many there are (when loading: how many the service announced, if it did). */
  total?: number;
  /** Every document is in. False while the reply is still arriving (or after it broke off). */
  complete: boolean;
}

/**
 * The documents directly in a folder (operation 14), in the service's order (document number). The interface
 * has no paging for it, so a big folder comes in one reply (100,000 documents: 52 MB): it is fetched, parsed
 * and decoded in a Web Worker as it arrives, so the page never freezes and shows the first rows at once
 * (docs/performance.md, issues 4 and 19). On a first load the data grows (`complete: false`) until the last row
 * is in; a refetch keeps the complete list on screen and replaces it when the new one is whole.
 */
export function folderDocumentsQuery(folderId: number) {
  return queryOptions({
    queryKey: documentKeys.inFolder(folderId),
    queryFn: async ({ signal, client, queryKey }): Promise<FolderDocuments> => {
      const shown = client.getQueryData<FolderDocuments>(queryKey);
      const partial = progressWriter<FolderDocuments>(client, queryKey, signal);
      const onProgress = shown?.complete
        ? undefined
        : ({ value, total }: CallProgress) => {
            const documents = (value.folderDocuments as FolderDocument[] | undefined) ?? [];
            partial.push({ documents: documents.slice(), total, complete: false });
          };
      try {
        const { folderDocuments } = await call(
          'DocumentsReadInFolderRequest',
          { parentFolderId: folderId },
          { signal, transport: inWorker, onProgress },
        );
        const documents = folderDocuments ?? [];
        return { documents, total: documents.length, complete: true };
      } finally {
        partial.stop();
      }
    },
    // Each chunk is a new list: comparing 100,000 rows with the last ones on every chunk would cost more than
    // it saves.
    structuralSharing: false,
  });
}

/** Every document of a folder: the cached list when complete, otherwise the one being read (or a new read). */
export async function allFolderDocuments(client: QueryClient, folderId: number): Promise<FolderDocument[]> {
  const cached = client.getQueryData<FolderDocuments>(documentKeys.inFolder(folderId));
  if (cached?.complete) return cached.documents;
  return (await client.fetchQuery({ ...folderDocumentsQuery(folderId), staleTime: 0 })).documents;
}
