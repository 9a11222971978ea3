// Daily reports: the latest report (its day, a link) and whether today's exists, from the Daily Reports
// container's children alone (a report's day is its folder's, as the daily-report screen addresses it).
import { useMemo } from 'react';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useConfig } from '../../../config/config';
import { routes } from '../../../routes/routes';
import { displayTextDate, todayDay } from '../../../ui/textDate';
import { isoDay, summarizeDailyReports } from '../model';
import { childrenPending, ContainerPanel, PanelEmpty, type ContainersState } from './Panel';
import { useContainerChildren } from './useReads';

export function DailyReportsPanel({
  projectId,
  containers,
}: {
  projectId: number;
  containers: ContainersState;
}) {
  return (
    <ContainerPanel
      id="work-daily-reports"
      reserve={{ phone: 140, wide: 270 }}
      title="Daily reports"
      containers={containers}
      kind="dailyReports"
      what="daily reports"
      none="No Daily Reports folder"
      link={(c) => ({ to: routes.dailyReports.href(projectId, c.folderId), label: 'Daily reports' })}
    >
      {(containerId) => <LatestReport projectId={projectId} containerId={containerId} />}
    </ContainerPanel>
  );
}

function LatestReport({ projectId, containerId }: { projectId: number; containerId: number }) {
  const config = useConfig();
  const children = useContainerChildren(containerId);
  const today = isoDay(todayDay());
  const summary = useMemo(
    () => (children.data ? summarizeDailyReports(children.data, config, today) : undefined),
    [children.data, config, today],
  );

  const pending = childrenPending(children, 'daily reports');
  if (pending) return pending;
  if (!summary) return null;
  if (!summary.latest) {
    return (
      <PanelEmpty title="No daily reports yet" description="No report has been written for this project." />
    );
  }
  const { latest } = summary;
  const to = routes.dailyReport.href(
    projectId,
    containerId,
    latest.day,
    latest.needsFolderId ? latest.folderId : undefined,
  );
  return (
    <>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Latest report
        </Text>
        <Anchor component={Link} to={to} fw={600} data-testid="latest-report">
          <time dateTime={latest.day}>{displayTextDate(latest.day, { style: 'full' })}</time>
        </Anchor>
      </Stack>
      <Group gap="xs">
        {summary.today ? (
          <Badge color="teal" variant="light" data-testid="today-report">
            Today’s report is in
          </Badge>
        ) : (
          <Badge color="orange" variant="light" data-testid="today-report">
            No report for today yet
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {summary.count} {summary.count === 1 ? 'report' : 'reports'} in all.
      </Text>
    </>
  );
}
