import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { getConfig } from '../../app/config';
import { notFound, parseId } from '../../app/paths';
import { dailyReportActivitiesQuery, dailyReportQuery } from './queries';
import { entryPath, findEntry, isDay, reportEntries, type ReportEntry } from './reportLogic';

/**
 * The project's daily reports: project → its containers → the Daily Reports container's children. The first two
 * are the project route's own reads (same query keys, so they are fetched once); a project has one Daily Reports
 * container (the first by the service's order is used).
 */
export async function loadReportEntries(queryClient: QueryClient, projectId: number): Promise<ReportEntry[]> {
  const config = getConfig();
  const project = await queryClient.ensureQueryData(projectQuery(projectId));
  if (project.rootFolderId === undefined) return [];
  const containers = await queryClient.ensureQueryData(folderChildrenQuery(project.rootFolderId));
  const container = containers.find(
    (f) => f.folderType !== undefined && config.folderTypes.get(f.folderType)?.kind === 'dailyReports',
  );
  if (!container?.folderId) return [];
  const children = await queryClient.ensureQueryData({
    ...folderChildrenQuery(container.folderId),
    revalidateIfStale: true,
  });
  return reportEntries(children, config);
}

/**
 * /projects/:projectId/daily-reports[/:date] — the day's report (operation 8) and its activities (operation 9) go
 * out together. A day without a report is not an error: the screen offers the nearest ones.
 */
export function dailyReportLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const projectId = parseId(params.projectId);
    if (projectId === undefined || (params.date !== undefined && !isDay(params.date))) throw notFound();
    const entries = await loadReportEntries(queryClient, projectId);
    if (params.date === undefined) {
      // /projects/:projectId/daily-reports opens the latest report; with none, the screen says so.
      const latest = entries[entries.length - 1];
      if (latest) throw redirect(entryPath(projectId, latest));
      return null;
    }
    const chosen = parseId(new URL(request.url).searchParams.get('report') ?? undefined);
    const entry = findEntry(entries, params.date, chosen);
    if (!entry) return null;
    await Promise.all([
      queryClient.ensureQueryData({ ...dailyReportQuery(entry.reportId), revalidateIfStale: true }),
      // Not fatal: the screen shows the report and says in place that the activities are missing.
      queryClient.ensureQueryData(dailyReportActivitiesQuery(entry.reportId)).catch(() => undefined),
    ]);
    return null;
  };
}
