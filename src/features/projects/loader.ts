import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { sessionStore } from '../../api/session';
import { routeId } from '../../routes/routes';
import { findRecentProject } from './recentProjects';

/**
 * Loader of /projects/:projectId (and everything below it): the project, then its container folders.
 *
 * The containers are the children of `project.rootFolderId`, so on a first visit they can only be asked for
 * once the project has arrived (two steps). On a revisit the root id is known from the recent-projects list
 * and both requests go out together; if the project's root id turns out to differ, the right children are
 * fetched afterwards. The containers are not fatal: the dashboard shows their error in place.
 */
export function projectLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const projectId = routeId(params.projectId);

    const knownRoot = findRecentProject(sessionStore.get()?.userName, projectId)?.rootFolderId;
    const early =
      knownRoot === undefined
        ? undefined
        : queryClient.ensureQueryData(folderChildrenQuery(knownRoot)).catch(() => undefined);

    const project = await queryClient.ensureQueryData({
      ...projectQuery(projectId),
      revalidateIfStale: true,
    });

    const rootId = project.rootFolderId;
    if (rootId !== undefined && rootId !== knownRoot) {
      await queryClient.ensureQueryData(folderChildrenQuery(rootId)).catch(() => undefined);
    } else {
      await early;
    }
    return null;
  };
}
