import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderQuery } from '../../api/queries/folders';
import { routeId } from '../../routes/routes';

/** The punch-list container folder (its name and whether the user may add to it). */
export function punchListLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData({
      ...folderQuery(routeId(params.containerId)),
      revalidateIfStale: true,
    });
    return null;
  };
}
