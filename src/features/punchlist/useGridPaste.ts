// Paste into the grid (model.ts `readPaste`): a block is written from the focused cell on, or to the columns its
// header row names; one value is left to the input. A block that would change filled rows waits for an answer
// (PasteConfirm): replace them, add the block as new rows at the end, or cancel.
import { useState, type ClipboardEvent, type RefObject } from 'react';
import { type ColumnKey, type GridRow } from './model';
import {
  appendStart,
  applyBlock,
  leftOutMessage,
  readPaste,
  rowsOverwritten,
  type PastedBlock,
} from './blocks';

interface Pending {
  paste: PastedBlock;
  row: number;
  col: number;
  /** Filled rows the paste would change. */
  count: number;
}

export function useGridPaste({
  columns,
  readOnly,
  onChange,
  onShowColumns,
  onPasteNotice,
  rowsRef,
  place,
}: {
  columns: ColumnKey[];
  readOnly: boolean;
  onChange: (update: (rows: GridRow[]) => GridRow[]) => void;
  onShowColumns?: (keys: ColumnKey[]) => void;
  /** What a pasted header row left out, in sentences; undefined after a paste that left nothing out. */
  onPasteNotice?: (message: string | undefined) => void;
  rowsRef: RefObject<GridRow[]>;
  place: (row: number, col: number, anchor?: number, scroll?: boolean) => void;
}) {
  const [pending, setPending] = useState<Pending | null>(null);

  const write = (paste: PastedBlock, row: number, col: number, scroll = false) => {
    if (paste.hidden.length) onShowColumns?.(paste.hidden);
    onPasteNotice?.(leftOutMessage(paste.leftOut));
    onChange((rs) => applyBlock(rs, row, paste.keys, paste.block));
    place(row, col, row + paste.block.length - 1, scroll);
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLInputElement;
    if (readOnly || target.tagName !== 'INPUT' || !target.dataset.cell) return;
    const paste = readPaste(
      e.clipboardData.getData('text/plain'),
      columns,
      Number(target.dataset.cell.split(':')[1]),
    );
    if (!paste) return; // one value: the input takes it
    e.preventDefault();
    const [row, col] = target.dataset.cell.split(':').map(Number);
    const count = rowsOverwritten(rowsRef.current, row, paste.keys, paste.block);
    if (count === 0) write(paste, row, col);
    else setPending({ paste, row, col, count });
  };

  const answer = (choice: 'replace' | 'append' | 'cancel') => {
    if (!pending) return;
    setPending(null);
    if (choice === 'replace') write(pending.paste, pending.row, pending.col);
    else if (choice === 'append') write(pending.paste, appendStart(rowsRef.current), pending.col, true);
    else place(pending.row, pending.col); // back to the cell pasted into
  };

  return { onPaste, pending: pending && { count: pending.count, lines: pending.paste.block.length }, answer };
}
