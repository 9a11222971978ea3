// Above the table, for the rows of the current query loaded here (one page, and what the live tail added):
// requests per minute split by errors, a duration histogram with p50 / p95 / p99, and the slowest and most
// failing paths. It says which rows it covers, and that older ones are not counted (issue 34: "Most failing
// paths: None" read as "no failures" while they were a page back). Plain SVG and text, no chart library.
import { useMemo } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes/routes';
import type { RequestLogEntry } from '../../contract/dtos';
import { formatDuration } from './model/entry';
import { boundLabel, durationStats, pathStats, timeline } from './model/stats';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function Timeline({ rows }: { rows: RequestLogEntry[] }) {
  const buckets = useMemo(() => timeline(rows), [rows]);
  if (!buckets.length)
    return (
      <Text size="sm" c="dimmed">
        No timed requests.
      </Text>
    );
  const max = Math.max(...buckets.map((b) => b.ok + b.errors), 1);
  // At least 30 slots, newest on the right, so a few minutes do not make one wide block.
  const slots = Math.max(buckets.length, 30);
  const w = 100 / slots;
  const offset = slots - buckets.length;
  const errors = buckets.reduce((n, b) => n + b.errors, 0);
  return (
    <Stack gap={4}>
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        width="100%"
        height={80}
        role="img"
        aria-label={`Requests per minute over ${buckets.length} minutes, ${errors} errors`}
      >
        {buckets.map((b, i) => {
          const okH = (b.ok / max) * 40;
          const errH = (b.errors / max) * 40;
          return (
            <g key={b.minute}>
              <title>{`${timeFormat.format(b.minute)}: ${b.ok + b.errors} requests, ${b.errors} errors`}</title>
              <rect
                x={(offset + i) * w + w * 0.1}
                width={w * 0.8}
                y={40 - okH}
                height={okH}
                fill="var(--mantine-color-teal-5)"
              />
              <rect
                x={(offset + i) * w + w * 0.1}
                width={w * 0.8}
                y={40 - okH - errH}
                height={errH}
                fill="var(--mantine-color-red-6)"
              />
            </g>
          );
        })}
      </svg>
      <Group justify="space-between" gap={4}>
        <Text size="xs" c="dimmed">
          {timeFormat.format(buckets[0].minute)}
          {buckets.length > 1 ? ` – ${timeFormat.format(buckets.at(-1)!.minute)}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          peak {max}/min · <span style={{ color: 'var(--mantine-color-red-6)' }}>■</span> errors{' '}
          <span style={{ color: 'var(--mantine-color-teal-5)' }}>■</span> ok
        </Text>
      </Group>
    </Stack>
  );
}

function Histogram({ rows }: { rows: RequestLogEntry[] }) {
  const stats = useMemo(() => durationStats(rows), [rows]);
  if (!stats.count)
    return (
      <Text size="sm" c="dimmed">
        No durations.
      </Text>
    );
  const max = Math.max(...stats.bins.map((b) => b.count), 1);
  return (
    <Stack gap={4}>
      <div
        style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 64 }}
        role="img"
        aria-label="Durations"
      >
        {stats.bins.map((b) => (
          <div
            key={b.upTo}
            title={`${b.upTo === Infinity ? '≥ 5 s' : `< ${boundLabel(b.upTo)}`}: ${b.count} requests`}
            style={{
              flex: 1,
              height: `${Math.max((b.count / max) * 100, b.count ? 4 : 0)}%`,
              background: 'var(--mantine-color-blue-5)',
              borderRadius: 2,
            }}
          />
        ))}
      </div>
      <div style={{ display: 'flex', gap: 2 }}>
        {stats.bins.map((b) => (
          // minWidth 0 and wrapping: ten labels fit a phone's width (none scrolls sideways).
          <Text
            key={b.upTo}
            size="10px"
            c="dimmed"
            style={{ flex: 1, minWidth: 0, textAlign: 'center', overflowWrap: 'anywhere' }}
          >
            {b.upTo === Infinity ? '≥5s' : `<${boundLabel(b.upTo)}`}
          </Text>
        ))}
      </div>
      <Text size="xs" data-testid="percentiles">
        p50 <b>{formatDuration(stats.p50)}</b> · p95 <b>{formatDuration(stats.p95)}</b> · p99{' '}
        <b>{formatDuration(stats.p99)}</b>
      </Text>
    </Stack>
  );
}

function Paths({ rows, onPath }: { rows: RequestLogEntry[]; onPath: (path: string) => void }) {
  const none = `None in these ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`;
  const { slowest, failing } = useMemo(() => pathStats(rows), [rows]);
  const list = (title: string, items: typeof slowest, value: (s: (typeof slowest)[number]) => string) => (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="xs" c="dimmed">
          {none}
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing={4} fz="xs">
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={s.path}>
                <Table.Td
                  style={{
                    maxWidth: 220,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  <UnstyledButton
                    fz="xs"
                    c="blue"
                    onClick={() => onPath(s.path)}
                    title={`Filter by path ${s.path}`}
                  >
                    {s.path || '(none)'}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {value(s)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
  return (
    <Stack gap="xs">
      {list('Slowest paths (p95)', slowest, (s) => formatDuration(s.p95))}
      {list('Most failing paths', failing, (s) => `${s.errors} of ${s.count}`)}
    </Stack>
  );
}

export function Overview({
  rows,
  older,
  onPath,
}: {
  rows: RequestLogEntry[];
  /** Older rows of the query exist beyond those loaded (the next page): they are not counted here. */
  older: boolean;
  onPath: (path: string) => void;
}) {
  const n = rows.length;
  return (
    <Stack gap={4} component="section" aria-label="Summary of the rows loaded">
      <Text size="xs" c="dimmed" data-testid="overview-sample">
        Summary of the {n} {n === 1 ? 'row' : 'rows'} loaded
        {older ? (
          <>
            ; older requests are not counted (the next pages, or{' '}
            <Anchor component={Link} to={routes.analytics.href()} size="xs" underline="always">
              Analytics
            </Anchor>{' '}
            over a time window)
          </>
        ) : (
          ': every request of this query'
        )}
        .
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            Requests per minute
          </Text>
          <Timeline rows={rows} />
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            Duration
          </Text>
          <Histogram rows={rows} />
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Paths rows={rows} onPath={onPath} />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
