// The RFI list as a table (from the `sm` breakpoint up): sortable headers, one row per RFI.
import { memo } from 'react';
import { Anchor, Badge, Group, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../ui/format';
import { displayTextDate } from '../../ui/textDate';
import { shownColumns, SORT_KEYS, SORT_LABELS, type ListState, type SortKey } from './model/list';
import { courtValue, LockIcon, StatusBadge, unknownValue, type RfiItemProps } from './RfiListParts';

const RIGHT: SortKey[] = ['overdue', 'cost'];
export const COLUMNS = SORT_KEYS.map((key) => ({
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
      data-column={column.key}
      aria-sort={active ? (state.desc ? 'descending' : 'ascending') : 'none'}
      style={{ textAlign: column.align, whiteSpace: 'nowrap', width: state.widths?.[column.key] }}
    >
      <UnstyledButton onClick={() => onSort(column.key)} fw={600} fz="sm">
        {column.label}
        {arrow}
      </UnstyledButton>
    </Table.Th>
  );
}

function Cell({ column, row, to, failed, currency, listSearch }: RfiItemProps & { column: SortKey }) {
  const unknown = unknownValue(failed);
  switch (column) {
    case 'number':
      return (
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
      );
    case 'subject':
      return <Table.Td>{row.subject || '—'}</Table.Td>;
    case 'status':
      return (
        <Table.Td>{row.loaded ? row.status ? <StatusBadge status={row.status} /> : '—' : unknown}</Table.Td>
      );
    case 'from':
      return <Table.Td>{row.loaded ? row.fromName || '—' : unknown}</Table.Td>;
    case 'to':
      return <Table.Td>{row.loaded ? row.toName || '—' : unknown}</Table.Td>;
    case 'due':
      return (
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {row.loaded ? displayTextDate(row.dueDate) || '—' : unknown}
        </Table.Td>
      );
    case 'overdue':
      return (
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
      );
    case 'court':
      return <Table.Td>{courtValue(row, failed)}</Table.Td>;
    case 'cost':
      return (
        <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
          {!row.loaded
            ? unknown
            : row.costImpact
              ? (formatMoney(row.changeOrderAmount, currency) ?? 'Yes')
              : 'No'}
        </Table.Td>
      );
  }
}

// Memoised: a row whose RFI, link, state and columns did not change is not drawn again when the list re-renders.
const RfiTableRow = memo(function RfiTableRow({ cols, ...item }: RfiItemProps & { cols: string }) {
  return (
    <Table.Tr
      ref={item.observe}
      data-rfi={item.row.folderId}
      data-loaded={item.row.loaded ? 'true' : 'false'}
    >
      {(cols.split(',') as SortKey[]).map((column) => (
        <Cell key={column} column={column} {...item} />
      ))}
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
  const cols = shownColumns(state);
  const colsKey = cols.join(',');
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1000}>
        <Table highlightOnHover verticalSpacing="xs" aria-label="RFIs">
          <Table.Thead>
            <Table.Tr>
              {cols
                .map((key) => COLUMNS.find((c) => c.key === key)!)
                .map((c) => (
                  <SortHeader key={c.key} column={c} state={state} onSort={onSort} />
                ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <RfiTableRow key={item.row.folderId} cols={colsKey} {...item} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
