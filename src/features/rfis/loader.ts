import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { parseId } from '../../app/paths';
import { rfiQuery, rfiRecipientsQuery } from './queries';

const notFound = () => new Response('Not found', { status: 404, statusText: 'Not found' });

/** The RFI container and its RFI folders, together. Details load on the screen, in the background. */
export function rfiListLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const containerId = parseId(params.containerId);
    if (containerId === undefined) throw notFound();
    await Promise.all([
      queryClient.ensureQueryData({ ...folderQuery(containerId), revalidateIfStale: true }),
      queryClient.ensureQueryData({ ...folderChildrenQuery(containerId), revalidateIfStale: true }),
    ]);
    return null;
  };
}

/** The RFI (operation 2) and its recipients (operation 4) need only the id: both go out at once. */
export function rfiLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const rfiId = parseId(params.rfiId);
    if (rfiId === undefined) throw notFound();
    await Promise.all([
      queryClient.ensureQueryData({ ...rfiQuery(rfiId), revalidateIfStale: true }),
      // Not fatal: the screen shows the RFI and says in place that the recipients are missing.
      queryClient.ensureQueryData(rfiRecipientsQuery(rfiId)).catch(() => undefined),
    ]);
    return null;
  };
}

/** Filter and sort live in the search string: changing them needs no loader run (the data is cached). */
export function rfiListShouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
