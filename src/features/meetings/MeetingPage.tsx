// The meeting screen: header (number, subject, date and time, place, type, confidential, attendees, notes), the
// minutes by category in item-number order with overdue ones marked, toggles in the URL for completed and
// hidden minutes, links to the linked issue folders, and a print view (print CSS).
import { useMemo } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { folderQuery } from '../../api/queries/folders';
import { useConfig } from '../../config/config';
import { folderPath, routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import type { MeetingMinute } from '../../contract/dtos';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Field } from '../../ui/Field';
import print from '../../ui/print.module.css';
import { displayTextDate, todayDay } from '../../ui/textDate';
import { daysOverdue, viewMinutes } from './model';
import { meetingMinutesQuery, meetingQuery } from './queries';

const text = (v: string | undefined) => (v && v.trim() ? v : undefined);

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
  const title = meeting.subject || `Meeting ${meeting.meetingNumber ?? folderId}`;
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

  const time = [text(meeting.startTime), text(meeting.endTime)].filter(Boolean).join(' – ');
  const attendees = (meeting.attendeeList ?? []).filter((a) => a.trim() !== '');

  return (
    <Stack gap="lg" maw={1280} className={print.sheet}>
      <Group justify="space-between" className={print.noPrint}>
        {meeting.folderParentId ? (
          <Anchor component={Link} to={routes.folder.href(projectId, meeting.folderParentId)} size="sm">
            ← All meetings
          </Anchor>
        ) : (
          <span />
        )}
        <Button size="sm" variant="light" onClick={() => window.print()}>
          Print
        </Button>
      </Group>

      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={600}>
          Meeting {meeting.meetingNumber ?? ''}
          {meeting.meetingType ? ` · ${meeting.meetingType}` : ''}
        </Text>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Group gap="xs">
          {meeting.isConfidential && (
            <Badge color="red" variant="filled">
              Confidential
            </Badge>
          )}
          {view.overdue > 0 && (
            <Badge color="orange" variant="light">
              {view.overdue} overdue {view.overdue === 1 ? 'item' : 'items'}
            </Badge>
          )}
        </Group>
      </Stack>

      <SimpleGrid component="dl" cols={{ base: 2, xs: 3, lg: 6 }} spacing="md" m={0} aria-label="Meeting">
        <Field label="Number">{text(meeting.meetingNumber)}</Field>
        <Field label="Date">{displayTextDate(meeting.meetingDate, { style: 'full' })}</Field>
        <Field label="Time">{time || undefined}</Field>
        <Field label="Location">{text(meeting.meetingLocation)}</Field>
        <Field label="Type">{text(meeting.meetingType)}</Field>
        <Field label="Confidential">{meeting.isConfidential ? 'Yes' : 'No'}</Field>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" className={print.keep}>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Attendees">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
            Attendees ({attendees.length})
          </Text>
          {attendees.length ? (
            <Text size="sm" component="ul" m={0} pl="md">
              {attendees.map((a, i) => (
                <li key={`${a}-${i}`}>{a}</li>
              ))}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No attendees recorded.
            </Text>
          )}
        </Paper>
        <Note title="Notes before the minutes" value={text(meeting.notesBeforeMinutes)} />
        <Note title="Notes after the minutes" value={text(meeting.notesAfterMinutes)} />
      </SimpleGrid>

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
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}

function Note({ title, value }: { title: string; value?: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
        {title}
      </Text>
      <Text
        size="sm"
        c={value ? undefined : 'dimmed'}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {value ?? 'None.'}
      </Text>
    </Paper>
  );
}

/** Links to the linked issue folders; each folder is read (in the background) to link to its own screen. */
function useLinkedFolders(minutes: MeetingMinute[]) {
  const ids = [
    ...new Set(minutes.map((m) => m.linkedIssueFolderID).filter((id): id is number => !!id && id > 0)),
  ];
  const results = useQueries({ queries: ids.map((id) => ({ ...folderQuery(id), retry: false })) });
  return new Map(ids.map((id, i) => [id, results[i]?.data]));
}

function MinuteTable({
  category,
  minutes,
  today,
  projectId,
}: {
  category: string;
  minutes: MeetingMinute[];
  today: number;
  projectId: number;
}) {
  const config = useConfig();
  const linked = useLinkedFolders(minutes);
  const date = (v: string | undefined) => displayTextDate(v) ?? '—';
  return (
    <Stack gap={4} className={print.keep}>
      <Title order={3} size="h5">
        {category}
      </Title>
      <div
        className={print.wide}
        tabIndex={0}
        role="region"
        aria-label={`Minutes: ${category} (scrolls sideways)`}
      >
        {/* Fixed layout: the columns line up from one category to the next. */}
        <Table withTableBorder layout="fixed" verticalSpacing={6} fz="sm" aria-label={`Minutes: ${category}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: '6%' }}>Item</Table.Th>
              <Table.Th style={{ width: '30%' }}>Minute</Table.Th>
              <Table.Th style={{ width: '10%' }}>Type</Table.Th>
              <Table.Th style={{ width: '11%' }}>Originated</Table.Th>
              <Table.Th style={{ width: '12%' }}>Due</Table.Th>
              <Table.Th style={{ width: '11%' }}>Resolved</Table.Th>
              <Table.Th style={{ width: '12%' }}>Responsible</Table.Th>
              <Table.Th style={{ width: '8%' }}>Complete</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {minutes.map((m, i) => {
              const late = daysOverdue(m, today);
              const linkId = m.linkedIssueFolderID;
              const folder = linkId ? linked.get(linkId) : undefined;
              const to = linkId
                ? (folder && folderPath(projectId, folder, config)) || routes.folder.href(projectId, linkId)
                : undefined;
              return (
                <Table.Tr
                  key={m.meetingMinuteId ?? `row-${i}`}
                  data-overdue={late > 0 ? 'true' : undefined}
                  bg={late > 0 ? 'var(--mantine-color-red-light)' : undefined}
                  style={late > 0 ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-6)' } : undefined}
                >
                  <Table.Td fw={600}>{m.itemNumber ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={500}>
                      {m.summary || 'Untitled minute'}
                    </Text>
                    {text(m.details) && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                        {m.details}
                      </Text>
                    )}
                    <Group gap={6} mt={2}>
                      {m.isHidden && (
                        <Badge size="xs" color="gray" variant="outline">
                          Hidden
                        </Badge>
                      )}
                      {to && (
                        <Anchor component={Link} to={to} size="xs">
                          Linked issue: {folder?.folderName ?? `folder ${linkId}`}
                        </Anchor>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{m.minuteType || '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(m.dateOriginated)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {date(m.dateDue)}
                    {late > 0 && (
                      <Badge color="red" size="xs" variant="filled" display="block" mt={2}>
                        Overdue {late} {late === 1 ? 'day' : 'days'}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(m.dateResolved)}</Table.Td>
                  <Table.Td>{(m.responsiblePartiesList ?? []).join(', ') || '—'}</Table.Td>
                  <Table.Td>{m.isComplete ? <Badge color="green">Complete</Badge> : 'Open'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}

export default MeetingPage;
