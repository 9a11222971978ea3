// What the punch grid's parts share: errors per cell, the commands of the toolbar and keys, and the handle the
// page holds.
import type { ColumnKey } from './model';

export const ROW_HEIGHT = 34;
/** Width of the sticky "No." column. */
export const HEAD_WIDTH = 72;

export type RowErrors = Partial<Record<ColumnKey | '_row', string>>;
export type GridCommand = 'addRow' | 'copyRow' | 'deleteRows' | 'fillDown';

export interface GridHandle {
  run(command: GridCommand): void;
  focusCell(row: number, key: ColumnKey): void;
}

/** The focused cell, and the other end of a row selection (`anchor`). */
export interface Cursor {
  row: number;
  col: number;
  anchor: number;
}
