// One breakdown (by operation, user, IP, status, project or record): count, errors, error rate, p50 / p95 / p99
// and a small trend; sortable by every column, exported as CSV and Excel. Counts and error counts open the explorer.
import { useMemo, useState } from 'react';
import { Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { csvLines } from '../../ui/csv';
import { ExportButtons } from '../../ui/ExportButtons';
import { exportFileName } from '../../ui/xlsx/sheet';
import { groupSheet } from './exports';
import { FigureLink } from './FigureLink';
import classes from './FigureLink.module.css';
import { SLOWEST_FIRST, sortedBy, WORST_STATUS_FIRST } from './links';
import type { GroupRow, Table as GroupTableData } from './model/aggregate';

type SortKey = 'label' | 'count' | 'errors' | 'errorRate' | 'p50' | 'p95' | 'p99';

const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'label', label: 'Name', numeric: false },
  { key: 'count', label: 'Requests', numeric: true },
  { key: 'errors', label: 'Errors', numeric: true },
  { key: 'errorRate', label: 'Error rate', numeric: true },
  { key: 'p50', label: 'p50', numeric: true },
  { key: 'p95', label: 'p95', numeric: true },
  { key: 'p99', label: 'p99', numeric: true },
];

const SHOWN = 15;
const BLOCKS = '▁▂▃▄▅▆▇█';

export const formatMs = (ms: number) =>
  ms >= 100 ? `${Math.round(ms)} ms` : `${Math.round(ms * 10) / 10} ms`;
export const formatRate = (r: number) => `${Math.round(r * 1000) / 10} %`;
// One formatter for every count (Number.prototype.toLocaleString builds a new one per call: ~16 ms a render).
const counts = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => counts.format(n);

/** A trend as text: one block per twelfth of the window (cheap, and read out as the numbers). */
function Trend({ values }: { values: number[] }) {
  const max = Math.max(...values, 1);
  const text = values.map((v) => BLOCKS[Math.min(7, Math.floor((v / max) * 7.999))]).join('');
  return (
    <Text span ff="monospace" size="sm" aria-label={`Trend: ${values.join(', ')}`} title={values.join(', ')}>
      {text}
    </Text>
  );
}

export interface GroupTableProps {
  /** For the table's accessible name and the CSV file. */
  title: string;
  table: GroupTableData;
  /** Names known for rows (projects, folders), by key. */
  names?: Map<string, string>;
  empty: string;
}

export function GroupTable({ title, table, names, empty }: GroupTableProps) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'count', desc: true });
  const [all, setAll] = useState(false);
  const labelOf = (r: GroupRow) => names?.get(r.key) ?? r.label;
  const sorted = useMemo(() => {
    const out = [...table.rows];
    const dir = sort.desc ? -1 : 1;
    out.sort((a, b) => {
      if (sort.key === 'label') return dir * labelOf(a).localeCompare(labelOf(b));
      return dir * (a[sort.key] - b[sort.key]) || b.count - a.count;
    });
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labelOf reads names
  }, [table.rows, sort, names]);
  const rows = all ? sorted : sorted.slice(0, SHOWN);

  const csv = () =>
    csvLines([
      ['name', 'requests', 'errors', 'error rate', 'p50 ms', 'p95 ms', 'p99 ms', 'trend'],
      ...sorted.map((r) => [
        labelOf(r),
        r.count,
        r.errors,
        Math.round(r.errorRate * 10000) / 10000,
        r.p50,
        r.p95,
        r.p99,
        r.trend.join(' '),
      ]),
    ]);

  if (!table.rows.length)
    return (
      <Text size="sm" c="dimmed" py="sm">
        {empty}
      </Text>
    );

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {table.groups > table.rows.length
            ? `The ${formatCount(table.rows.length)} largest of ${formatCount(table.groups)}.`
            : `${formatCount(table.groups)} in all.`}
        </Text>
        <ExportButtons
          size="xs"
          fileName={exportFileName(`analytics ${title}`)}
          sheets={() => [groupSheet(title, sorted, labelOf)]}
          csv={{ fileName: `analytics-${title.toLowerCase().replace(/\W+/g, '-')}.csv`, text: csv }}
        />
      </Group>
      <Table.ScrollContainer minWidth={720} data-sideways="figures">
        <Table striped highlightOnHover aria-label={title} data-testid={`table-${title}`}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th
                  key={c.key}
                  ta={c.numeric ? 'right' : undefined}
                  aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  <UnstyledButton
                    className={classes.sort}
                    fw={600}
                    fz="sm"
                    onClick={() =>
                      setSort((s) => ({ key: c.key, desc: s.key === c.key ? !s.desc : c.key !== 'label' }))
                    }
                  >
                    {c.label}
                    {sort.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ''}
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th>Trend</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const name = labelOf(r);
              return (
                <Table.Tr key={r.key} data-key={r.key}>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-col="count">
                    <FigureLink link={r.link} label={`${formatCount(r.count)} requests: ${name}`}>
                      {formatCount(r.count)}
                    </FigureLink>
                  </Table.Td>
                  <Table.Td ta="right" data-col="errors">
                    {r.errorLink ? (
                      <FigureLink
                        link={sortedBy(r.errorLink, WORST_STATUS_FIRST, r.errors)}
                        label={`${formatCount(r.errors)} errors: ${name}`}
                      >
                        {formatCount(r.errors)}
                      </FigureLink>
                    ) : (
                      '0'
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-col="rate">
                    {formatRate(r.errorRate)}
                  </Table.Td>
                  <Table.Td ta="right">{formatMs(r.p50)}</Table.Td>
                  <Table.Td ta="right" data-col="p95">
                    {r.count ? (
                      <FigureLink
                        link={sortedBy(r.link, SLOWEST_FIRST, r.count)}
                        label={`p95 ${formatMs(r.p95)}: ${name}, slowest first`}
                      >
                        {formatMs(r.p95)}
                      </FigureLink>
                    ) : (
                      formatMs(r.p95)
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatMs(r.p99)}</Table.Td>
                  <Table.Td>
                    <Trend values={r.trend} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {sorted.length > SHOWN && (
        <Button size="xs" variant="subtle" onClick={() => setAll((a) => !a)} style={{ alignSelf: 'start' }}>
          {all ? `Show the first ${SHOWN}` : `Show all ${formatCount(sorted.length)}`}
        </Button>
      )}
    </Stack>
  );
}
