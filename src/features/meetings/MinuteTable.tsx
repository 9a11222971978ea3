// One category's minutes: item, summary with details, type, dates, responsible parties, complete; overdue ones
// marked; the meeting a carried-over minute came from; links to the linked issue folders. A table on wide
// screens and in print, one card per minute on a phone (the table's eight columns would scroll sideways).
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MeetingMinute } from '../../contract/dtos';
import print from '../../ui/print.module.css';
import { daysOverdue, type CarriedOver } from './model';
import {
  CompleteMark,
  MinuteSummary,
  OverdueBadge,
  minuteDate as date,
  useLinkedFolders,
} from './MinuteParts';

interface Props {
  category: string;
  minutes: MeetingMinute[];
  today: number;
  projectId: number;
  /** Where a minute carried over from an earlier meeting came from (undefined: raised at this one). */
  carriedOf: (minute: MeetingMinute) => CarriedOver | undefined;
}

const overdueStyle = (late: number) =>
  late > 0
    ? {
        bg: 'var(--mantine-color-red-light)',
        style: { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-6)' },
      }
    : {};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function MinuteCards({ category, minutes, today, projectId, carriedOf }: Props) {
  const linked = useLinkedFolders(minutes);
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`Minutes: ${category}`}
    >
      {minutes.map((m, i) => {
        const late = daysOverdue(m, today);
        return (
          <Paper
            component="li"
            withBorder
            p="sm"
            key={m.meetingMinuteId ?? `card-${i}`}
            data-minute-id={m.meetingMinuteId}
            data-overdue={late > 0 ? 'true' : undefined}
            {...overdueStyle(late)}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm">
                {m.itemNumber ?? '—'}
              </Text>
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <MinuteSummary minute={m} carried={carriedOf(m)} linked={linked} projectId={projectId} />
              </div>
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs">
              <Fact label="Type">{m.minuteType || '—'}</Fact>
              <Fact label="Complete">
                <CompleteMark minute={m} />
              </Fact>
              <Fact label="Originated">{date(m.dateOriginated)}</Fact>
              <Fact label="Due">
                {date(m.dateDue)}
                <OverdueBadge days={late} />
              </Fact>
              <Fact label="Resolved">{date(m.dateResolved)}</Fact>
              <Fact label="Responsible">{(m.responsiblePartiesList ?? []).join(', ') || '—'}</Fact>
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}

function MinuteRows({ category, minutes, today, projectId, carriedOf }: Props) {
  const linked = useLinkedFolders(minutes);
  return (
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
            <Table.Th style={{ width: '29%' }}>Minute</Table.Th>
            <Table.Th style={{ width: '10%' }}>Type</Table.Th>
            <Table.Th style={{ width: '11%' }}>Originated</Table.Th>
            <Table.Th style={{ width: '12%' }}>Due</Table.Th>
            <Table.Th style={{ width: '10%' }}>Resolved</Table.Th>
            <Table.Th style={{ width: '12%' }}>Responsible</Table.Th>
            <Table.Th style={{ width: '10%' }}>Complete</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {minutes.map((m, i) => {
            const late = daysOverdue(m, today);
            return (
              <Table.Tr
                key={m.meetingMinuteId ?? `row-${i}`}
                data-minute-id={m.meetingMinuteId}
                data-overdue={late > 0 ? 'true' : undefined}
                {...overdueStyle(late)}
              >
                <Table.Td fw={600}>{m.itemNumber ?? '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <MinuteSummary minute={m} carried={carriedOf(m)} linked={linked} projectId={projectId} />
                </Table.Td>
                <Table.Td>{m.minuteType || '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(m.dateOriginated)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {date(m.dateDue)}
                  <OverdueBadge days={late} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(m.dateResolved)}</Table.Td>
                <Table.Td>{(m.responsiblePartiesList ?? []).join(', ') || '—'}</Table.Td>
                <Table.Td>
                  <CompleteMark minute={m} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

export function MinuteTable(props: Props) {
  // Phones get cards; print keeps the table (a printed page is wider than a phone's screen).
  const cards = useMediaQuery('screen and (max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap={4} className={print.keep}>
      <Title order={3} size="h5">
        {props.category}
      </Title>
      {cards ? <MinuteCards {...props} /> : <MinuteRows {...props} />}
    </Stack>
  );
}
