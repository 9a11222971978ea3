// A short ranked list of operations (the slowest, the most failing): each figure opens its requests in the
// explorer, sorted by what the list ranks them by (a duration: the slowest first).
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LogSort } from '../../routes/logView';
import { FigureLink } from './FigureLink';
import { sortedBy } from './links';
import type { GroupRow } from './model/aggregate';

export function Ranked({
  title,
  rows,
  value,
  empty,
  errors,
  sort,
}: {
  title: string;
  rows: GroupRow[];
  value: (r: GroupRow) => string;
  empty: string;
  errors?: boolean;
  /** The explorer's order for the figures' requests (the slowest first, for durations). */
  sort?: LogSort;
}) {
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={4}>
          {rows.map((r) => {
            const failures = errors && r.errorLink;
            const base = failures ? r.errorLink! : r.link;
            const link = sort ? sortedBy(base, sort, failures ? r.errors : r.count) : base;
            return (
              <Group key={r.key} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate="end">
                  {r.label}
                </Text>
                <FigureLink link={link} label={`${r.label}: ${value(r)}`}>
                  {value(r)}
                </FigureLink>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
