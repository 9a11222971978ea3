// The entry grid: one row per new item, one text input per cell, virtualised rows (only what is in view is in
// the DOM), spreadsheet keys. Errors are shown on the cell (red, and the reason as the input's description).
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { parseDelimited } from '../../ui/delimited';
import {
  applyBlock,
  columnByKey,
  looksLikeHeader,
  mapHeaders,
  newRow,
  type ColumnKey,
  type GridRow,
} from './model';
import classes from './PunchGrid.module.css';

export const ROW_HEIGHT = 34;
const HEAD_WIDTH = 72;

export type RowErrors = Partial<Record<ColumnKey | '_row', string>>;
export type GridCommand = 'addRow' | 'copyRow' | 'deleteRows' | 'fillDown';

export interface GridHandle {
  run(command: GridCommand): void;
  focusCell(row: number, key: ColumnKey): void;
}

interface Props {
  rows: GridRow[];
  columns: ColumnKey[];
  errorsOf: (row: GridRow) => RowErrors;
  readOnly: boolean;
  onChange: (update: (rows: GridRow[]) => GridRow[]) => void;
  /** A paste brought a header row naming columns that are hidden: the page shows them. */
  onShowColumns?: (keys: ColumnKey[]) => void;
  height: number;
  statusNames: string[];
}

interface Cursor {
  row: number;
  col: number;
  anchor: number;
}

function rowLabel(row: GridRow, index: number, errors: RowErrors): string {
  if (row.created) return `Row ${index + 1}, created as number ${row.created.number}`;
  const n = Object.keys(errors).length;
  return n ? `Row ${index + 1}, ${n === 1 ? 'one problem' : `${n} problems`}` : `Row ${index + 1}`;
}

const GridRowView = memo(function GridRowView({
  row,
  index,
  columns,
  template,
  errors,
  top,
  selected,
  readOnly,
  onCell,
}: {
  row: GridRow;
  index: number;
  columns: ColumnKey[];
  template: string;
  errors: RowErrors;
  top: number;
  selected: boolean;
  readOnly: boolean;
  onCell: (index: number, key: ColumnKey, value: string) => void;
}) {
  const hasErrors = Object.keys(errors).length > 0;
  const state = row.created ? 'created' : hasErrors ? 'error' : undefined;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-created={row.created ? '' : undefined}
      className={classes.row}
      style={{ gridTemplateColumns: template, transform: `translateY(${top}px)` }}
    >
      <div
        role="rowheader"
        className={classes.rowHead}
        data-state={state}
        aria-label={rowLabel(row, index, errors)}
        title={errors._row}
      >
        {row.created ? `#${row.created.number}` : index + 1}
        {!row.created && hasErrors && <span aria-hidden>⚠</span>}
      </div>
      {columns.map((key, c) => {
        const error = errors[key];
        const label = columnByKey.get(key)!.label;
        return (
          <div role="gridcell" key={key} className={classes.cell}>
            <input
              className={classes.input}
              data-cell={`${index}:${c}`}
              aria-label={`${label}, row ${index + 1}`}
              aria-invalid={error ? true : undefined}
              aria-description={error}
              title={error}
              value={row.values[key]}
              readOnly={readOnly || row.created !== undefined}
              list={key === 'status' ? 'punch-status-options' : undefined}
              autoComplete="off"
              spellCheck={key === 'summary' || key === 'description'}
              onChange={(e) => onCell(index, key, e.currentTarget.value)}
            />
          </div>
        );
      })}
    </div>
  );
});

export const PunchGrid = forwardRef<GridHandle, Props>(function PunchGrid(
  { rows, columns, errorsOf, readOnly, onChange, onShowColumns, height, statusNames },
  ref,
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Cursor>({ row: 0, col: 0, anchor: 0 });
  const pendingFocus = useRef(false);
  const rowsRef = useRef(rows);
  const cursorRef = useRef(cursor);
  useLayoutEffect(() => {
    rowsRef.current = rows;
    cursorRef.current = cursor;
  });

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

  const moveTo = useCallback(
    (row: number, col: number, extend = false, count = rowsRef.current.length) => {
      const n = count;
      const r = Math.max(0, Math.min(row, n - 1));
      const c = Math.max(0, Math.min(col, columns.length - 1));
      setCursor((cur) => ({ row: r, col: c, anchor: extend ? cur.anchor : r }));
      pendingFocus.current = true;
      virtualizer.scrollToIndex(r, { align: 'auto' });
    },
    [columns.length, virtualizer],
  );

  // Focus follows the cursor once its row is rendered (after a scroll it may take a frame or two).
  useEffect(() => {
    if (!pendingFocus.current) return;
    let tries = 0;
    let raf = 0;
    const focus = () => {
      const el = scrollRef.current?.querySelector<HTMLInputElement>(
        `[data-cell="${cursor.row}:${cursor.col}"]`,
      );
      if (el) {
        pendingFocus.current = false;
        if (document.activeElement !== el) el.focus({ preventScroll: false });
        return;
      }
      if (++tries < 10) raf = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(raf);
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

  const run = useCallback(
    (command: GridCommand) => {
      if (readOnly) return;
      const { row, col, anchor } = cursorRef.current;
      const lo = Math.min(row, anchor);
      const hi = Math.max(row, anchor);
      const key = columns[col];
      switch (command) {
        case 'addRow':
          onChange((rs) => [...rs.slice(0, row + 1), newRow(), ...rs.slice(row + 1)]);
          moveTo(row + 1, col, false, rowsRef.current.length + 1);
          break;
        case 'copyRow':
          onChange((rs) =>
            rs[row] ? [...rs.slice(0, row + 1), newRow(rs[row].values), ...rs.slice(row + 1)] : rs,
          );
          moveTo(row + 1, col, false, rowsRef.current.length + 1);
          break;
        case 'deleteRows': {
          onChange((rs) => {
            const next = [...rs.slice(0, lo), ...rs.slice(hi + 1)];
            return next.length ? next : [newRow()];
          });
          const left = Math.max(1, rowsRef.current.length - (hi - lo + 1));
          setCursor({ row: Math.min(lo, left - 1), col, anchor: Math.min(lo, left - 1) });
          pendingFocus.current = true;
          break;
        }
        case 'fillDown':
          onChange((rs) => {
            const from = lo < hi ? lo : row - 1;
            const to = lo < hi ? hi : row;
            if (from < 0 || !key) return rs;
            const value = rs[from].values[key];
            const next = rs.slice();
            for (let i = from + 1; i <= to; i++) {
              if (next[i].created) continue;
              next[i] = { ...next[i], values: { ...next[i].values, [key]: value }, refused: undefined };
            }
            return next;
          });
          moveTo(row, col, true);
          break;
      }
    },
    [columns, moveTo, onChange, readOnly],
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

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.tagName !== 'INPUT' || !target.dataset.cell) return;
    const [row, col] = target.dataset.cell.split(':').map(Number);
    const last = rowsRef.current.length - 1;
    const mod = e.ctrlKey || e.metaKey;
    const caretAtStart = target.selectionStart === 0 && target.selectionEnd === 0;
    const caretAtEnd =
      target.selectionStart === target.value.length && target.selectionEnd === target.value.length;
    let handled = true;
    if (mod && e.key === 'Enter') run(e.shiftKey ? 'copyRow' : 'addRow');
    else if (mod && e.key === 'Delete') run('deleteRows');
    else if (mod && (e.key === 'd' || e.key === 'D')) run('fillDown');
    else if (mod && e.key === 'Home') moveTo(0, col);
    else if (mod && e.key === 'End') moveTo(last, col);
    else if (mod || e.altKey) handled = false;
    else if (e.key === 'ArrowDown') moveTo(row + 1, col, e.shiftKey);
    else if (e.key === 'ArrowUp') moveTo(row - 1, col, e.shiftKey);
    else if (e.key === 'ArrowLeft' && caretAtStart && col > 0) moveTo(row, col - 1);
    else if (e.key === 'ArrowRight' && caretAtEnd && col < columns.length - 1) moveTo(row, col + 1);
    else if (e.key === 'Enter') {
      if (e.shiftKey) moveTo(row - 1, col);
      else if (row === last && !readOnly) {
        onChange((rs) => [...rs, newRow()]);
        setCursor({ row: row + 1, col, anchor: row + 1 });
        pendingFocus.current = true;
        requestAnimationFrame(() => virtualizer.scrollToIndex(row + 1, { align: 'auto' }));
      } else moveTo(row + 1, col);
    } else if (e.key === 'Tab') {
      if (e.shiftKey) {
        if (col > 0) moveTo(row, col - 1);
        else if (row > 0) moveTo(row - 1, columns.length - 1);
        else handled = false; // leave the grid backwards
      } else if (col < columns.length - 1) moveTo(row, col + 1);
      else if (row < last) moveTo(row + 1, 0);
      else handled = false; // leave the grid forwards
    } else handled = false;
    if (handled) e.preventDefault();
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLInputElement;
    if (readOnly || target.tagName !== 'INPUT' || !target.dataset.cell) return;
    const text = e.clipboardData.getData('text/plain');
    const body = text.replace(/(\r\n|\r|\n)$/, '');
    if (!body.includes('\t') && !/[\r\n]/.test(body)) return; // one value: the input takes it
    e.preventDefault();
    const [row, col] = target.dataset.cell.split(':').map(Number);
    let block = parseDelimited(body, '\t');
    let keys: Array<ColumnKey | null> = columns.slice(col);
    if (block.length > 1 && looksLikeHeader(block[0])) {
      // A block copied with its header row: cells go to the columns they name, wherever they are.
      keys = mapHeaders(block[0]);
      block = block.slice(1);
      const hidden = keys.filter((k): k is ColumnKey => k !== null && !columns.includes(k));
      if (hidden.length) onShowColumns?.(hidden);
    }
    onChange((rs) => applyBlock(rs, row, keys, block));
    setCursor({ row, col, anchor: Math.min(row + block.length - 1, row + block.length) });
  };

  const items = virtualizer.getVirtualItems();
  const lo = Math.min(cursor.row, cursor.anchor);
  const hi = Math.max(cursor.row, cursor.anchor);

  return (
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
      onPaste={onPaste}
      onFocus={(e) => {
        const cell = (e.target as HTMLElement).dataset?.cell;
        if (!cell) return;
        const [row, col] = cell.split(':').map(Number);
        const cur = cursorRef.current;
        if (cur.row !== row || cur.col !== col) setCursor({ row, col, anchor: row });
      }}
    >
      <datalist id="punch-status-options">
        {statusNames.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <div role="rowgroup" style={{ width: totalWidth }} className={classes.head}>
        <div role="row" aria-rowindex={1} className={classes.row} style={{ gridTemplateColumns: template }}>
          <div role="columnheader" className={`${classes.headCell} ${classes.rowHead}`}>
            No.
          </div>
          {columns.map((key) => (
            <div role="columnheader" key={key} className={classes.headCell}>
              {columnByKey.get(key)!.label}
              {key === 'summary' && (
                <span aria-hidden style={{ color: 'var(--mantine-color-red-filled)' }}>
                  &nbsp;*
                </span>
              )}
            </div>
          ))}
        </div>
      </div>
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
  );
});
