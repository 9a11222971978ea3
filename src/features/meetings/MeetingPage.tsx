// The meeting screen: the previous and next meeting of its container (MeetingNav), the header (MeetingHeader), the
// minutes by category in item-number order (MinuteTable) with overdue ones marked and carried-over ones naming
// their meeting, toggles in the URL for completed and hidden minutes, and a print view (print CSS).
import { useMemo } from 'react';
import { Alert, Anchor, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ExportButtons } from '../../ui/ExportButtons';
import { exportFileName } from '../../ui/xlsx/sheet';
import print from '../../ui/print.module.css';
import { PrintHeader } from '../../ui/views/PrintHeader';
import { todayDay } from '../../ui/textDate';
import { MeetingHeader } from './MeetingHeader';
import { MinuteTable } from './MinuteTable';
import { minutesSheet } from './exports';
import { MeetingNav } from './MeetingNav';
import { carriedFrom, viewMinutes } from './model';
import { meetingMinutesQuery, meetingQuery } from '../../api/queries/meetings';
import { projectQuery } from '../../api/queries/projects';
import { useMeetingSeries } from './useMeetingSeries';

export function MeetingPage() {
  const { projectId, folderId } = useRouteIds(routes.meeting);
  const [search, setSearch] = useSearchParams();
  const showCompleted = search.get('completed') === '1';
  const showHidden = search.get('hidden') === '1';
  const meeting = useSuspenseQuery(meetingQuery(folderId)).data;
  const minutes = useQuery(meetingMinutesQuery(folderId));
  const today = todayDay();
  const view = useMemo(
    () => viewMinutes(minutes.data ?? [], { showCompleted, showHidden, today }),
    [minutes.data, showCompleted, showHidden, today],
  );
  const { series, pending } = useMeetingSeries(meeting);
  const title = meeting.subject || `Meeting ${meeting.meetingNumber ?? folderId}`;
  const project = useQuery(projectQuery(projectId)).data?.projectName || `Project ${projectId}`;
  useDocumentTitle(`${title} · PM Console`);

  const toggle = (key: 'completed' | 'hidden', on: boolean) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (on) next.set(key, '1');
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" maw={1280} className={print.sheet}>
      <PrintHeader title={`Minutes · ${title}`} project={project} />
      <Group justify="space-between" className={print.noPrint}>
        {meeting.folderParentId ? (
          <Anchor component={Link} to={routes.folder.href(projectId, meeting.folderParentId)} size="sm">
            ← All meetings
          </Anchor>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <ExportButtons
            fileName={exportFileName(`meeting ${meeting.meetingNumber ?? folderId} minutes`, projectId)}
            disabled={view.shown === 0}
            sheets={() => [minutesSheet(view.groups, today, (m) => carriedFrom(m, meeting, series))]}
          />
          <Button size="sm" variant="light" onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Group>

      <MeetingNav projectId={projectId} meeting={meeting} series={series} pending={pending} />

      <MeetingHeader
        meeting={meeting}
        title={title}
        overdue={view.overdueShown}
        overdueNotShown={view.overdueNotShown}
      />

      <Stack gap="sm" component="section" aria-labelledby="minutes">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="minutes">
            Minutes
          </Title>
          <Group gap="lg" className={print.noPrint}>
            <Switch
              label={`Show completed (${view.completed})`}
              checked={showCompleted}
              onChange={(e) => toggle('completed', e.currentTarget.checked)}
            />
            <Switch
              label={`Show hidden (${view.hidden})`}
              checked={showHidden}
              onChange={(e) => toggle('hidden', e.currentTarget.checked)}
            />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {minutes.data && view.total > 0
            ? `${view.shown} of ${view.total} minutes shown${
                showCompleted || showHidden
                  ? ` (including ${[showCompleted && 'completed', showHidden && 'hidden'].filter(Boolean).join(' and ')})`
                  : ' (open items only)'
              }. Overdue: not complete and due before today.`
            : null}
        </Text>
        {minutes.isError ? (
          <ErrorAlert
            error={minutes.error}
            title="The minutes could not be read"
            onRetry={() => void minutes.refetch()}
          />
        ) : !minutes.data ? (
          <Text size="sm" c="dimmed">
            Loading minutes…
          </Text>
        ) : view.total === 0 ? (
          <Alert color="gray" variant="light" title="No minutes" data-testid="no-minutes">
            No minutes have been recorded for this meeting yet.
          </Alert>
        ) : view.shown === 0 ? (
          <Alert color="gray" variant="light" title="Nothing to show">
            Every minute of this meeting is completed or hidden. Turn on “Show completed” or “Show hidden” to
            see them.
          </Alert>
        ) : (
          view.groups.map((g) => (
            <MinuteTable
              key={g.category}
              category={g.category}
              minutes={g.minutes}
              today={today}
              projectId={projectId}
              carriedOf={(m) => carriedFrom(m, meeting, series)}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}

export default MeetingPage;
