// The previous and next meeting of the container (date order), each named by number, type and date; two cards
// side by side (at phone width too: cut with an ellipsis, the date whole).
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Meeting } from '../../contract/dtos';
import { routes } from '../../routes/routes';
import print from '../../ui/print.module.css';
import { meetingFacts, neighbours } from './model';

function MeetingCard({
  projectId,
  meeting,
  label,
  none,
  next,
}: {
  projectId: number;
  meeting: Meeting | undefined;
  label: string;
  none: string;
  next?: boolean;
}) {
  if (!meeting?.folderId) {
    return (
      <Paper withBorder p="xs" radius="md" ta={next ? 'right' : undefined}>
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      </Paper>
    );
  }
  const facts = meetingFacts(meeting);
  return (
    <Paper
      component={Link}
      to={routes.meeting.href(projectId, meeting.folderId)}
      withBorder
      p="xs"
      radius="md"
      ta={next ? 'right' : undefined}
      style={{ display: 'block', color: 'inherit', textDecoration: 'none', minWidth: 0 }}
    >
      <Text size="xs" c="dimmed" fw={600}>
        {!next && <span aria-hidden="true">← </span>}
        {label}
        {next && <span aria-hidden="true"> →</span>}
      </Text>
      <Text size="sm" fw={600} c="var(--mantine-color-anchor)" truncate>
        {[facts.number, facts.type].filter(Boolean).join(' · ') || meeting.subject || 'Meeting'}
      </Text>
      <Text size="sm">{facts.date ?? 'Date not given'}</Text>
    </Paper>
  );
}

export function MeetingNav({
  projectId,
  meeting,
  series,
  pending,
}: {
  projectId: number;
  meeting: Meeting;
  series: Meeting[];
  pending: boolean;
}) {
  const { previous, next } = neighbours(series, meeting.folderId ?? 0);
  if (!pending && !previous && !next) return null;
  return (
    <SimpleGrid
      component="nav"
      aria-label="Meetings"
      cols={2}
      spacing="sm"
      maw={720}
      className={print.noPrint}
    >
      {pending ? (
        <>
          <Skeleton h={70} radius="md" />
          <Skeleton h={70} radius="md" />
        </>
      ) : (
        <>
          <MeetingCard
            projectId={projectId}
            meeting={previous}
            label="Previous meeting"
            none="No earlier meeting"
          />
          <MeetingCard
            projectId={projectId}
            meeting={next}
            label="Next meeting"
            none="No later meeting"
            next
          />
        </>
      )}
    </SimpleGrid>
  );
}
