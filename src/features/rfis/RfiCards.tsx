// The RFI list on a phone (below the `sm` breakpoint): a card per RFI with its number (the link), status,
// subject, due date, days overdue and ball in court, in the list's order; "Sort by" stands for the table's headers.
import { memo } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { displayTextDate } from '../../ui/textDate';
import { SORT_KEYS, SORT_LABELS, sortsDescFirst, type ListState, type SortKey } from './model/list';
import classes from './RfiCards.module.css';
import { courtValue, LockIcon, StatusBadge, unknownValue, type RfiItemProps } from './RfiListParts';

// Memoised like the table's rows (RfiTable.tsx).
const RfiCard = memo(function RfiCard({ row, to, failed, observe, listSearch }: RfiItemProps) {
  const unknown = unknownValue(failed);
  const days = row.daysOverdue;
  return (
    <li ref={observe} data-rfi={row.folderId} data-loaded={row.loaded ? 'true' : 'false'}>
      <Paper withBorder radius="md" p="sm" className={classes.card}>
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={to} state={{ listSearch }} fw={700} className={classes.link}>
                {row.number || `RFI ${row.folderId}`}
              </Anchor>
              {row.readOnly && (
                <Badge
                  size="sm"
                  variant="outline"
                  color="gray"
                  leftSection={<LockIcon decorative size={12} />}
                >
                  Read-only
                </Badge>
              )}
            </Group>
            {row.loaded ? row.status && <StatusBadge status={row.status} /> : unknown}
          </Group>
          <Text size="sm" fw={500} className={classes.subject}>
            {row.subject || '—'}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" component="div">
              Due {row.loaded ? displayTextDate(row.dueDate) || '—' : unknown}
            </Text>
            {days > 0 && (
              <Badge color="red" variant="filled">
                {days} {days === 1 ? 'day' : 'days'} overdue
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" component="div">
            Ball in court:{' '}
            <Text span inherit c="var(--mantine-color-text)" fw={500}>
              {courtValue(row, failed)}
            </Text>
          </Text>
        </Stack>
      </Paper>
    </li>
  );
});

export function RfiCards({
  items,
  state,
  setState,
}: {
  items: RfiItemProps[];
  state: ListState;
  setState: (patch: Partial<ListState>) => void;
}) {
  return (
    <Stack gap="sm" hiddenFrom="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label="Sort by"
          data={SORT_KEYS.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
          value={state.sort}
          onChange={(v) => v && setState({ sort: v as SortKey, desc: sortsDescFirst(v as SortKey) })}
          allowDeselect={false}
          style={{ flex: 1 }}
        />
        <ActionIcon
          variant="default"
          size="input-sm"
          onClick={() => setState({ desc: !state.desc })}
          aria-label="Descending"
          aria-pressed={state.desc}
          title={state.desc ? 'Descending (click for ascending)' : 'Ascending (click for descending)'}
        >
          {state.desc ? '↓' : '↑'}
        </ActionIcon>
      </Group>
      <Stack component="ul" role="list" aria-label="RFIs" gap="xs" className={classes.list}>
        {items.map((item) => (
          <RfiCard key={item.row.folderId} {...item} />
        ))}
      </Stack>
    </Stack>
  );
}
