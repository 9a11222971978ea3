// The log as a virtualised grid: only the rows in view are in the DOM, so 10,000 rows scroll like 100. Rows are
// plain elements with CSS-module classes (no component library inside a row) and memoised by entry.
import { memo, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RequestLogEntry } from '../../contract/dtos';
import { FIRST_DIR, nextSort, type LogSort, type SortKey } from '../../routes/logView';
import { errorInfo, formatDuration, formatLogTime, isError, relativeAge } from './model/entry';
import type { LogQuery } from './model/query';
import { statusOf, triedName } from './model/view';
import classes from './LogTable.module.css';

export const ROW_HEIGHT = 34;

export type FilterKey = 'pathInfo' | 'userAuthId' | 'ipAddress' | 'sessionId';

export interface LogTableProps {
  rows: RequestLogEntry[];
  selectedId?: number;
  now: number;
  onOpen: (id: number) => void;
  onFilter: (key: FilterKey, value: string) => void;
  /** Height of the scrolling area in px. */
  height: number;
  /** The column the rows are sorted by (none: the log's order, newest first). */
  sort?: LogSort;
  onSort?: (sort: LogSort | undefined) => void;
}

const COLUMNS: ReadonlyArray<{ label: string; key: SortKey }> = [
  { label: 'Id', key: 'id' },
  { label: 'Time', key: 'time' },
  { label: 'Method', key: 'method' },
  { label: 'Path', key: 'path' },
  { label: 'User', key: 'user' },
  { label: 'IP', key: 'ip' },
  { label: 'Duration', key: 'duration' },
  { label: 'Status', key: 'status' },
];

const ORDER_WORDS = { asc: 'ascending', desc: 'descending' } as const;

/** A column heading: a button that sorts by the column, then the other way, then back to the log's order. */
function SortHeading({
  label,
  columnKey,
  sort,
  onSort,
}: {
  label: string;
  columnKey: SortKey;
  sort: LogSort | undefined;
  onSort?: (sort: LogSort | undefined) => void;
}) {
  const active = sort?.key === columnKey ? sort.dir : undefined;
  if (!onSort)
    return (
      <div role="columnheader" className={classes.cell}>
        {label}
      </div>
    );
  const next = nextSort(sort, columnKey);
  // Third click on a column: back to the log's order (newest first).
  const back = active !== undefined && active !== FIRST_DIR[columnKey];
  return (
    <div
      role="columnheader"
      className={classes.cell}
      aria-sort={active ? ORDER_WORDS[active] : 'none'}
      data-sort={active}
    >
      <button
        type="button"
        className={classes.sortButton}
        onClick={() => onSort(back ? undefined : next)}
        title={
          back
            ? `Back to the log's order (newest first)`
            : `Sort by ${label.toLowerCase()}, ${ORDER_WORDS[next.dir]}`
        }
      >
        {label}
        <span aria-hidden className={classes.sortMark}>
          {active === 'asc' ? '▲' : active === 'desc' ? '▼' : ''}
        </span>
      </button>
    </div>
  );
}

const FILTER_LABELS: Record<FilterKey, string> = {
  pathInfo: 'path',
  userAuthId: 'user',
  ipAddress: 'IP',
  sessionId: 'session',
};

/** A cell whose value filters the log by itself when clicked (handled by the grid, see `onGridClick`). */
function filterCell(filterKey: FilterKey, value: string | undefined): ReactNode {
  if (!value)
    return (
      <div role="gridcell" className={`${classes.cell} ${classes.dim}`}>
        —
      </div>
    );
  const label = FILTER_LABELS[filterKey];
  return (
    <div role="gridcell" className={classes.cell} data-filter={filterKey}>
      <span
        role="button"
        className={classes.filter}
        title={`Filter by ${label}: ${value}`}
        aria-label={`Filter by ${label} ${value}`}
        tabIndex={-1}
      >
        {value}
      </span>
    </div>
  );
}

// One element per cell where the content allows it, no handlers per row (clicks are handled by the grid): each
// element of a row costs every scroll step its render, style, layout and paint (issue 19).
const Row = memo(function Row({
  entry,
  selected,
  now,
  start,
  index,
}: {
  entry: RequestLogEntry;
  selected: boolean;
  now: number;
  /** Offset from the top of the list, px. */
  start: number;
  index: number;
}) {
  const failed = isError(entry);
  const err = failed ? errorInfo(entry) : undefined;
  const id = entry.id;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-id={id}
      data-error={failed || undefined}
      className={classes.row}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div role="gridcell" className={`${classes.cell} ${classes.num}`}>
        {id ?? '—'}
      </div>
      <div role="gridcell" className={classes.cell} title={entry.dateTime?.toISOString()}>
        {`${formatLogTime(entry.dateTime)} `}
        <span className={classes.dim}>{relativeAge(entry.dateTime, now)}</span>
      </div>
      <div role="gridcell" className={classes.cell}>
        {entry.httpMethod ?? '—'}
      </div>
      {filterCell('pathInfo', entry.pathInfo)}
      {entry.userAuthId || !triedName(entry) ? (
        filterCell('userAuthId', entry.userAuthId)
      ) : (
        <div
          role="gridcell"
          className={`${classes.cell} ${classes.dim}`}
          title="A failed sign-in: the user name it tried"
        >
          {`tried: ${triedName(entry)}`}
        </div>
      )}
      {filterCell('ipAddress', entry.ipAddress)}
      <div role="gridcell" className={`${classes.cell} ${classes.num}`}>
        {formatDuration(entry.requestDuration)}
      </div>
      <div role="gridcell" className={`${classes.cell} ${classes.free}`}>
        {statusOf(entry) && <span className={classes.code}>{statusOf(entry)}</span>}
        {failed ? (
          <span className={classes.badge} data-error title={err?.message}>
            {err?.errorCode ?? 'Error'}
          </span>
        ) : (
          <span className={classes.badge}>OK</span>
        )}
      </div>
    </div>
  );
});

export function LogTable({ rows, selectedId, now, onOpen, onFilter, height, sort, onSort }: LogTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows beyond the visible ones on each side: enough for wheel and keyboard steps. Each row in the DOM costs
    // every scroll frame its paint and layer upkeep (issue 19), so no more than that.
    overscan: 3,
    getItemKey: (i) => rows[i]?.id ?? i,
  });

  const selectedIndex = selectedId === undefined ? -1 : rows.findIndex((r) => r.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  // Rows prepended by the live tail: keep the rows in view where they were.
  const firstId = useRef<number | undefined>(undefined);
  useEffect(() => {
    const el = scrollRef.current;
    const prev = firstId.current;
    // A streamed page shows no rows before its first ones arrive: that is not a new page yet.
    if (!rows.length) return;
    firstId.current = rows[0].id;
    if (!el || prev === undefined || el.scrollTop === 0) return;
    const added = rows.findIndex((r) => r.id === prev);
    if (added > 0) el.scrollTop += added * ROW_HEIGHT;
    // Another page or query: start at its top.
    else if (added < 0) el.scrollTop = 0;
  }, [rows]);

  // Clicks on the rows, handled here rather than by a handler on each row: a filter value filters, anything else
  // in a row opens its entry.
  const onGridClick = (e: MouseEvent) => {
    const target = e.target as Element;
    const filter = target.closest<HTMLElement>('[data-filter]');
    if (filter) {
      // The cell holds the value and nothing else.
      onFilter(filter.dataset.filter as FilterKey, filter.textContent ?? '');
      return;
    }
    const id = Number(target.closest<HTMLElement>('[role="row"][data-id]')?.dataset.id);
    if (Number.isFinite(id)) onOpen(id);
  };

  if (!rows.length) {
    return (
      <Box p="xl" ta="center">
        <Text fw={500}>No requests match this query.</Text>
        <Text size="sm" c="dimmed">
          Widen the time window or clear a filter (Esc).
        </Text>
      </Box>
    );
  }

  return (
    <div role="grid" aria-label="Requests" aria-rowcount={rows.length + 1} className={classes.grid}>
      <div role="row" aria-rowindex={1} className={`${classes.row} ${classes.head}`} ref={headRef}>
        {COLUMNS.map((c) => (
          <SortHeading key={c.key} label={c.label} columnKey={c.key} sort={sort} onSort={onSort} />
        ))}
      </div>
      <div
        ref={scrollRef}
        className={classes.scroll}
        style={{ height: Math.min(height, rows.length * ROW_HEIGHT + 2) }}
        data-testid="log-scroll"
        // Scrollable by keyboard too (arrow keys, Page Up/Down) once focused.
        role="rowgroup"
        tabIndex={0}
        onClick={onGridClick}
        // Narrower than its columns (a small window), the list scrolls sideways and the heading row follows.
        onScroll={(e) => {
          const head = headRef.current;
          if (head && head.scrollLeft !== e.currentTarget.scrollLeft)
            head.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        <div className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const entry = rows[v.index];
            return (
              <Row
                key={v.key}
                index={v.index}
                entry={entry}
                selected={entry.id === selectedId}
                now={now}
                start={v.start}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

export type { LogQuery };
