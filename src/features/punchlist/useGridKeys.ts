// The grid's keys, spreadsheet-like: arrows (← → only at the start / end of the text), Tab, Enter, Shift to
// select rows, and the commands' shortcuts.
import type { KeyboardEvent, RefObject } from 'react';
import type { GridCommand } from './gridTypes';
import { newRow, type GridRow } from './model';

export function useGridKeys({
  columnCount,
  readOnly,
  onChange,
  rowsRef,
  run,
  place,
  moveTo,
}: {
  columnCount: number;
  readOnly: boolean;
  onChange: (update: (rows: GridRow[]) => GridRow[]) => void;
  rowsRef: RefObject<GridRow[]>;
  run: (command: GridCommand) => void;
  place: (row: number, col: number, anchor?: number, scroll?: boolean) => void;
  moveTo: (row: number, col: number, extend?: boolean, count?: number) => void;
}) {
  return (e: KeyboardEvent<HTMLDivElement>) => {
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
    else if (e.key === 'ArrowRight' && caretAtEnd && col < columnCount - 1) moveTo(row, col + 1);
    else if (e.key === 'Enter') {
      if (e.shiftKey) moveTo(row - 1, col);
      else if (row === last && !readOnly) {
        onChange((rs) => [...rs, newRow()]);
        place(row + 1, col, row + 1, true);
      } else moveTo(row + 1, col);
    } else if (e.key === 'Tab') {
      if (e.shiftKey) {
        if (col > 0) moveTo(row, col - 1);
        else if (row > 0) moveTo(row - 1, columnCount - 1);
        else handled = false; // leave the grid backwards
      } else if (col < columnCount - 1) moveTo(row, col + 1);
      else if (row < last) moveTo(row + 1, 0);
      else handled = false; // leave the grid forwards
    } else handled = false;
    if (handled) e.preventDefault();
  };
}
