// What a minute shows, in the table (wide screens, print) and as a card (phones): its summary with details,
// where it was carried over from, its linked issue; its due date with the overdue badge; open or complete.
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderQuery } from '../../api/queries/folders';
import { useConfig } from '../../config/config';
import type { Folder, MeetingMinute } from '../../contract/dtos';
import { folderPath, routes } from '../../routes/routes';
import { displayTextDate } from '../../ui/textDate';
import { meetingFacts, text, type CarriedOver } from './model';

/** Links to the linked issue folders; each folder is read (in the background) to link to its own screen. */
export function useLinkedFolders(minutes: MeetingMinute[]) {
  const ids = [
    ...new Set(minutes.map((m) => m.linkedIssueFolderID).filter((id): id is number => !!id && id > 0)),
  ];
  const results = useQueries({ queries: ids.map((id) => ({ ...folderQuery(id), retry: false })) });
  return new Map(ids.map((id, i) => [id, results[i]?.data]));
}

/** "From meeting #003 (Sep 16, 2026)", linking that meeting; or the day only when no meeting was held then. */
export function CarriedFrom({ carried, projectId }: { carried: CarriedOver; projectId: number }) {
  if (carried.from?.folderId) {
    const { number, date } = meetingFacts(carried.from);
    return (
      <Anchor component={Link} to={routes.meeting.href(projectId, carried.from.folderId)} size="xs">
        {number ? `From meeting ${number}` : 'From the meeting'} ({date ?? 'date not given'})
      </Anchor>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      From an earlier meeting (originated {displayTextDate(carried.originated)})
    </Text>
  );
}

/** The minute's summary, details, and the links and marks under them. */
export function MinuteSummary({
  minute: m,
  carried,
  linked,
  projectId,
}: {
  minute: MeetingMinute;
  carried: CarriedOver | undefined;
  linked: Map<number, Folder | undefined>;
  projectId: number;
}) {
  const config = useConfig();
  const linkId = m.linkedIssueFolderID;
  const folder = linkId ? linked.get(linkId) : undefined;
  const to = linkId
    ? (folder && folderPath(projectId, folder, config)) || routes.folder.href(projectId, linkId)
    : undefined;
  return (
    <>
      <Text size="sm" fw={500}>
        {m.summary || 'Untitled minute'}
      </Text>
      {text(m.details) && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {m.details}
        </Text>
      )}
      <Group gap={6} mt={2}>
        {carried && <CarriedFrom carried={carried} projectId={projectId} />}
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
    </>
  );
}

export const minuteDate = (v: string | undefined) => displayTextDate(v) ?? '—';

/** "Overdue 3 days", under the due date. */
export function OverdueBadge({ days }: { days: number }) {
  return days > 0 ? (
    <Badge color="red" size="xs" variant="filled" display="block" mt={2}>
      Overdue {days} {days === 1 ? 'day' : 'days'}
    </Badge>
  ) : null;
}

export function CompleteMark({ minute }: { minute: MeetingMinute }) {
  return minute.isComplete ? (
    <Badge color="green" size="sm">
      Complete
    </Badge>
  ) : (
    'Open'
  );
}
