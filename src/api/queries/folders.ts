// Query options for folders (everything in a project is a folder), shared by the shell and the features.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Folder } from '../../contract/dtos';
import { call } from '../client';
import { requireFound } from '../errors';

export const folderKeys = {
  all: ['folders'] as const,
  details: () => [...folderKeys.all, 'detail'] as const,
  detail: (folderId: number) => [...folderKeys.details(), folderId] as const,
  childLists: () => [...folderKeys.all, 'children'] as const,
  children: (parentId: number) => [...folderKeys.childLists(), parentId] as const,
};

export function folderQuery(folderId: number) {
  return queryOptions({
    queryKey: folderKeys.detail(folderId),
    queryFn: async ({ signal }) => {
      const { folder } = await call('FolderGetRequest', { folderId }, { signal });
      return requireFound(folder, `Folder ${folderId}`);
    },
  });
}

/** Service order is kept where it says one (`folderSorting`), then by name. */
export function sortFolders(folders: Folder[]): Folder[] {
  return [...folders].sort(
    (a, b) =>
      (a.folderSorting ?? 0) - (b.folderSorting ?? 0) ||
      (a.folderName ?? '').localeCompare(b.folderName ?? '', undefined, { numeric: true }),
  );
}

/** The child folders of a folder (operation FolderReadIssueRequest). */
export function folderChildrenQuery(parentId: number) {
  return queryOptions({
    queryKey: folderKeys.children(parentId),
    queryFn: async ({ signal }) => {
      const { folderList } = await call('FolderReadIssueRequest', { folderParentId: parentId }, { signal });
      return sortFolders(folderList ?? []);
    },
  });
}

/** A container's loader: the folder and its children need only its id, so both go out at once. */
export function ensureFolderWithChildren(queryClient: QueryClient, folderId: number) {
  return Promise.all([
    queryClient.ensureQueryData({ ...folderQuery(folderId), revalidateIfStale: true }),
    queryClient.ensureQueryData({ ...folderChildrenQuery(folderId), revalidateIfStale: true }),
  ]);
}
