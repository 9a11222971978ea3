// The meeting's header: number and type, subject, badges, the facts (date, time, place, type, confidential),
// attendees and the notes before and after the minutes.
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Meeting } from '../../contract/dtos';
import { Field } from '../../ui/Field';
import print from '../../ui/print.module.css';
import { displayTextDate } from '../../ui/textDate';
import { text } from './model';

export function MeetingHeader({
  meeting,
  title,
  overdue,
  overdueNotShown,
}: {
  meeting: Meeting;
  title: string;
  /** Overdue minutes among those shown. */
  overdue: number;
  /** Overdue minutes left out (hidden): said, so the count agrees with the list (issue 34). */
  overdueNotShown: number;
}) {
  const time = [text(meeting.startTime), text(meeting.endTime)].filter(Boolean).join(' – ');
  const attendees = (meeting.attendeeList ?? []).filter((a) => a.trim() !== '');
  return (
    <>
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
          {overdue > 0 && (
            <Badge color="orange" variant="light">
              {overdue} overdue {overdue === 1 ? 'item' : 'items'}
            </Badge>
          )}
          {overdueNotShown > 0 && (
            <Text size="sm" c="dimmed">
              {overdue > 0 ? `${overdueNotShown} more` : overdueNotShown} overdue{' '}
              {overdueNotShown === 1 ? 'item is' : 'items are'} hidden
            </Text>
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
    </>
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
