// Writes of the folder browser; each declares what it makes stale (meta.invalidates).
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { folderKeys } from '../../api/queries/folders';
import type { DocumentExtDrive, Folder } from '../../contract/dtos';
import { allFolderDocuments, documentKeys } from './queries';

export type FolderChanges = Pick<Folder, 'folderName' | 'folderDescription' | 'folderSorting'>;

/** Operation 12 with only the changed fields (the service changes exactly what is sent). */
export function updateFolderMutation(folderId: number) {
  return mutationOptions({
    mutationKey: [...folderKeys.all, 'update', folderId],
    mutationFn: (changes: FolderChanges) => call('FolderUpdateRequest', { folder: { folderId, ...changes } }),
    // Names show in breadcrumbs, trees and lists: every folder read may hold the old one.
    meta: { invalidates: [folderKeys.all, [...documentKeys.all, 'subFolders']] },
  });
}

export type NewExtDriveDocument = Omit<DocumentExtDrive, 'folderParentId'> & { folderParentId: number };

/**
 * Creates whose reply was lost (network error: the service may have added the document or not), by the exact
 * document sent, with the ids the target folder held before. Sending the same document again first looks for
 * it, so a retry after a lost reply never adds it twice (operation 16 has no idempotency key).
 */
const lostCreates = new Map<string, Set<number>>();

/** Operation 16: a document record that points at a file on an external drive. */
export function addExtDriveDocumentMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: [...documentKeys.all, 'addExtDrive'],
    mutationFn: async (document: NewExtDriveDocument): Promise<AddedReply> => {
      const key = JSON.stringify(document);
      const target = document.folderParentId;
      const before = lostCreates.get(key);
      if (before) {
        const { folderDocuments } = await call('DocumentsReadInFolderRequest', { parentFolderId: target });
        lostCreates.delete(key);
        const added = (folderDocuments ?? []).find(
          (d) =>
            d.documentId !== undefined &&
            !before.has(d.documentId) &&
            d.uploadedFileName === document.fileName,
        );
        if (added) return { fileId: added.documentId, folderId: target, recovered: true };
      }
      // The folder's documents as the screen has them (fetched only for a sub folder not shown yet).
      const known = await allFolderDocuments(queryClient, target);
      try {
        return await call('ExtDriveDocumentCreateRequest', { document });
      } catch (e) {
        if (e instanceof ApiError && e.isNetworkError) {
          lostCreates.set(
            key,
            new Set(known.flatMap((d) => (d.documentId === undefined ? [] : [d.documentId]))),
          );
        }
        throw e;
      }
    },
    meta: { invalidates: [documentKeys.inFolders(), [...documentKeys.all, 'subFolders']] },
  });
}

export interface AddedReply {
  fileId?: number;
  folderId?: number;
  filePath?: string;
  /** The reply of an earlier try was lost, and the document turned out to be there. */
  recovered?: boolean;
}
