// The request-log explorer (admins): query form, overview, virtualised table with cursor paging and live tail,
// detail drawer. The whole query, the page trail and the open entry live in the URL.
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle, useViewportSize } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { routes } from '../../routes/routes';
import { useSession } from '../../session/session';
import type { RequestLogEntry } from '../../contract/dtos';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { downloadText } from '../../ui/download';
import { PageLoader } from '../../ui/PageLoader';
import { EntryDetail, type DetailFilterKey } from './EntryDetail';
import { LogTable, type FilterKey } from './LogTable';
import { DEFAULT_TAKE } from '../../contract/requestLog';
import { toCsv } from './model/export';
import { nextCursor, parseTrail, writeTrail } from './model/paging';
import {
  ENTRY_PARAM,
  filtersOf,
  hasFilters,
  parseLogQuery,
  TRAIL_PARAM,
  writeLogQuery,
  type LogQuery,
} from './model/query';
import { Overview } from './Overview';
import { requestLogEntryQuery, requestLogQuery, requestLogTailQuery } from './queries';
import { QueryForm } from './QueryForm';
import { TrackingSwitches } from './TrackingSwitches';

export function AdminsOnly() {
  return (
    <Stack maw={640} py="md">
      <Title order={1}>Request log</Title>
      <Alert color="orange" variant="light" title="Only admins can open the request log">
        <Text size="sm">
          The request log shows every call made to the service, by every user. Your account is not an admin
          account; ask an administrator if you need to see it.
        </Text>
      </Alert>
      <Anchor component={Link} to={routes.home.href()} size="sm">
        Go to the start page
      </Anchor>
    </Stack>
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function EntryDrawerBody({
  id,
  rows,
  onFilter,
}: {
  id: number;
  rows: RequestLogEntry[];
  onFilter: (key: DetailFilterKey, value: string) => void;
}) {
  const onPage = rows.find((r) => r.id === id);
  const fetched = useQuery({ ...requestLogEntryQuery(id), enabled: !onPage });
  const entry = onPage ?? fetched.data;
  if (entry) return <EntryDetail entry={entry} onFilter={onFilter} />;
  if (fetched.isError) return <ErrorAlert error={fetched.error} title="This request could not be loaded" />;
  if (fetched.isPending) return <Loader size="sm" />;
  return <Text c="dimmed">There is no request with id {id} in the log (it may have been rolled out).</Text>;
}

export function RequestLogPage() {
  const session = useSession();
  useDocumentTitle('Request log · PM Console');
  if (session && session.isAdmin === false) return <AdminsOnly />;
  return <Explorer />;
}

function Explorer() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => parseLogQuery(params), [search]);
  const entryParam = params.get(ENTRY_PARAM);
  const entryId = entryParam && /^\d{1,10}$/.test(entryParam) ? Number(entryParam) : undefined;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const trail = useMemo(() => parseTrail(params.get(TRAIL_PARAM)), [search]);
  const take = query.take ?? DEFAULT_TAKE;

  const list = useQuery(requestLogQuery(query));
  const pageRows = list.data?.rows;

  // Live tail: new rows (ids above the newest seen) are polled and put on top of the first page.
  const [live, setLive] = useState(false);
  const canTail = query.beforeId === undefined && !query.skip;
  const queryKey = JSON.stringify(query);
  const [tail, setTail] = useState<{ key: string; rows: RequestLogEntry[] }>({ key: queryKey, rows: [] });
  const hasPage = pageRows !== undefined;
  const tailRows = useMemo(
    () => (tail.key === queryKey && hasPage ? tail.rows : []),
    [tail, queryKey, hasPage],
  );
  const maxId = tailRows[0]?.id ?? pageRows?.[0]?.id ?? 0;
  const filters = useMemo(() => {
    const { afterId: _a, ...f } = filtersOf(query);
    return f;
  }, [query]);
  const tailQuery = useQuery(requestLogTailQuery(filters, maxId, live && canTail && !!pageRows));
  const newRows = tailQuery.data?.rows;
  useEffect(() => {
    if (!newRows?.length) return;
    setTail((t) => {
      const base = t.key === queryKey ? t.rows : [];
      const seen = new Set(base.map((r) => r.id));
      const fresh = newRows.filter((r) => !seen.has(r.id));
      return { key: queryKey, rows: [...fresh, ...base] };
    });
  }, [newRows, queryKey]);

  const rows = useMemo(() => {
    if (!pageRows) return [];
    if (!tailRows.length) return pageRows;
    const ids = new Set(tailRows.map((r) => r.id));
    return [...tailRows, ...pageRows.filter((r) => !ids.has(r.id))];
  }, [pageRows, tailRows]);

  const [selected, setSelected] = useState<number | undefined>(entryId);
  useEffect(() => {
    if (entryId !== undefined) setSelected(entryId);
  }, [entryId]);

  const go = useCallback(
    (next: URLSearchParams, replace = false) => setParams(next, { replace }),
    [setParams],
  );
  const applyQuery = useCallback(
    (q: LogQuery) => {
      const next = writeLogQuery(q, params);
      next.delete(TRAIL_PARAM);
      next.delete(ENTRY_PARAM);
      go(next);
    },
    [params, go],
  );
  const onFilter = useCallback(
    (key: FilterKey | DetailFilterKey, value: string) =>
      applyQuery({ ...filtersOf(query), take: query.take, [key]: value }),
    [applyQuery, query],
  );
  const clearFilters = useCallback(() => applyQuery({ take: query.take }), [applyQuery, query.take]);
  const cutAt = list.data?.cutAt;
  const older = cutAt ?? (pageRows && pageRows.length >= take ? nextCursor(pageRows) : undefined);
  const goOlder = useCallback(() => {
    if (older === undefined) return;
    const next = writeLogQuery({ ...query, beforeId: older }, params);
    next.set(TRAIL_PARAM, writeTrail([...trail, query.beforeId]));
    next.delete(ENTRY_PARAM);
    go(next);
  }, [older, query, params, trail, go]);
  const goNewer = useCallback(() => {
    if (!trail.length) return;
    const next = writeLogQuery({ ...query, beforeId: trail.at(-1) }, params);
    if (trail.length > 1) next.set(TRAIL_PARAM, writeTrail(trail.slice(0, -1)));
    else next.delete(TRAIL_PARAM);
    next.delete(ENTRY_PARAM);
    go(next);
  }, [query, params, trail, go]);
  const open = useCallback(
    (id: number) => {
      const next = new URLSearchParams(params);
      next.set(ENTRY_PARAM, String(id));
      go(next);
    },
    [params, go],
  );
  const close = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete(ENTRY_PARAM);
    go(next);
  }, [params, go]);

  // Keyboard: ← → pages, ↑ ↓ selection, Enter opens, Esc clears the filters (when no dialog is open).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (entryId !== undefined || document.querySelector('[role="dialog"]')) return;
      const index = rows.findIndex((r) => r.id === selected);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!rows.length) return;
        e.preventDefault();
        const to = e.key === 'ArrowDown' ? Math.min(index + 1, rows.length - 1) : Math.max(index - 1, 0);
        setSelected(rows[index < 0 ? 0 : to].id);
      } else if (e.key === 'Enter' && selected !== undefined && index >= 0) {
        e.preventDefault();
        open(selected);
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        goOlder();
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        goNewer();
      } else if (e.key === 'Escape' && hasFilters(query)) {
        e.preventDefault();
        clearFilters();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, selected, entryId, open, goOlder, goNewer, clearFilters, query]);

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
        <TrackingSwitches tracking={list.data?.tracking} />
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
            <Overview rows={rows} onPath={(p) => onFilter('pathInfo', p)} />
          )}
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Text size="sm" data-testid="row-count">
                {rows.length} {rows.length === 1 ? 'request' : 'requests'}
                {rows.length > 0 && ` · ids ${rows[0].id ?? '?'}–${rows.at(-1)?.id ?? '?'}`}
                {trail.length > 0 && ` · page ${trail.length + 1}`}
                {cutAt !== undefined &&
                  ` · the service stopped this page at its size limit; Older goes on from id ${cutAt}`}
              </Text>
              {tailRows.length > 0 && (
                <Badge variant="light" color="grape">
                  {tailRows.length} new
                </Badge>
              )}
              {(list.isFetching || tailQuery.isFetching) && <Loader size="xs" />}
            </Group>
            <Group gap="xs">
              <Tooltip
                label={canTail ? 'Poll for new requests every 2 s' : 'Live tail works on the newest page'}
              >
                <Switch
                  size="sm"
                  label="Live tail"
                  checked={live && canTail}
                  disabled={!canTail}
                  onChange={(e) => setLive(e.currentTarget.checked)}
                />
              </Tooltip>
              <Button size="xs" variant="default" onClick={() => setShowOverview((v) => !v)}>
                {showOverview ? 'Hide overview' : 'Show overview'}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!rows.length}
                onClick={() =>
                  downloadText(`request-log-${new Date().toISOString().slice(0, 19)}.csv`, toCsv(rows))
                }
              >
                Export CSV
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!trail.length}
                onClick={goNewer}
                title="Newer (←)"
              >
                ← Newer
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={older === undefined}
                onClick={goOlder}
                title="Older (→)"
              >
                Older →
              </Button>
            </Group>
          </Group>
          <LogTable
            rows={rows}
            selectedId={selected}
            now={now}
            onOpen={open}
            onFilter={onFilter}
            height={tableHeight}
          />
          <Text size="xs" c="dimmed">
            Click a path, user or IP to filter by it. Keys: ↑ ↓ select, Enter opens, ← → pages, Esc clears
            filters.
          </Text>
        </>
      )}

      <Drawer
        opened={entryId !== undefined}
        onClose={close}
        position="right"
        size="xl"
        title={<Text fw={600}>Request #{entryId}</Text>}
        closeButtonProps={{ 'aria-label': 'Close request details' }}
      >
        {entryId !== undefined && <EntryDrawerBody id={entryId} rows={rows} onFilter={onFilter} />}
      </Drawer>
    </Stack>
  );
}

export default RequestLogPage;
