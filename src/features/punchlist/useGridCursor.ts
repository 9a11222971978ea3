// The punch grid's cursor: the focused cell and the selected rows, moving it (scrolling its row into view), and
// focus following it once its row is rendered.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { Cursor } from './gridTypes';
import type { GridRow } from './model';

export function useGridCursor(
  rows: GridRow[],
  columnCount: number,
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  /** Called once a cell has been focused by the cursor (the grid keeps it clear of the sticky column). */
  onFocused: (input: HTMLInputElement) => void,
) {
  const [cursor, setCursor] = useState<Cursor>({ row: 0, col: 0, anchor: 0 });
  // The cell focus goes to once rendered. It names the cell itself: an effect of an earlier render, flushed
  // before the render of a move (React flushes pending effects first), must not take the move's focus away.
  const pendingFocus = useRef<{ row: number; col: number } | null>(null);
  const rowsRef = useRef(rows);
  const cursorRef = useRef(cursor);
  useLayoutEffect(() => {
    rowsRef.current = rows;
    cursorRef.current = cursor;
  });

  /**
   * Puts the cursor on a cell (and the selection's other end on `anchor`); focus follows once rendered. `scroll`:
   * the row is being added, so it is scrolled to once it is there.
   */
  const place = useCallback(
    (row: number, col: number, anchor = row, scroll = false) => {
      setCursor({ row, col, anchor });
      pendingFocus.current = { row, col };
      if (scroll) requestAnimationFrame(() => virtualizer.scrollToIndex(row, { align: 'auto' }));
    },
    [virtualizer],
  );

  /** Moves to a cell, clamped to the grid; `count` is the row count when rows are being added. */
  const moveTo = useCallback(
    (row: number, col: number, extend = false, count = rowsRef.current.length) => {
      const r = Math.max(0, Math.min(row, count - 1));
      const c = Math.max(0, Math.min(col, columnCount - 1));
      setCursor((cur) => ({ row: r, col: c, anchor: extend ? cur.anchor : r }));
      pendingFocus.current = { row: r, col: c };
      virtualizer.scrollToIndex(r, { align: 'auto' });
    },
    [columnCount, virtualizer],
  );

  // Focus follows the cursor once its row is rendered (after a scroll it may take a frame or two).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    let tries = 0;
    let raf = 0;
    const focus = () => {
      const el = scrollRef.current?.querySelector<HTMLInputElement>(
        `[data-cell="${target.row}:${target.col}"]`,
      );
      if (el) {
        if (pendingFocus.current === target) pendingFocus.current = null;
        if (document.activeElement !== el) el.focus({ preventScroll: false });
        onFocused(el);
        return;
      }
      if (++tries < 10) raf = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(raf);
  });

  /** A cell focused by the mouse or from outside the grid becomes the cursor. */
  const follow = useCallback((row: number, col: number) => {
    const cur = cursorRef.current;
    if (cur.row !== row || cur.col !== col) setCursor({ row, col, anchor: row });
  }, []);

  return { cursor, cursorRef, rowsRef, place, moveTo, follow };
}
