import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ensureFolderWithChildren } from '../../api/queries/folders';
import { getConfig } from '../../config/config';
import { routeId } from '../../routes/routes';
import { DETAIL_CONCURRENCY, rfiQuery, rfiRecipientsQuery } from './queries';
import { firstReadOrder } from './model/list';
import { rfiFolders } from './model/status';

/**
 * The RFI container and its RFI folders, together; then, without waiting for them, each RFI's details (one read
 * per RFI, up to DETAIL_CONCURRENCY, in the order the list will show them: `firstReadOrder`), so they go out as
 * soon as the list is known rather than when the screen mounts after the project route's own reads. The
 * screen's `useRfiDetails` shares the same queries (an in-flight read is not sent twice) and reads the rest, rows
 * in view first.
 */
export function rfiListLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const [, children] = await ensureFolderWithChildren(queryClient, routeId(params.containerId));
    const order = firstReadOrder(rfiFolders(children, getConfig()), new URL(request.url).searchParams);
    for (const id of order.slice(0, DETAIL_CONCURRENCY)) void queryClient.prefetchQuery(rfiQuery(id));
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
