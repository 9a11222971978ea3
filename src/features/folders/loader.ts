import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { parseId } from '../../app/paths';
import { folderDocumentsQuery } from './queries';

function folderIdOf(params: LoaderFunctionArgs['params']): number {
  const folderId = parseId(params.folderId);
  if (folderId === undefined) throw new Response('Not found', { status: 404, statusText: 'Not found' });
  return folderId;
}

/**
 * The folder, its children and its documents need only the folder id, so all go out together. The screen waits
 * for the folder and its children; the documents (up to 100,000 rows) fill in their own section when they come.
 */
export function folderLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const folderId = folderIdOf(params);
    void queryClient.prefetchQuery(folderDocumentsQuery(folderId));
    await Promise.all([
      queryClient.ensureQueryData({ ...folderQuery(folderId), revalidateIfStale: true }),
      queryClient.ensureQueryData({ ...folderChildrenQuery(folderId), revalidateIfStale: true }),
    ]);
    return null;
  };
}

/** The edit form needs the folder as it is now: a stale copy is fetched again before the form opens. */
export function folderEditLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const folderId = folderIdOf(params);
    await queryClient.fetchQuery(folderQuery(folderId));
    return null;
  };
}
