import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { folderDocumentsQuery } from '../../api/queries/documents';
import { folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { sessionStore } from '../../api/session';
import { routeId, routes } from '../../routes/routes';
import { findRecentProject, type RecentProject } from './recentProjects';

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((id) => Number.isInteger(id) && id > 0) : [];

/**
 * On a revisit of the dashboard itself: the work panels' lists (the children of the RFI, daily-report, meeting
 * and submittal containers, the documents of the document containers) as of the last visit, asked for with the
 * project instead of after its containers. Not waited for; the panels read the same queries (a container that
 * changed since is simply read again by them).
 */
function prefetchWork(queryClient: QueryClient, work: RecentProject['work']) {
  for (const id of ids(work?.children)) void queryClient.prefetchQuery(folderChildrenQuery(id));
  for (const id of ids(work?.documents)) void queryClient.prefetchQuery(folderDocumentsQuery(id));
}

/**
 * The reads a project's screens start at once, from the signed-in layout's loader (src/app/router.tsx, in the
 * entry: before this route's own chunks have arrived, so on a slow link they travel while the code downloads):
 * the project, the containers when their parent's id is remembered, and on a revisit of the dashboard itself the
 * work panels' lists. Nothing is awaited here; the loader below reads the same queries.
 */
export function startProjectReads(queryClient: QueryClient, projectId: number, pathname: string) {
  const recent = findRecentProject(sessionStore.get()?.userName, projectId);
  if (pathname.endsWith(routes.project.href(projectId))) prefetchWork(queryClient, recent?.work);
  void queryClient
    .ensureQueryData({ ...projectQuery(projectId), revalidateIfStale: true })
    .catch(() => undefined);
  if (recent?.rootFolderId !== undefined) {
    void queryClient.ensureQueryData(folderChildrenQuery(recent.rootFolderId)).catch(() => undefined);
  }
}

/**
 * Loader of /projects/:projectId (and everything below it): the project, then its container folders.
 *
 * The containers are the children of `project.rootFolderId`, so on a first visit they can only be asked for
 * once the project has arrived (two steps). On a revisit the root id is known from the recent-projects list
 * and both requests go out together (`startProjectReads`); if the project's root id turns out to differ, the
 * right children are fetched afterwards. The containers are not fatal: the dashboard shows their error in place.
 *
 * The dashboard itself waits for the project only: its heading and details are drawn as soon as the project is
 * in, while the containers are still on their way (its Folders section and work panels show their skeletons
 * until then). The screens below it wait for both (their breadcrumbs and navbar read the containers).
 */
export function projectLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const projectId = routeId(params.projectId);
    const knownRoot = findRecentProject(sessionStore.get()?.userName, projectId)?.rootFolderId;
    const dashboard = new URL(request.url).pathname.endsWith(routes.project.href(projectId));
    const early =
      knownRoot === undefined
        ? undefined
        : queryClient.ensureQueryData(folderChildrenQuery(knownRoot)).catch(() => undefined);

    const project = await queryClient.ensureQueryData({
      ...projectQuery(projectId),
      revalidateIfStale: true,
    });

    const rootId = project.rootFolderId;
    const containers =
      rootId !== undefined && rootId !== knownRoot
        ? queryClient.ensureQueryData(folderChildrenQuery(rootId)).catch(() => undefined)
        : early;
    if (!dashboard) await containers;
    return null;
  };
}
