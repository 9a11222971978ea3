import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ensureFolderWithChildren, folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { getConfig } from '../../config/config';
import { routeId } from '../../routes/routes';
import { attachmentsQuery, itemFolders, lastReplyQuery } from './queries';

/** The submittals container and its package folders, together. */
export function submittalListLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await ensureFolderWithChildren(queryClient, routeId(params.containerId));
    return null;
  };
}

/**
 * The package folder (operation 11) and its item folders (operation 13) need only the id: both go out at once.
 * The items' files (operation 7) need the items, so they follow, all together, and fill in on the screen.
 */
export function submittalPackageLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const packageId = routeId(params.packageId);
    const [, children] = await Promise.all([
      queryClient.ensureQueryData({ ...folderQuery(packageId), revalidateIfStale: true }),
      queryClient.ensureQueryData({ ...folderChildrenQuery(packageId), revalidateIfStale: true }),
      queryClient.ensureQueryData(lastReplyQuery(packageId)),
    ]);
    for (const item of itemFolders(children, getConfig())) {
      void queryClient.prefetchQuery(attachmentsQuery(item.folderId ?? 0));
    }
    return null;
  };
}
