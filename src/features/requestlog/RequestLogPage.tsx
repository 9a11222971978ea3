// The request-log explorer (admins): query form, overview, virtualised table with cursor paging and live tail,
// detail drawer. The whole query, the page trail and the open entry live in the URL (useLogAddress).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useViewportSize } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { useSession } from '../../session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageLoader } from '../../ui/PageLoader';
import { AdminsOnly } from './AdminsOnly';
import { EntryDrawer } from './EntryDrawer';
import { LogTable } from './LogTable';
import { LogToolbar } from './LogToolbar';
import { nextCursor } from './model/paging';
import { Views } from '../../ui/views/Views';
import { ENTRY_PARAM, hasFilters, TRAIL_PARAM } from './model/query';

/** Not the list's state: the open entry and the pages before this one (docs/views.md). */
const LOG_VIEWS = { ignore: [ENTRY_PARAM, TRAIL_PARAM] };
import { Overview } from './Overview';
import { prewarmLogWorker, requestLogQuery } from './queries';
import { QueryForm } from './QueryForm';
import { TrackingSwitches } from './TrackingSwitches';
import { useLiveTail } from './useLiveTail';
import { useLogAddress } from './useLogAddress';
import { useLogKeys } from './useLogKeys';
import { viewRows } from './model/view';
import { ViewBar } from './ViewBar';

export function RequestLogPage() {
  const session = useSession();
  useDocumentTitle('Request log · PM Console');
  if (session && session.isAdmin === false) return <AdminsOnly />;
  return <Explorer />;
}

function Explorer() {
  const address = useLogAddress();
  const { search, query, entryId, trail, take, applyQuery, onFilter, clearFilters, open, close } = address;
  const { sort, status, setSort, setStatus } = address;

  const list = useQuery(requestLogQuery(query));
  // A worker waits for the next large query, so its first rows do not wait for the worker to start.
  useEffect(prewarmLogWorker, []);
  const pageRows = list.data?.rows;
  const [live, setLive] = useState(false);
  const canTail = query.beforeId === undefined && !query.skip;
  const tail = useLiveTail(query, pageRows, live && canTail);
  const rows = tail.rows;
  // What the table shows: the rows held, filtered by status and sorted (the view in the URL).
  const shown = useMemo(() => viewRows(rows, sort, status), [rows, sort, status]);

  const [selected, setSelected] = useState<number | undefined>(entryId);
  useEffect(() => {
    if (entryId !== undefined) setSelected(entryId);
  }, [entryId]);

  const cutAt = list.data?.cutAt;
  // While the rows arrive, the next page waits for the last one (its cursor).
  const arriving = list.data?.complete === false;
  const older = arriving
    ? undefined
    : (cutAt ?? (pageRows && pageRows.length >= take ? nextCursor(pageRows) : undefined));
  const { goOlder: goOlderFrom, goNewer } = address;
  const goOlder = useCallback(() => goOlderFrom(older), [goOlderFrom, older]);
  useLogKeys({
    rows: shown,
    selected,
    select: setSelected,
    drawerOpen: entryId !== undefined,
    open,
    older: goOlder,
    newer: goNewer,
    clearFilters: hasFilters(query) || status ? clearFilters : undefined,
  });

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  const [showOverview, setShowOverview] = useState(true);
  const { height: vh } = useViewportSize();
  const tableHeight = Math.max(320, (vh || 860) - 240);

  if (list.error instanceof ApiError && (list.error.status === 403 || list.error.status === 401)) {
    return <AdminsOnly />;
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Request log</Title>
        <Group gap="sm">
          <Views list="requestLog" spec={LOG_VIEWS} />
          <TrackingSwitches tracking={list.data?.tracking} />
        </Group>
      </Group>
      <QueryForm key={search} query={query} onApply={applyQuery} onClear={clearFilters} />

      {list.isPending ? (
        <PageLoader />
      ) : list.isError && !pageRows ? (
        <ErrorAlert
          error={list.error}
          title="The request log could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          {list.isError && (
            <ErrorAlert error={list.error} title="Refreshing failed" onRetry={() => void list.refetch()} />
          )}
          {showOverview && rows.length > 0 && (
            <Overview rows={rows} older={older !== undefined} onPath={(p) => onFilter('pathInfo', p)} />
          )}
          <LogToolbar
            rows={rows}
            exportRows={shown}
            pageNumber={trail.length + 1}
            cutAt={cutAt}
            newCount={tail.tailRows.length}
            fetching={list.isFetching || tail.fetching}
            arriving={arriving}
            live={live}
            canTail={canTail}
            onLive={setLive}
            showOverview={showOverview}
            onToggleOverview={() => setShowOverview((v) => !v)}
            canNewer={trail.length > 0}
            canOlder={older !== undefined}
            onNewer={goNewer}
            onOlder={goOlder}
          />
          <ViewBar
            held={rows.length}
            shown={shown.length}
            sort={sort}
            status={status}
            onStatus={setStatus}
            onSort={setSort}
          />
          <LogTable
            rows={shown}
            sort={sort}
            onSort={setSort}
            selectedId={selected}
            now={now}
            onOpen={open}
            onFilter={onFilter}
            height={tableHeight}
          />
          <Text size="xs" c="dimmed">
            Click a path, user or IP to filter by it, a column&apos;s heading to sort by it. Keys: ↑ ↓ select,
            Enter opens, ← → pages, Esc clears filters.
          </Text>
        </>
      )}

      <EntryDrawer entryId={entryId} rows={rows} onFilter={onFilter} onClose={close} />
    </Stack>
  );
}

export default RequestLogPage;
