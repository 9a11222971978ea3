// Meetings: the next meeting (date, name and number, a link) and the overdue minutes (action items past due and
// not complete or resolved), per meeting. A meeting's date is only in its record, so each meeting is read with
// its minutes (operations 18 and 19, all at once, the newest MAX_MEETINGS meetings).
import { useMemo } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { meetingMinutesQuery, meetingQuery } from '../../../api/queries/meetings';
import { folderPath, routes } from '../../../routes/routes';
import { useConfig } from '../../../config/config';
import type { Meeting, MeetingMinute } from '../../../contract/dtos';
import { displayTextDate, todayDay } from '../../../ui/textDate';
import { lastMeeting, meetingLabel, meetingsToRead, nextMeeting, overdueByMeeting } from '../model';
import {
  childrenPending,
  ContainerPanel,
  Count,
  PanelEmpty,
  PanelError,
  PanelLoading,
  PartialFailure,
  type ContainersState,
} from './Panel';
import { useContainerChildren, useReads } from './useReads';

/** Meetings with overdue minutes listed by name. */
const LISTED = 4;

export function MeetingsPanel({ projectId, containers }: { projectId: number; containers: ContainersState }) {
  const config = useConfig();
  return (
    <ContainerPanel
      id="work-meetings"
      reserve={{ phone: 460, wide: 380 }}
      title="Meetings"
      containers={containers}
      kind="meetings"
      what="meetings"
      none="No Meetings folder"
      link={(c) => {
        const to = folderPath(projectId, c, config);
        return to ? { to, label: 'All meetings' } : undefined;
      }}
    >
      {(containerId) => <MeetingFigures projectId={projectId} containerId={containerId} />}
    </ContainerPanel>
  );
}

type Read = Meeting | MeetingMinute[];

function MeetingFigures({ projectId, containerId }: { projectId: number; containerId: number }) {
  const config = useConfig();
  const children = useContainerChildren(containerId);
  const { folders, total } = useMemo(
    () => (children.data ? meetingsToRead(children.data, config) : { folders: [], total: 0 }),
    [children.data, config],
  );
  // Meeting and minutes of each meeting, side by side: [meeting 1, minutes 1, meeting 2, minutes 2, …].
  const reads = useReads<Read>(
    folders.flatMap((f) => [
      meetingQuery(f.folderId ?? 0) as UseQueryOptions<Read, Error, Read, QueryKey>,
      meetingMinutesQuery(f.folderId ?? 0) as UseQueryOptions<Read, Error, Read, QueryKey>,
    ]),
    folders.length * 2,
  );

  const pending = childrenPending(children, 'meetings');
  if (pending) return pending;
  if (folders.length === 0) return <PanelEmpty title="No meetings yet" />;
  if (reads.settled < folders.length * 2) {
    return (
      <PanelLoading
        label="Loading meetings"
        progress={`Reading meetings: ${folders.filter((_, i) => reads.answered[2 * i] && reads.answered[2 * i + 1]).length} of ${folders.length}`}
      />
    );
  }

  if (reads.failed === folders.length * 2) {
    return <PanelError error={reads.error} what="The meetings" onRetry={reads.retryFailed} />;
  }

  const today = todayDay();
  const perMeeting = folders.map((f, i) => ({
    folderId: f.folderId ?? 0,
    folderName: f.folderName,
    meeting: reads.data[2 * i] as Meeting | undefined,
    minutes: reads.data[2 * i + 1] as MeetingMinute[] | undefined,
  }));
  const meetings = perMeeting.flatMap((m) => (m.meeting ? [{ ...m.meeting, folderId: m.folderId }] : []));
  const next = nextMeeting(meetings, today);
  const last = next ? undefined : lastMeeting(meetings, today);
  const overdue = overdueByMeeting(perMeeting, today);
  const nameOf = (folderId: number, meeting?: Meeting) =>
    meetingLabel(meeting, perMeeting.find((m) => m.folderId === folderId)?.folderName);

  return (
    <>
      <Stack gap={2} data-testid="next-meeting">
        <Text size="sm" c="dimmed">
          Next meeting
        </Text>
        {next ? (
          <MeetingLine projectId={projectId} meeting={next} name={nameOf(next.folderId ?? 0, next)} />
        ) : (
          <Text size="sm">No meeting is scheduled from today on.</Text>
        )}
      </Stack>
      {last && (
        <Stack gap={2} data-testid="last-meeting">
          <Text size="sm" c="dimmed">
            Last meeting
          </Text>
          <MeetingLine projectId={projectId} meeting={last} name={nameOf(last.folderId ?? 0, last)} />
        </Stack>
      )}
      <Count
        value={overdue.total}
        label={overdue.total === 1 ? 'overdue minute' : 'overdue minutes'}
        testId="meetings-overdue-count"
        color={overdue.total > 0 ? 'var(--mantine-color-error)' : undefined}
      />
      {overdue.meetings.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Meetings with overdue minutes"
        >
          {overdue.meetings.slice(0, LISTED).map((m) => (
            <li key={m.folderId}>
              <Group gap={6} wrap="nowrap" align="baseline">
                <Anchor
                  component={Link}
                  to={routes.meeting.href(projectId, m.folderId)}
                  size="sm"
                  truncate="end"
                >
                  {nameOf(m.folderId, m.meeting)}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {m.overdue} overdue
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {total > folders.length
          ? `From the ${folders.length} newest of ${total} meetings.`
          : `From ${total} ${total === 1 ? 'meeting' : 'meetings'}.`}{' '}
        Overdue: not complete, not resolved, due before today.
      </Text>
      <PartialFailure
        failed={reads.failed}
        of={folders.length * 2}
        noun="meeting reads"
        onRetry={reads.retryFailed}
      />
    </>
  );
}

function MeetingLine({ projectId, meeting, name }: { projectId: number; meeting: Meeting; name: string }) {
  const when = [displayTextDate(meeting.meetingDate, { style: 'full' }), meeting.startTime]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={routes.meeting.href(projectId, meeting.folderId ?? 0)} fw={600}>
        {name}
      </Anchor>
      <Text size="sm">{when}</Text>
      {meeting.meetingType && !name.includes(meeting.meetingType) && (
        <Text size="xs" c="dimmed">
          {meeting.meetingType}
        </Text>
      )}
    </Stack>
  );
}
