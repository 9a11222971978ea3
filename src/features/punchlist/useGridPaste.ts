// Paste into the grid: a block with tabs or line breaks is written from the focused cell on (a header row sends
// its cells to the columns it names); one value is left to the input.
import type { ClipboardEvent } from 'react';
import { parseDelimited } from '../../ui/delimited';
import { applyBlock, looksLikeHeader, mapHeaders, type ColumnKey, type GridRow } from './model';

export function useGridPaste({
  columns,
  readOnly,
  onChange,
  onShowColumns,
  place,
}: {
  columns: ColumnKey[];
  readOnly: boolean;
  onChange: (update: (rows: GridRow[]) => GridRow[]) => void;
  onShowColumns?: (keys: ColumnKey[]) => void;
  place: (row: number, col: number, anchor?: number) => void;
}) {
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
    place(row, col, row + block.length - 1);
  };
  return { onPaste };
}
