// The meetings among a folder's children (a Meetings container's), each with its number, date and type: one
// meeting read (operation 18) per meeting, in the background after the page shows (the interface lists meetings
// only as folders). A table on wider screens, cards at phone width. Service order, as every folder list. At most
// MEETINGS_PAGE meetings are listed and read at first; "Show more" lists and reads the next ones.
import { useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { meetingQuery } from '../../api/queries/meetings';
import { useConfig } from '../../config/config';
import type { Folder, Meeting } from '../../contract/dtos';
import { folderPath, routes } from '../../routes/routes';
import { DateText } from '../../ui/DateText';
import { FolderIcon } from '../../ui/icons';
import { displayTextDate } from '../../ui/textDate';

interface Row {
  folder: Folder;
  to: string;
  name: string;
  meeting?: Meeting;
  pending: boolean;
}

/** A meeting's value, a placeholder while it is read, a dash when it is not there. */
function value(row: Row, pick: (m: Meeting) => string | undefined): ReactNode {
  if (row.pending) return <Skeleton h={12} w={70} display="inline-block" aria-label="Loading" />;
  const v = row.meeting ? pick(row.meeting)?.trim() : undefined;
  return v || '—';
}

const number = (m: Meeting) => m.meetingNumber;
const date = (m: Meeting) => displayTextDate(m.meetingDate);
const type = (m: Meeting) => m.meetingType;

function Name({ row }: { row: Row }) {
  return (
    <Group gap={6} wrap="nowrap">
      <FolderIcon width={16} height={16} style={{ flexShrink: 0 }} />
      <Anchor component={Link} to={row.to} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {row.name}
      </Anchor>
    </Group>
  );
}

function MeetingTable({ rows }: { rows: Row[] }) {
  return (
    <Paper withBorder radius="md">
      <Table highlightOnHover verticalSpacing="xs" aria-labelledby="folder-meetings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Meeting</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Last changed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.folder.folderId} data-meeting-folder={row.folder.folderId}>
              <Table.Td>{value(row, number)}</Table.Td>
              <Table.Td>
                <Name row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{value(row, date)}</Table.Td>
              <Table.Td>{value(row, type)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateText value={row.folder.updatedDate ?? row.folder.createdDate} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function MeetingCards({ rows }: { rows: Row[] }) {
  return (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-labelledby="folder-meetings"
    >
      {rows.map((row) => (
        <Paper
          component="li"
          key={row.folder.folderId}
          withBorder
          radius="md"
          p="sm"
          data-meeting-folder={row.folder.folderId}
        >
          <Name row={row} />
          <Text size="sm" mt={4}>
            No. {value(row, number)} · {value(row, type)}
          </Text>
          <Text size="sm">{value(row, date)}</Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** Meetings listed (and read, one request each) at a time. */
export const MEETINGS_PAGE = 50;

export function MeetingFolders({ projectId, folders: all }: { projectId: number; folders: Folder[] }) {
  const config = useConfig();
  const cards = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [limit, setLimit] = useState(MEETINGS_PAGE);
  const folders = all.slice(0, limit);
  const rest = all.length - folders.length;
  const reads = useQueries({
    queries: folders.map((f) => ({ ...meetingQuery(f.folderId ?? 0), enabled: !!f.folderId })),
  });
  const rows: Row[] = folders.map((folder, i) => ({
    folder,
    to: folderPath(projectId, folder, config) ?? routes.folder.href(projectId, folder.folderId ?? 0),
    name: folder.folderName || `Meeting ${folder.folderId ?? ''}`,
    meeting: reads[i]?.data,
    pending: reads[i]?.isPending ?? false,
  }));
  const failed = reads.filter((r) => r.isError);
  return (
    <Stack gap="sm" component="section" aria-labelledby="folder-meetings">
      <Title order={2} size="h3" id="folder-meetings">
        Meetings
      </Title>
      {failed.length > 0 && (
        <Group gap="xs" role="status">
          <Text size="sm" c="dimmed">
            The number, date and type of {failed.length} {failed.length === 1 ? 'meeting' : 'meetings'} could
            not be read.
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => failed.forEach((r) => void r.refetch())}>
            Try again
          </Button>
        </Group>
      )}
      {cards ? <MeetingCards rows={rows} /> : <MeetingTable rows={rows} />}
      {rest > 0 && (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {folders.length} of {all.length} meetings shown.
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => setLimit((n) => n + MEETINGS_PAGE)}>
            Show {Math.min(rest, MEETINGS_PAGE)} more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
