// The daily report screen, addressed by its Daily Reports container and its day: header, weather, site notes,
// the activities and the manpower totals, previous / next within the project, and a print view (print CSS: no
// app chrome, fits A4 / Letter).
import { useMemo } from 'react';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { useConfig } from '../../config/config';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { parseId, routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { dayLabel, entryPath, findEntry, nearest, reportEntries } from './model';
import { NoDailyReports } from './ReportNavigation';
import { ReportScreen } from './ReportScreen';

/**
 * The project and the daily reports of the container in the URL, in day order, from the reads the loader made (no
 * new request). Without a container (an older address of a project that has none) there are no reports.
 */
export function useReportEntries(projectId: number, containerId: number | undefined) {
  const config = useConfig();
  const project = useSuspenseQuery(projectQuery(projectId)).data;
  const children = useQuery({ ...folderChildrenQuery(containerId ?? 0), enabled: containerId !== undefined });
  const entries = useMemo(() => reportEntries(children.data ?? [], config), [children.data, config]);
  return { project, entries, error: children.error };
}

export function DailyReportPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { projectId } = useRouteIds(routes.dailyReport);
  // Only an id: a day in its place is an older address that the loader redirects (or, without a container, ends here).
  const containerId = parseId(params.containerId);
  const day = (containerId !== undefined && params.date) || '';
  const { project, entries, error } = useReportEntries(projectId, containerId);
  const entry = findEntry(entries, day, parseId(search.get('report') ?? undefined));
  useDocumentTitle(
    day ? `Daily report ${dayLabel(day, 'medium')} · PM Console` : 'Daily reports · PM Console',
  );

  if (containerId === undefined || !day) {
    return <NoDailyReports projectName={project.projectName} error={error} projectId={projectId} />;
  }
  if (!entry) {
    const { before, after } = nearest(entries, day);
    return (
      <Stack gap="md" maw={900}>
        <Title order={1}>Daily report · {dayLabel(day)}</Title>
        {error ? (
          <ErrorAlert error={error} title="The daily reports could not be read" />
        ) : (
          <Alert color="gray" variant="light" title="No report for this day">
            <Text size="sm">
              {project.projectName ?? 'This project'} has no daily report for {dayLabel(day)}.
            </Text>
          </Alert>
        )}
        <Group gap="md">
          {before && (
            <Anchor component={Link} to={entryPath(projectId, containerId, before)}>
              ← Earlier: {dayLabel(before.day, 'medium')}
            </Anchor>
          )}
          {after && (
            <Anchor component={Link} to={entryPath(projectId, containerId, after)}>
              Later: {dayLabel(after.day, 'medium')} →
            </Anchor>
          )}
        </Group>
      </Stack>
    );
  }
  return (
    <ReportScreen
      key={entry.reportId}
      projectId={projectId}
      containerId={containerId}
      project={project}
      entries={entries}
      entry={entry}
    />
  );
}

export default DailyReportPage;
