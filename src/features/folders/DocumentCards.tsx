// The documents at phone width: one card per document (file name as its link, number, status, size, updated),
// virtualised like the table's rows, so a folder of 100,000 documents still renders only the cards in view. The
// cards scroll with the page (no scroll box inside the page, which is awkward on a phone).
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { FolderDocument } from '../../contract/dtos';
import type { DocumentOpen } from './model/documentLinks';
import { cellText, columns, type ColumnId } from './model/documents';
import { FileName, openRow, type DocumentRowsProps } from './DocumentRows';
import { useRowKeys } from './useRowKeys';
import classes from './DocumentsTable.module.css';

/** A card's height with the gap below it (fixed: text is cut with an ellipsis, never wrapped). */
const CARD_HEIGHT = 112;

const column = (id: ColumnId) => columns.find((c) => c.id === id)!;
const text = (id: ColumnId, doc: FolderDocument) => cellText(column(id), doc) || '—';
const sortOptions = columns.map((c) => ({ value: c.id, label: c.label }));

const DocumentCard = memo(function DocumentCard({
  doc,
  index,
  count,
  open,
  tabbable,
  top,
}: {
  doc: FolderDocument;
  index: number;
  count: number;
  open: DocumentOpen;
  tabbable: boolean;
  top: number;
}) {
  return (
    <li
      className={classes.card}
      style={{ transform: `translateY(${top}px)`, height: CARD_HEIGHT - 8 }}
      data-index={index}
      data-document-id={doc.documentId}
      aria-setsize={count}
      aria-posinset={index + 1}
      tabIndex={tabbable ? 0 : -1}
    >
      <div className={classes.cardTitle}>
        <FileName doc={doc} open={open} className={classes.link} />
        {!doc.uploadedFileName && !open.href && <span className={classes.dim}>No file name</span>}
      </div>
      <div className={classes.cardLine}>
        {text('number', doc)} · Status: {text('status', doc)}
      </div>
      <div className={classes.cardLine}>
        Size: {text('size', doc)} · Updated: {text('updated', doc)}
      </div>
      <div className={`${classes.cardLine} ${classes.dim}`}>
        {open.href ? 'Opens in a new tab' : open.reason}
      </div>
    </li>
  );
});

export function DocumentCards(props: DocumentRowsProps) {
  const { rows, state, onSort, sortDisabled = false, openOf } = props;
  const listRef = useRef<HTMLUListElement | null>(null);
  // Where the list starts on the page: what is above it (filters, a notice) may change its place.
  const [margin, setMargin] = useState(0);
  // Measured after every render; set only when it moved, so it settles at once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - margin) >= 1) setMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => CARD_HEIGHT,
    overscan: 2,
    scrollMargin: margin,
  });
  const keys = useRowKeys({
    count: rows.length,
    scrollToIndex: (i) => virtualizer.scrollToIndex(i),
    onEnter: (i, row) => openRow(row, rows[i], props),
  });
  const { container } = keys;
  const list = useCallback(
    (el: HTMLUListElement | null) => {
      listRef.current = el;
      container(el);
    },
    [container],
  );
  const items = virtualizer.getVirtualItems();

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label="Sort by"
          data={sortOptions}
          value={state.sort}
          onChange={(v) => v && v !== state.sort && onSort(v as ColumnId)}
          allowDeselect={false}
          disabled={sortDisabled}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => onSort(state.sort)} disabled={sortDisabled}>
          {state.dir === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </Group>
      <ul
        ref={list}
        className={classes.cards}
        style={{ height: virtualizer.getTotalSize() }}
        data-testid="documents-cards"
        aria-label="Documents"
        onKeyDown={keys.onKeyDown}
        onFocus={keys.onFocus}
      >
        {items.map((item) => (
          <DocumentCard
            key={item.index % items.length}
            doc={rows[item.index]}
            index={item.index}
            count={rows.length}
            open={openOf(rows[item.index])}
            tabbable={item.index === keys.active}
            top={item.start - margin}
          />
        ))}
      </ul>
    </>
  );
}
