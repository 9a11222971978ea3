// The RFI list of a project's RFI container: rows from the container's child folders at once, details read in
// the background (visible rows first), filter / sort in the URL, CSV of what is shown. A table from the `sm`
// breakpoint up, cards below it: both are rendered, CSS shows one (no layout switch in script).
import { useDeferredValue, useMemo } from 'react';
import { Anchor, Box, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { ExportButtons } from '../../ui/ExportButtons';
import print from '../../ui/print.module.css';
import { ColumnsMenu } from '../../ui/views/ColumnsMenu';
import { PrintHeader } from '../../ui/views/PrintHeader';
import { Views } from '../../ui/views/Views';
import { exportFileName } from '../../ui/xlsx/sheet';
import { todayDay } from '../../ui/textDate';
import { rowsToCsv, rowsToSheet } from './model/export';
import {
  applyListState,
  courtOptionsFor,
  shownColumns,
  sortsDescFirst,
  writeListState,
  type SortKey,
} from './model/list';
import { rfiFolders } from './model/status';
import { RfiCards } from './RfiCards';
import { isFiltering, RfiFilters } from './RfiFilters';
import { DetailsProgress, type RfiItemProps } from './RfiListParts';
import { COLUMNS, RfiTable } from './RfiTable';
import { useListState } from './useListState';
import { useRfiDetails } from './useRfiDetails';
import { useRowsInView } from './useRowsInView';
import { useStableRows } from './useStableRows';

export function RfiListPage() {
  const { projectId, containerId } = useRouteIds(routes.rfis);
  const config = useConfig();
  const statuses = config.statuses.rfi;
  const { data: container } = useSuspenseQuery(folderQuery(containerId));
  const { data: folders } = useSuspenseQuery(folderChildrenQuery(containerId));
  const title = container.folderName || 'RFIs';
  const projectData = useQuery(projectQuery(projectId)).data;
  const project = projectData?.projectName || `Project ${projectId}`;
  useDocumentTitle(`${title} · PM Console`);
  const [state, setState] = useListState();
  // The filters answer a key or a tick at once; the rows follow in a render React can interrupt, so the next
  // frame after an input never waits for 36 rows drawn twice (table and cards) on a slow phone.
  const listState = useDeferredValue(state);

  const rfiList = useMemo(() => rfiFolders(folders, config), [folders, config]);
  const ids = useMemo(() => rfiList.map((f) => f.folderId as number), [rfiList]);
  const { observe, priority, displayOrder } = useRowsInView(ids);
  const details = useRfiDetails(ids, priority);
  const today = todayDay();
  const rows = useStableRows(rfiList, details.results, statuses, today);
  const failedIds = new Set(ids.filter((_, i) => details.results[i]?.isError && !details.results[i]?.data));
  const shown = applyListState(rows, listState);
  displayOrder.current = shown.map((r) => r.folderId);
  const loading = details.done < details.total;
  const filtering = isFiltering(listState);
  const listSearch = writeListState(listState).toString();
  const items = (kind: 'row' | 'card'): RfiItemProps[] =>
    shown.map((row) => ({
      row,
      to: routes.rfi.href(projectId, containerId, row.folderId),
      listSearch,
      failed: failedIds.has(row.folderId),
      currency: config.currency,
      observe: observe(kind, row.folderId),
    }));

  const onSort = (key: SortKey) =>
    setState(state.sort === key ? { desc: !state.desc } : { sort: key, desc: sortsDescFirst(key) });

  return (
    <Stack gap="md" maw={1300}>
      <PrintHeader title={title} project={project} />
      <Anchor component={Link} to={routes.project.href(projectId)} size="sm" className={print.noPrint}>
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
        <Group gap="xs" className={print.noPrint} ml="auto">
          <Views list="rfis" printable />
          <ColumnsMenu
            all={COLUMNS}
            shown={shownColumns(state)}
            widths={state.widths ?? {}}
            onChange={({ shown: cols, widths }) => setState({ cols, widths })}
          />
          <ExportButtons
            fileName={exportFileName('rfis', projectId)}
            sheets={() => [rowsToSheet(shown)]}
            csv={{ fileName: `${exportFileName('rfis', projectId)}.csv`, text: () => rowsToCsv(shown) }}
            disabled={shown.length === 0}
          />
        </Group>
      </Group>

      <RfiFilters
        state={state}
        setState={setState}
        statuses={statuses}
        people={courtOptionsFor(rows, state)}
      />

      <DetailsProgress
        done={details.done}
        total={details.total}
        failed={details.failed}
        onRetry={details.retryFailed}
      />

      {rows.length === 0 ? (
        <EmptyState size="sm" title="No RFIs yet" description="This RFI folder has no RFIs in it." />
      ) : shown.length === 0 ? (
        <EmptyState
          size="sm"
          title={loading ? 'No matching RFIs so far' : 'No matching RFIs'}
          description={loading ? 'More may appear as details arrive.' : 'Change or clear the filters.'}
        />
      ) : (
        <>
          <Box visibleFrom="sm">
            <RfiTable items={items('row')} state={listState} onSort={onSort} />
          </Box>
          <RfiCards items={items('card')} state={listState} setState={setState} />
        </>
      )}
    </Stack>
  );
}

export default RfiListPage;
