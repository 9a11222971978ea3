// The grid's commands (toolbar buttons and their keys): add, copy and delete rows, fill down.
import { useCallback, type RefObject } from 'react';
import type { Cursor, GridCommand } from './gridTypes';
import { newRow, type ColumnKey, type GridRow } from './model';

export function useGridCommands({
  columns,
  readOnly,
  onChange,
  cursorRef,
  rowsRef,
  place,
  moveTo,
}: {
  columns: ColumnKey[];
  readOnly: boolean;
  onChange: (update: (rows: GridRow[]) => GridRow[]) => void;
  cursorRef: RefObject<Cursor>;
  rowsRef: RefObject<GridRow[]>;
  place: (row: number, col: number, anchor?: number, scroll?: boolean) => void;
  moveTo: (row: number, col: number, extend?: boolean, count?: number) => void;
}) {
  return useCallback(
    (command: GridCommand) => {
      if (readOnly) return;
      const { row, col, anchor } = cursorRef.current;
      const lo = Math.min(row, anchor);
      const hi = Math.max(row, anchor);
      const key = columns[col];
      switch (command) {
        case 'addRow': {
          // At the end, whichever row is focused: a row inserted in the middle would be overwritten by a paste
          // that follows. The cursor goes to the new row's first cell.
          const at = rowsRef.current.length;
          onChange((rs) => [...rs, newRow()]);
          place(at, 0, at, true);
          break;
        }
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
          place(Math.min(lo, left - 1), col);
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
    [columns, cursorRef, moveTo, onChange, place, readOnly, rowsRef],
  );
}
