import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { parseId, routeId } from '../../routes/routes';
import { documentStatusesQuery, folderDocumentsQuery, subFolderDocumentsQuery } from './queries';

/**
 * The breadcrumbs end at the project's root folder: it is asked for as soon as the project (and so its root id)
 * is known — at once in the app, where the project is cached — instead of after the folder's ancestors arrive.
 */
function prefetchRootFolder(queryClient: QueryClient, params: LoaderFunctionArgs['params']) {
  const projectId = parseId(params.projectId);
  if (projectId === undefined) return;
  void queryClient
    .ensureQueryData(projectQuery(projectId))
    .then((p) => (p.rootFolderId ? queryClient.prefetchQuery(folderQuery(p.rootFolderId)) : undefined))
    .catch(() => undefined);
}

/**
 * The folder, its children, its documents, its sub folders' sizes and the project's document statuses need
 * only ids from the address, so all go out together (one round trip; `npm run bench`, part roundtrips). The
 * screen waits for the folder and its children; the rest fill in their own sections when they come.
 */
export function folderLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const folderId = routeId(params.folderId);
    void queryClient.prefetchQuery(folderDocumentsQuery(folderId));
    void queryClient.prefetchQuery(subFolderDocumentsQuery(folderId));
    const projectId = parseId(params.projectId);
    if (projectId !== undefined) void queryClient.prefetchQuery(documentStatusesQuery(projectId));
    prefetchRootFolder(queryClient, params);
    const folder = queryClient.ensureQueryData({ ...folderQuery(folderId), revalidateIfStale: true });
    // The folder tree opens the folder's parent: its children are asked for as soon as the folder names it.
    void folder
      .then((f) =>
        f.folderParentId ? queryClient.prefetchQuery(folderChildrenQuery(f.folderParentId)) : undefined,
      )
      .catch(() => undefined);
    await Promise.all([
      folder,
      queryClient.ensureQueryData({ ...folderChildrenQuery(folderId), revalidateIfStale: true }),
    ]);
    return null;
  };
}

/** The edit form needs the folder as it is now: a stale copy is fetched again before the form opens. */
export function folderEditLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const folderId = routeId(params.folderId);
    prefetchRootFolder(queryClient, params);
    await queryClient.fetchQuery(folderQuery(folderId));
    return null;
  };
}
