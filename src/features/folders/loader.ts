import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { parseId } from '../../app/paths';

/** The folder and its children need only the folder id, so both requests go out together. */
export function folderLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const folderId = parseId(params.folderId);
    if (folderId === undefined) throw new Response('Not found', { status: 404, statusText: 'Not found' });
    await Promise.all([
      queryClient.ensureQueryData({ ...folderQuery(folderId), revalidateIfStale: true }),
      queryClient.ensureQueryData({ ...folderChildrenQuery(folderId), revalidateIfStale: true }),
    ]);
    return null;
  };
}
