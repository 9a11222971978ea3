// The RFI list as a table (from the `sm` breakpoint up): sortable headers, one row per RFI.
import { memo } from 'react';
import { Anchor, Badge, Group, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../ui/format';
import { displayTextDate } from '../../ui/textDate';
import { SORT_KEYS, SORT_LABELS, type ListState, type SortKey } from './model/list';
import { courtValue, LockIcon, StatusBadge, unknownValue, type RfiItemProps } from './RfiListParts';

const RIGHT: SortKey[] = ['overdue', 'cost'];
const COLUMNS = SORT_KEYS.map((key) => ({
  key,
  label: SORT_LABELS[key],
  align: RIGHT.includes(key) ? ('right' as const) : undefined,
}));

function SortHeader({
  column,
  state,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  state: ListState;
  onSort: (key: SortKey) => void;
}) {
  const active = state.sort === column.key;
  const arrow = active ? (state.desc ? ' ↓' : ' ↑') : '';
  return (
    <Table.Th
      aria-sort={active ? (state.desc ? 'descending' : 'ascending') : 'none'}
      style={{ textAlign: column.align, whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(column.key)} fw={600} fz="sm">
        {column.label}
        {arrow}
      </UnstyledButton>
    </Table.Th>
  );
}

// Memoised: a row whose RFI, link and state did not change is not drawn again when the list re-renders.
const RfiTableRow = memo(function RfiTableRow({
  row,
  to,
  failed,
  currency,
  observe,
  listSearch,
}: RfiItemProps) {
  const unknown = unknownValue(failed);
  return (
    <Table.Tr ref={observe} data-rfi={row.folderId} data-loaded={row.loaded ? 'true' : 'false'}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={to} state={{ listSearch }} fw={600}>
            {row.number || `RFI ${row.folderId}`}
          </Anchor>
          {row.readOnly && (
            <Text span c="dimmed" lh={1}>
              <LockIcon />
            </Text>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{row.subject || '—'}</Table.Td>
      <Table.Td>{row.loaded ? row.status ? <StatusBadge status={row.status} /> : '—' : unknown}</Table.Td>
      <Table.Td>{row.loaded ? row.fromName || '—' : unknown}</Table.Td>
      <Table.Td>{row.loaded ? row.toName || '—' : unknown}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.loaded ? displayTextDate(row.dueDate) || '—' : unknown}
      </Table.Td>
      <Table.Td style={{ textAlign: 'right' }}>
        {row.daysOverdue > 0 ? (
          <Badge color="red" variant="filled" aria-label={`${row.daysOverdue} days overdue`}>
            {row.daysOverdue}
          </Badge>
        ) : row.loaded ? (
          ''
        ) : (
          unknown
        )}
      </Table.Td>
      <Table.Td>{courtValue(row, failed)}</Table.Td>
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        {!row.loaded
          ? unknown
          : row.costImpact
            ? (formatMoney(row.changeOrderAmount, currency) ?? 'Yes')
            : 'No'}
      </Table.Td>
    </Table.Tr>
  );
});

export function RfiTable({
  items,
  state,
  onSort,
}: {
  items: RfiItemProps[];
  state: ListState;
  onSort: (key: SortKey) => void;
}) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1000}>
        <Table highlightOnHover verticalSpacing="xs" aria-label="RFIs">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <SortHeader key={c.key} column={c} state={state} onSort={onSort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <RfiTableRow key={item.row.folderId} {...item} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
