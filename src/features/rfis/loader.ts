import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ensureFolderWithChildren } from '../../api/queries/folders';
import { routeId } from '../../app/paths';
import { rfiQuery, rfiRecipientsQuery } from './queries';

/** The RFI container and its RFI folders, together. Details load on the screen, in the background. */
export function rfiListLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await ensureFolderWithChildren(queryClient, routeId(params.containerId));
    return null;
  };
}

/** The RFI (operation 2) and its recipients (operation 4) need only the id: both go out at once. */
export function rfiLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const rfiId = routeId(params.rfiId);
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
