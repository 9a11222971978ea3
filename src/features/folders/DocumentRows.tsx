// The documents table's rows: a sortable header and virtualised rows, so a folder of 100,000 documents renders
// only what is on screen.
import { memo, useRef, type MouseEvent } from 'react';
import { UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FolderDocument } from '../../contract/dtos';
import { cellText, columns, type ColumnId, type TableState } from './model/documents';
import classes from './DocumentsTable.module.css';

const ROW_HEIGHT = 36;
const TABLE_WIDTH = columns.reduce((sum, c) => sum + c.width, 0);

function SortHeader({
  id,
  label,
  sort,
  dir,
  onSort,
}: {
  id: ColumnId;
  label: string;
  sort: ColumnId;
  dir: TableState['dir'];
  onSort: (id: ColumnId) => void;
}) {
  const active = sort === id;
  const arrow = active ? (dir === 'asc' ? ' ▲' : ' ▼') : '';
  return (
    <th
      className={classes.th}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      scope="col"
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(id)}>
        {label}
        <span aria-hidden="true">{arrow}</span>
      </UnstyledButton>
    </th>
  );
}

// The header and the rows are memoised so a scroll step renders only the rows that changed (the header holds
// Mantine buttons and never changes while scrolling).
const HeaderRow = memo(function HeaderRow({
  sort,
  dir,
  onSort,
}: {
  sort: ColumnId;
  dir: TableState['dir'];
  onSort: (id: ColumnId) => void;
}) {
  return (
    <tr aria-rowindex={1}>
      {columns.map((c) => (
        <SortHeader key={c.id} id={c.id} label={c.label} sort={sort} dir={dir} onSort={onSort} />
      ))}
    </tr>
  );
});

const ROW_STYLE = { height: ROW_HEIGHT };

/** A cut-off cell shows its whole text as a tooltip, set on hover (not on every row render while scrolling). */
function showFullText(event: MouseEvent<HTMLTableSectionElement>) {
  const cell = (event.target as HTMLElement).closest('td');
  if (!cell) return;
  const cut = cell.scrollWidth > cell.clientWidth;
  if (cut && cell.title !== cell.textContent) cell.title = cell.textContent ?? '';
  else if (!cut && cell.title) cell.removeAttribute('title');
}

const DocumentRow = memo(function DocumentRow({ doc, index }: { doc: FolderDocument; index: number }) {
  return (
    <tr className={classes.row} style={ROW_STYLE} aria-rowindex={index + 2} data-index={index}>
      {columns.map((c) => (
        <td key={c.id} className={c.kind === 'number' ? classes.num : classes.td}>
          {cellText(c, doc)}
        </td>
      ))}
    </tr>
  );
});

export function VirtualRows({
  rows,
  state,
  onSort,
}: {
  rows: FolderDocument[];
  state: TableState;
  onSort: (id: ColumnId) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows beyond the visible ones on each side: enough for wheel and keyboard steps, few to render on a jump.
    overscan: 1,
  });
  const items = virtualizer.getVirtualItems();
  const top = items.length ? items[0].start : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <div
      ref={scrollRef}
      className={classes.scroll}
      // As tall as the rows (plus the header and a scrollbar), up to the CSS maximum.
      style={{ height: rows.length * ROW_HEIGHT + 56 }}
      data-testid="documents-scroll"
      tabIndex={0}
      aria-label="Documents table, scrollable"
      role="region"
    >
      <table className={classes.table} style={{ width: TABLE_WIDTH }} aria-rowcount={rows.length + 1}>
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead className={classes.thead}>
          <HeaderRow sort={state.sort} dir={state.dir} onSort={onSort} />
        </thead>
        <tbody onMouseOver={showFullText}>
          {top > 0 && (
            <tr aria-hidden="true" style={{ height: top }}>
              <td colSpan={columns.length} className={classes.spacer} />
            </tr>
          )}
          {items.map((item) => (
            // Keyed by slot, not by document: a jump reuses the row elements and only changes their text.
            <DocumentRow key={item.index % items.length} doc={rows[item.index]} index={item.index} />
          ))}
          {bottom > 0 && (
            <tr aria-hidden="true" style={{ height: bottom }}>
              <td colSpan={columns.length} className={classes.spacer} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
