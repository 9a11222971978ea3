import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderQuery } from '../../api/queries/folders';
import { parseId } from '../../app/paths';

const notFound = () => new Response('Not found', { status: 404, statusText: 'Not found' });

/** The punch-list container folder (its name and whether the user may add to it). */
export function punchListLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const containerId = parseId(params.containerId);
    if (containerId === undefined) throw notFound();
    await queryClient.ensureQueryData({ ...folderQuery(containerId), revalidateIfStale: true });
    return null;
  };
}
