import type { QueryClient } from '@tanstack/react-query';
import { replace, type LoaderFunctionArgs } from 'react-router-dom';
import { ensureFolderWithChildren, folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { getConfig } from '../../config/config';
import { notFound, parseId, routes, routeId } from '../../routes/routes';
import { dailyReportActivitiesQuery, dailyReportQuery } from './queries';
import {
  entryPath,
  findEntry,
  findReportsContainer,
  isDay,
  isReportsContainerOf,
  reportEntries,
  type ReportEntry,
} from './model';

/** The report (operation 8) and its activities (operation 9) need only the report id: both go out at once. */
function loadReport(queryClient: QueryClient, entry: ReportEntry) {
  return Promise.all([
    queryClient.ensureQueryData({ ...dailyReportQuery(entry.reportId), revalidateIfStale: true }),
    // Not fatal: the screen shows the report and says in place that the activities are missing.
    queryClient.ensureQueryData(dailyReportActivitiesQuery(entry.reportId)).catch(() => undefined),
  ]);
}

/**
 * The older addresses `/projects/:projectId/daily-reports[/YYYY-MM-DD]` (bookmarks made before the container was
 * in the URL, and places that know only the project): the Daily Reports container is found the old way (project
 * → its containers, the project route's own reads) and the same day opens at the new address, in place of the old
 * one in the history. A project without that container gets the screen's "no daily reports".
 */
async function redirectToContainer(
  queryClient: QueryClient,
  projectId: number,
  day: string | undefined,
  url: URL,
) {
  const project = await queryClient.ensureQueryData(projectQuery(projectId));
  if (project.rootFolderId === undefined) return null;
  const containers = await queryClient.ensureQueryData(folderChildrenQuery(project.rootFolderId));
  const containerId = findReportsContainer(containers, getConfig())?.folderId;
  if (containerId === undefined) return null;
  const chosen = parseId(url.searchParams.get('report') ?? undefined);
  throw replace(
    day
      ? routes.dailyReport.href(projectId, containerId, day, chosen)
      : routes.dailyReports.href(projectId, containerId),
  );
}

/**
 * /projects/:projectId/daily-reports/:containerId[/:date] — two waves, cold or in the app: the container and its
 * children (the reports by day) need only the id in the URL; then the day's report and its activities together.
 * The project and the navbar's containers are the parent route's reads, in parallel, never waited for here.
 * Without a date it opens the latest report: that report's reads go out before the redirect, so the redirect
 * (which waits for the parent's reads too) adds no wave. A day without a report is not an error: the screen
 * offers the nearest ones.
 */
export function dailyReportLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const projectId = routeId(params.projectId);
    const { containerId: key, date } = params;
    const url = new URL(request.url);
    // An older address: no container, or a day where the container id now is.
    if (key === undefined) return redirectToContainer(queryClient, projectId, undefined, url);
    if (isDay(key) && date === undefined) return redirectToContainer(queryClient, projectId, key, url);

    const containerId = routeId(key);
    if (date !== undefined && !isDay(date)) throw notFound();
    const config = getConfig();
    const [container, children] = await ensureFolderWithChildren(queryClient, containerId);
    if (!isReportsContainerOf(container, projectId, config)) throw notFound();
    const entries = reportEntries(children, config);
    if (date === undefined) {
      // The latest report; with none, the screen says so.
      const latest = entries[entries.length - 1];
      if (!latest) return null;
      void loadReport(queryClient, latest).catch(() => undefined);
      throw replace(entryPath(projectId, containerId, latest));
    }
    const entry = findEntry(entries, date, parseId(url.searchParams.get('report') ?? undefined));
    if (entry) await loadReport(queryClient, entry);
    return null;
  };
}
