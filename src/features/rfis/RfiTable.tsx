// The RFI list as a table (from the `sm` breakpoint up): sortable headers, one row per RFI.
import { Anchor, Badge, Paper, Table, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../ui/format';
import { displayTextDate } from '../../ui/textDate';
import type { ListState, SortKey } from './model/list';
import { StatusBadge, unknownValue, type RfiItemProps } from './RfiListParts';

const COLUMNS: Array<{ key: SortKey; label: string; align?: 'right' }> = [
  { key: 'number', label: 'Number' },
  { key: 'subject', label: 'Subject' },
  { key: 'status', label: 'Status' },
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
  { key: 'due', label: 'Due date' },
  { key: 'overdue', label: 'Days overdue', align: 'right' },
  { key: 'cost', label: 'Cost impact', align: 'right' },
];

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

function RfiTableRow({ row, to, failed, currency, observe, listSearch }: RfiItemProps) {
  const unknown = unknownValue(failed);
  return (
    <Table.Tr ref={observe} data-rfi={row.folderId} data-loaded={row.loaded ? 'true' : 'false'}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor component={Link} to={to} state={{ listSearch }} fw={600}>
          {row.number || `RFI ${row.folderId}`}
        </Anchor>
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
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        {!row.loaded
          ? unknown
          : row.costImpact
            ? (formatMoney(row.changeOrderAmount, currency) ?? 'Yes')
            : 'No'}
      </Table.Td>
    </Table.Tr>
  );
}

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
      <Table.ScrollContainer minWidth={900}>
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
