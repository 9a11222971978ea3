// One category's minutes as a table: item, summary with details, type, dates, responsible parties, complete;
// overdue rows marked; the meeting a carried-over minute came from; links to the linked issue folders.
import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderQuery } from '../../api/queries/folders';
import { useConfig } from '../../config/config';
import type { MeetingMinute } from '../../contract/dtos';
import { folderPath, routes } from '../../routes/routes';
import print from '../../ui/print.module.css';
import { displayTextDate } from '../../ui/textDate';
import { daysOverdue, meetingFacts, text, type CarriedOver } from './model';

/** Links to the linked issue folders; each folder is read (in the background) to link to its own screen. */
function useLinkedFolders(minutes: MeetingMinute[]) {
  const ids = [
    ...new Set(minutes.map((m) => m.linkedIssueFolderID).filter((id): id is number => !!id && id > 0)),
  ];
  const results = useQueries({ queries: ids.map((id) => ({ ...folderQuery(id), retry: false })) });
  return new Map(ids.map((id, i) => [id, results[i]?.data]));
}

/** "From meeting #003 (Sep 16, 2026)", linking that meeting; or the day only when no meeting was held then. */
function CarriedFrom({ carried, projectId }: { carried: CarriedOver; projectId: number }) {
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

export function MinuteTable({
  category,
  minutes,
  today,
  projectId,
  carriedOf,
}: {
  category: string;
  minutes: MeetingMinute[];
  today: number;
  projectId: number;
  /** Where a minute carried over from an earlier meeting came from (undefined: raised at this one). */
  carriedOf: (minute: MeetingMinute) => CarriedOver | undefined;
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
              const carried = carriedOf(m);
              const linkId = m.linkedIssueFolderID;
              const folder = linkId ? linked.get(linkId) : undefined;
              const to = linkId
                ? (folder && folderPath(projectId, folder, config)) || routes.folder.href(projectId, linkId)
                : undefined;
              return (
                <Table.Tr
                  key={m.meetingMinuteId ?? `row-${i}`}
                  data-minute-id={m.meetingMinuteId}
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
