// The entry grid: one row per new item, one text input per cell, virtualised rows (only what is in view is in
// the DOM), spreadsheet keys (useGridKeys), commands (useGridCommands) and paste (useGridPaste).
import { forwardRef, useCallback, useImperativeHandle, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { GridHead, GridRowView } from './GridRows';
import { HEAD_WIDTH, ROW_HEIGHT, type GridHandle, type RowErrors } from './gridTypes';
import { columnByKey, type ColumnKey, type GridRow } from './model';
import { scrollLeftToReveal } from './blocks';
import { PasteConfirm } from './PasteConfirm';
import classes from './PunchGrid.module.css';
import { useGridCommands } from './useGridCommands';
import { useGridCursor } from './useGridCursor';
import { useGridKeys } from './useGridKeys';
import { useGridPaste } from './useGridPaste';

interface Props {
  rows: GridRow[];
  columns: ColumnKey[];
  errorsOf: (row: GridRow) => RowErrors;
  readOnly: boolean;
  onChange: (update: (rows: GridRow[]) => GridRow[]) => void;
  /** A paste brought a header row naming columns that are hidden: the page shows them. */
  onShowColumns?: (keys: ColumnKey[]) => void;
  /** What a pasted header row left out (undefined after a paste that left nothing out). */
  onPasteNotice?: (message: string | undefined) => void;
  height: number;
  statusNames: string[];
}

export const PunchGrid = forwardRef<GridHandle, Props>(function PunchGrid(
  { rows, columns, errorsOf, readOnly, onChange, onShowColumns, onPasteNotice, height, statusNames },
  ref,
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const template = `${HEAD_WIDTH}px ${columns.map((k) => `${columnByKey.get(k)!.width}px`).join(' ')}`;
  const totalWidth = HEAD_WIDTH + columns.reduce((s, k) => s + columnByKey.get(k)!.width, 0);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // The body starts below the sticky header row, which also covers the top of the view.
    scrollMargin: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
    getItemKey: (i) => rows[i]?.tempItemId ?? i,
  });

  // A focused cell is scrolled clear of the sticky "No." column (the browser's own scrolling ignores it).
  const reveal = useCallback((input: HTMLElement) => {
    const view = scrollRef.current;
    const cell = input.parentElement;
    if (!view || !cell) return;
    const left = scrollLeftToReveal({
      scrollLeft: view.scrollLeft,
      width: view.clientWidth,
      sticky: HEAD_WIDTH,
      cellLeft: cell.offsetLeft,
      cellRight: cell.offsetLeft + cell.offsetWidth,
    });
    if (left !== view.scrollLeft) view.scrollLeft = left;
  }, []);

  const { cursor, cursorRef, rowsRef, place, moveTo, follow } = useGridCursor(
    rows,
    columns.length,
    scrollRef,
    virtualizer,
    reveal,
  );
  const run = useGridCommands({ columns, readOnly, onChange, cursorRef, rowsRef, place, moveTo });
  const onKeyDown = useGridKeys({
    columnCount: columns.length,
    readOnly,
    onChange,
    rowsRef,
    run,
    place,
    moveTo,
  });
  const paste = useGridPaste({
    columns,
    readOnly,
    onChange,
    onShowColumns,
    onPasteNotice,
    rowsRef,
    place,
  });

  const onCell = useCallback(
    (index: number, key: ColumnKey, value: string) => {
      onChange((rs) => {
        const next = rs.slice();
        const row = next[index];
        if (!row || row.created) return rs;
        next[index] = { ...row, values: { ...row.values, [key]: value }, refused: undefined };
        return next;
      });
    },
    [onChange],
  );

  useImperativeHandle(
    ref,
    () => ({
      run,
      focusCell: (row, key) => {
        const col = columns.indexOf(key);
        if (col >= 0) moveTo(row, col);
      },
    }),
    [columns, moveTo, run],
  );

  const items = virtualizer.getVirtualItems();
  const lo = Math.min(cursor.row, cursor.anchor);
  const hi = Math.max(cursor.row, cursor.anchor);

  return (
    <>
      <div
        ref={scrollRef}
        className={classes.scroll}
        style={{ height }}
        role="grid"
        aria-label="New punch-list items"
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 1}
        aria-multiselectable
        data-testid="punch-grid"
        onKeyDown={onKeyDown}
        onPaste={paste.onPaste}
        onFocus={(e) => {
          const target = e.target as HTMLElement;
          const cell = target.dataset?.cell;
          if (!cell) return;
          const [row, col] = cell.split(':').map(Number);
          follow(row, col);
          // Focus by Tab or the mouse: after the browser's own scrolling.
          requestAnimationFrame(() => document.activeElement === target && reveal(target));
        }}
      >
        <datalist id="punch-status-options">
          {statusNames.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <GridHead columns={columns} template={template} width={totalWidth} />
        <div
          role="rowgroup"
          className={classes.body}
          style={{ height: virtualizer.getTotalSize(), width: totalWidth }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <GridRowView
                key={item.key}
                row={row}
                index={item.index}
                columns={columns}
                template={template}
                errors={errorsOf(row)}
                top={item.start - ROW_HEIGHT}
                selected={lo !== hi && item.index >= lo && item.index <= hi}
                readOnly={readOnly}
                onCell={onCell}
              />
            );
          })}
        </div>
      </div>
      <PasteConfirm pending={paste.pending} onAnswer={paste.answer} />
    </>
  );
});
