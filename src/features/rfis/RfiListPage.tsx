// The RFI list of a project's RFI container: rows from the container's child folders at once, details read in
// the background (visible rows first), filter / sort in the URL, CSV of what is shown.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  EmptyState,
  Group,
  MultiSelect,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { formatMoney } from '../../ui/format';
import { downloadText } from '../../ui/download';
import { displayTextDate, todayDay } from '../../ui/textDate';
import { rowsToCsv } from './model/export';
import {
  applyListState,
  readListState,
  toRow,
  writeListState,
  type ListState,
  type RfiRow,
  type SortKey,
} from './model/list';
import { rfiFolders, statusColor } from './model/status';
import { useRfiDetails } from './useRfiDetails';

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

function Pending() {
  return <Skeleton h={12} w={70} radius="sm" aria-hidden />;
}

function RfiTableRow({
  row,
  to,
  failed,
  currency,
  observe,
  listSearch,
}: {
  row: RfiRow;
  to: string;
  listSearch: string;
  failed: boolean;
  currency: string;
  observe: (el: HTMLTableRowElement | null) => void;
}) {
  const unknown: ReactNode = failed ? (
    <Text size="xs" c="red">
      not loaded
    </Text>
  ) : (
    <Pending />
  );
  return (
    <Table.Tr ref={observe} data-rfi={row.folderId} data-loaded={row.loaded ? 'true' : 'false'}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor component={Link} to={to} state={{ listSearch }} fw={600}>
          {row.number || `RFI ${row.folderId}`}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.subject || '—'}</Table.Td>
      <Table.Td>
        {row.loaded ? (
          row.status ? (
            <Badge
              variant="light"
              color={statusColor(row.status)}
              style={{ overflow: 'visible' }}
              miw="max-content"
            >
              {row.status}
            </Badge>
          ) : (
            '—'
          )
        ) : (
          unknown
        )}
      </Table.Td>
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

export function RfiListPage() {
  const { projectId, containerId } = useRouteIds(routes.rfis);
  const config = useConfig();
  const statuses = config.statuses.rfi;
  const { data: container } = useSuspenseQuery(folderQuery(containerId));
  const { data: folders } = useSuspenseQuery(folderChildrenQuery(containerId));
  const title = container.folderName || 'RFIs';
  useDocumentTitle(`${title} · PM Console`);

  // Filter and sort are held here (so controls answer at once) and written to the URL a moment later, as one
  // history entry; a change of the URL from elsewhere (Back, a link) replaces them.
  const [searchParams, setSearchParams] = useSearchParams();
  const urlString = searchParams.toString();
  const [state, setLocal] = useState<ListState>(() => readListState(searchParams));
  const written = useRef(urlString);
  useEffect(() => {
    if (urlString !== written.current) {
      written.current = urlString;
      setLocal(readListState(new URLSearchParams(urlString)));
    }
  }, [urlString]);
  const [settled] = useDebouncedValue(state, 250);
  useEffect(() => {
    const next = writeListState(settled).toString();
    if (next !== written.current) {
      written.current = next;
      setSearchParams(new URLSearchParams(next), { replace: true });
    }
  }, [settled, setSearchParams]);
  const setState = (patch: Partial<ListState>) => setLocal((s) => ({ ...s, ...patch }));

  const rfiList = useMemo(() => rfiFolders(folders, config), [folders, config]);
  const ids = useMemo(() => rfiList.map((f) => f.folderId as number), [rfiList]);

  // Rows on screen are read first; the observer keeps the set of visible row ids.
  const visible = useRef(new Set<number>());
  const displayOrder = useRef<number[]>([]);
  const observer = useRef<IntersectionObserver | null>(null);
  const observed = useRef(new Map<number, HTMLTableRowElement>());
  if (observer.current === null && typeof IntersectionObserver !== 'undefined') {
    observer.current = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const id = Number((e.target as HTMLElement).dataset.rfi);
        if (e.isIntersecting) visible.current.add(id);
        else visible.current.delete(id);
      }
    });
  }
  useEffect(() => () => observer.current?.disconnect(), []);
  // One stable ref callback per row, so re-renders do not unobserve and observe again.
  const refCallbacks = useRef(new Map<number, (el: HTMLTableRowElement | null) => void>());
  const observe = useCallback((id: number) => {
    const known = refCallbacks.current.get(id);
    if (known) return known;
    const callback = (el: HTMLTableRowElement | null) => {
      const prev = observed.current.get(id);
      if (prev && prev !== el) observer.current?.unobserve(prev);
      if (el) {
        observed.current.set(id, el);
        observer.current?.observe(el);
      } else {
        observed.current.delete(id);
        visible.current.delete(id);
      }
    };
    refCallbacks.current.set(id, callback);
    return callback;
  }, []);
  const priority = useCallback(() => {
    const order = displayOrder.current.length ? displayOrder.current : ids;
    return [
      ...order.filter((id) => visible.current.has(id)),
      ...order.filter((id) => !visible.current.has(id)),
    ];
  }, [ids]);

  const details = useRfiDetails(ids, priority);
  const today = todayDay();
  const rows = rfiList.map((f, i) => toRow(f, details.results[i]?.data?.openIssue, statuses, today));
  const failedIds = new Set(ids.filter((_, i) => details.results[i]?.isError && !details.results[i]?.data));
  const shown = applyListState(rows, state);
  displayOrder.current = shown.map((r) => r.folderId);
  const loading = details.done < details.total;
  const filtering = state.status.length > 0 || state.overdue || state.q !== '';

  const onSort = (key: SortKey) =>
    setState(
      state.sort === key ? { desc: !state.desc } : { sort: key, desc: key === 'overdue' || key === 'cost' },
    );

  const exportCsv = () => {
    const stamp = new Date().toISOString().slice(0, 10);
    downloadText(`rfis-project-${projectId}-${stamp}.csv`, rowsToCsv(shown));
  };

  return (
    <Stack gap="md" maw={1300}>
      <Anchor component={Link} to={routes.project.href(projectId)} size="sm">
        ← Project dashboard
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            {rows.length === 1 ? '1 RFI' : `${rows.length} RFIs`}
            {filtering ? ` · ${shown.length} shown` : ''}
          </Text>
        </Stack>
        <Button variant="default" onClick={exportCsv} disabled={shown.length === 0}>
          Export CSV
        </Button>
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter RFIs">
        <TextInput
          label="Search"
          placeholder="Number, subject, people"
          value={state.q}
          onChange={(e) => setState({ q: e.currentTarget.value })}
          w={260}
        />
        <MultiSelect
          label="Status"
          placeholder={state.status.length ? undefined : 'All'}
          data={statuses.map((s) => ({ value: String(s.code), label: s.name }))}
          value={state.status.map(String)}
          onChange={(v) => setState({ status: v.map(Number) })}
          clearable
          w={300}
        />
        <Checkbox
          label="Overdue only"
          checked={state.overdue}
          onChange={(e) => setState({ overdue: e.currentTarget.checked })}
          mb={8}
        />
        {filtering && (
          <Button
            variant="subtle"
            onClick={() => {
              setState({ q: '', status: [], overdue: false });
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>

      {(loading || details.failed > 0) && (
        <Stack gap={4} role="status" aria-live="polite">
          {loading && (
            <>
              <Text size="sm" c="dimmed">
                Loading RFI details… {details.done} of {details.total}
              </Text>
              <Progress
                value={details.total ? (100 * details.done) / details.total : 0}
                size="sm"
                aria-label="RFI details loaded"
              />
            </>
          )}
          {!loading && details.failed > 0 && (
            <Group gap="sm">
              <Text size="sm" c="red">
                {details.failed === 1 ? '1 RFI' : `${details.failed} RFIs`} could not be loaded.
              </Text>
              <Button size="xs" variant="light" color="red" onClick={details.retryFailed}>
                Try again
              </Button>
            </Group>
          )}
        </Stack>
      )}

      {rows.length === 0 ? (
        <EmptyState size="sm" title="No RFIs yet" description="This RFI folder has no RFIs in it." />
      ) : shown.length === 0 ? (
        <EmptyState
          size="sm"
          title={loading ? 'No matching RFIs so far' : 'No matching RFIs'}
          description={loading ? 'More may appear as details arrive.' : 'Change or clear the filters.'}
        />
      ) : (
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
                {shown.map((row) => (
                  <RfiTableRow
                    key={row.folderId}
                    row={row}
                    to={routes.rfi.href(projectId, containerId, row.folderId)}
                    listSearch={writeListState(state).toString()}
                    failed={failedIds.has(row.folderId)}
                    currency={config.currency}
                    observe={observe(row.folderId)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

export default RfiListPage;
