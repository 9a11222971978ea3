// Reads of the folder browser that only this screen family uses. Folder details and child folders
// are shared (src/api/queries/folders.ts); writes are in mutations.ts (kept out of the route loader's import).
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { documentKeys } from '../../api/queries/documents';

// The documents of a folder moved down to src/api/queries/documents.ts (the dashboard reads them too).
export {
  allFolderDocuments,
  documentKeys,
  folderDocumentsQuery,
  type FolderDocuments,
} from '../../api/queries/documents';

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
