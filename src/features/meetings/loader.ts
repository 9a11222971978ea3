import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { routeId } from '../../routes/routes';
import { folderChildrenQuery } from '../../api/queries/folders';
import { meetingMinutesQuery, meetingQuery } from '../../api/queries/meetings';

/**
 * The meeting (operation 18) and its minutes (operation 19) need only the folder id: both go out at once; the
 * meeting's series (its folder's children, useMeetingSeries) is asked for as soon as the meeting is in.
 */
export function meetingLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const folderId = routeId(params.folderId);
    await Promise.all([
      queryClient.ensureQueryData({ ...meetingQuery(folderId), revalidateIfStale: true }).then((m) => {
        // The series' list (previous / next) as soon as the meeting names its folder, not after the page draws.
        const parentId = m.folderParentId ?? 0;
        if (parentId > 0) void queryClient.prefetchQuery(folderChildrenQuery(parentId));
        return m;
      }),
      // Not fatal: the screen shows the meeting and says in place that the minutes are missing.
      queryClient.ensureQueryData(meetingMinutesQuery(folderId)).catch(() => undefined),
    ]);
    return null;
  };
}
