import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { routeId } from '../../routes/routes';
import { meetingMinutesQuery, meetingQuery } from '../../api/queries/meetings';

/** The meeting (operation 18) and its minutes (operation 19) need only the folder id: both go out at once. */
export function meetingLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const folderId = routeId(params.folderId);
    await Promise.all([
      queryClient.ensureQueryData({ ...meetingQuery(folderId), revalidateIfStale: true }),
      // Not fatal: the screen shows the meeting and says in place that the minutes are missing.
      queryClient.ensureQueryData(meetingMinutesQuery(folderId)).catch(() => undefined),
    ]);
    return null;
  };
}
