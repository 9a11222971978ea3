// The documents table's rows: a sortable header and virtualised rows, so a folder of 100,000 documents renders
// only what is on screen. The file name links the document where it has a web address (a new tab); Enter on the
// focused row opens it too (useRowKeys.ts), or says why it cannot.
import { memo, useMemo, useRef, type MouseEvent } from 'react';
import { UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FolderDocument } from '../../contract/dtos';
import type { DocumentOpen } from './model/documentLinks';
import { cellText, shownColumns, type Column, type ColumnId, type TableState } from './model/documents';
import { useRowKeys } from './useRowKeys';
import classes from './DocumentsTable.module.css';

/** What the table and the cards (DocumentCards.tsx) both take. */
export interface DocumentRowsProps {
  rows: FolderDocument[];
  state: TableState;
  onSort: (id: ColumnId) => void;
  /** The rows are still arriving: sorting waits for the last one (the tool bar says so). */
  sortDisabled?: boolean;
  openOf: (doc: FolderDocument) => DocumentOpen;
  /** Enter on a row that has no web address: the screen says why. */
  onCannotOpen: (doc: FolderDocument, open: DocumentOpen) => void;
}

/** Enter on a row: its link is clicked (a new tab, as a click would), or the screen says why there is none. */
export function openRow(row: HTMLElement, doc: FolderDocument, props: DocumentRowsProps) {
  const open = props.openOf(doc);
  const link = open.href ? row.querySelector<HTMLAnchorElement>('a[href]') : null;
  if (link) link.click();
  else props.onCannotOpen(doc, open);
}

/** The file name: a link to the document's web address (new tab), else text. Rows are the tab stops, not links. */
export function FileName({
  doc,
  open,
  className,
}: {
  doc: FolderDocument;
  open: DocumentOpen;
  className?: string;
}) {
  const name = doc.uploadedFileName || (open.href ? 'Open document' : '');
  return open.href ? (
    <a className={className} href={open.href} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
      {name}
    </a>
  ) : (
    name
  );
}

const ROW_HEIGHT = 36;

function SortHeader({
  id,
  label,
  numeric,
  sort,
  dir,
  onSort,
  disabled,
}: {
  id: ColumnId;
  label: string;
  numeric: boolean;
  sort: ColumnId;
  dir: TableState['dir'];
  onSort: (id: ColumnId) => void;
  disabled: boolean;
}) {
  const active = sort === id;
  const arrow = active ? (dir === 'asc' ? ' ▲' : ' ▼') : '';
  return (
    <th
      className={numeric ? `${classes.th} ${classes.thNum}` : classes.th}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      scope="col"
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(id)} disabled={disabled}>
        {label}
        <span aria-hidden="true">{arrow}</span>
      </UnstyledButton>
    </th>
  );
}

// The header and the rows are memoised so a scroll step renders only the rows that changed (the header holds
// Mantine buttons and never changes while scrolling).
const HeaderRow = memo(function HeaderRow({
  columns,
  sort,
  dir,
  onSort,
  disabled,
}: {
  columns: Column[];
  sort: ColumnId;
  dir: TableState['dir'];
  onSort: (id: ColumnId) => void;
  disabled: boolean;
}) {
  return (
    <tr aria-rowindex={1}>
      {columns.map((c) => (
        <SortHeader
          key={c.id}
          id={c.id}
          label={c.label}
          numeric={c.kind === 'number'}
          sort={sort}
          dir={dir}
          onSort={onSort}
          disabled={disabled}
        />
      ))}
    </tr>
  );
});

const ROW_STYLE = { height: ROW_HEIGHT };

/**
 * A cut-off cell shows its whole text as a tooltip, and a file name without a link why it has none; set on hover
 * (not on every row render while scrolling).
 */
function showFullText(event: MouseEvent<HTMLTableSectionElement>) {
  const cell = (event.target as HTMLElement).closest('td');
  if (!cell) return;
  const cut = cell.scrollWidth > cell.clientWidth;
  const title = [cut ? cell.textContent : '', cell.dataset.why].filter(Boolean).join(' — ');
  if (title && cell.title !== title) cell.title = title;
  else if (!title && cell.title) cell.removeAttribute('title');
}

const DocumentRow = memo(function DocumentRow({
  columns,
  doc,
  index,
  open,
  tabbable,
}: {
  columns: Column[];
  doc: FolderDocument;
  index: number;
  open: DocumentOpen;
  tabbable: boolean;
}) {
  return (
    <tr
      className={classes.row}
      style={ROW_STYLE}
      aria-rowindex={index + 2}
      data-index={index}
      data-document-id={doc.documentId}
      tabIndex={tabbable ? 0 : -1}
    >
      {columns.map((c) => (
        <td
          key={c.id}
          className={c.kind === 'number' ? classes.num : classes.td}
          data-column={c.id}
          data-why={c.id === 'fileName' ? open.reason : undefined}
        >
          {c.id === 'fileName' ? (
            <FileName doc={doc} open={open} className={classes.link} />
          ) : (
            cellText(c, doc)
          )}
        </td>
      ))}
    </tr>
  );
});

export function VirtualRows(props: DocumentRowsProps) {
  const { rows, state, onSort, sortDisabled = false, openOf } = props;
  // The columns chosen (Columns menu: `cols=`, `widths=`); the same array while the choice stands, so the memoised
  // rows are not drawn again on a scroll step.
  const colsKey = `${state.cols?.join(',')}|${JSON.stringify(state.widths ?? {})}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const columns = useMemo(() => shownColumns(state), [colsKey]);
  const tableWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows beyond the visible ones on each side: enough for wheel and keyboard steps, few to render on a jump.
    overscan: 1,
  });
  const keys = useRowKeys({
    count: rows.length,
    scrollToIndex: (i) => virtualizer.scrollToIndex(i),
    onEnter: (i, row) => openRow(row, rows[i], props),
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
      <table className={classes.table} style={{ width: tableWidth }} aria-rowcount={rows.length + 1}>
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead className={classes.thead}>
          <HeaderRow
            columns={columns}
            sort={state.sort}
            dir={state.dir}
            onSort={onSort}
            disabled={sortDisabled}
          />
        </thead>
        <tbody
          ref={keys.container}
          onMouseOver={showFullText}
          onKeyDown={keys.onKeyDown}
          onFocus={keys.onFocus}
        >
          {top > 0 && (
            <tr aria-hidden="true" style={{ height: top }}>
              <td colSpan={columns.length} className={classes.spacer} />
            </tr>
          )}
          {items.map((item) => (
            // Keyed by slot, not by document: a jump reuses the row elements and only changes their text.
            <DocumentRow
              key={item.index % items.length}
              columns={columns}
              doc={rows[item.index]}
              index={item.index}
              open={openOf(rows[item.index])}
              tabbable={item.index === keys.active}
            />
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
