// Writes of the folder browser; each declares what it makes stale (meta.invalidates).
import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { folderKeys } from '../../api/queries/folders';
import type { DocumentExtDrive, Folder } from '../../contract/dtos';
import { documentKeys } from './queries';

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

/** Operation 16: a document record that points at a file on an external drive. */
export function addExtDriveDocumentMutation() {
  return mutationOptions({
    mutationKey: [...documentKeys.all, 'addExtDrive'],
    mutationFn: (document: NewExtDriveDocument) => call('ExtDriveDocumentCreateRequest', { document }),
    meta: { invalidates: [documentKeys.inFolders(), [...documentKeys.all, 'subFolders']] },
  });
}
