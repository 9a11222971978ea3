// Issue 22: what a paste does with a header row's unknown names, when it would overwrite filled rows, where
// "paste as new rows" starts, and how far the grid scrolls so a cell is not under the sticky "No." column.
import { describe, expect, it } from 'vitest';
import { COLUMN_KEYS, newRow } from '../../src/features/punchlist/model';
import {
  appendStart,
  leftOutMessage,
  readPaste,
  rowsOverwritten,
  scrollLeftToReveal,
} from '../../src/features/punchlist/blocks';

describe('reading a pasted block', () => {
  it('leaves one value to the input', () => {
    expect(readPaste('just text', COLUMN_KEYS, 0)).toBeUndefined();
    expect(readPaste('just text\n', COLUMN_KEYS, 0)).toBeUndefined();
  });

  it('writes a block without a header across the shown columns from the focused one', () => {
    const p = readPaste('a\tb\r\nc\td\r\n', ['summary', 'description', 'locationRoom'], 1)!;
    expect(p.keys).toEqual(['description', 'locationRoom']);
    expect(p.block).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(p.leftOut).toEqual([]);
    expect(leftOutMessage(p.leftOut)).toBeUndefined();
  });

  it('maps a header row as the import does, and names the columns it left out', () => {
    const p = readPaste(
      'Summary\tFoo\tRoom\tDrawing detail\nLoose rail\tx\t201\tD4',
      ['summary', 'locationRoom'],
      0,
    )!;
    expect(p.keys).toEqual(['summary', null, 'locationRoom', 'drawingDetail']);
    expect(p.block).toEqual([['Loose rail', 'x', '201', 'D4']]);
    expect(p.hidden).toEqual(['drawingDetail']);
    expect(p.leftOut).toEqual([{ name: 'Foo', index: 1 }]);
    expect(leftOutMessage(p.leftOut)).toBe("Column 'Foo' was not recognised and was left out.");
  });

  it('names several unknown, unnamed and repeated columns', () => {
    const p = readPaste('Title\tFoo\t\tBar\tSummary\tAlso blank\nA\t1\tx\t2\tB\t', COLUMN_KEYS, 0)!;
    expect(p.keys).toEqual(['summary', null, null, null, null, null]);
    expect(leftOutMessage(p.leftOut)).toBe(
      "Columns 'Foo', 'Bar' and 'Also blank' were not recognised and were left out. " +
        'Column 3 has no name and was left out. ' +
        "Column 'Summary' names Summary again and was left out.",
    );
  });

  it('says nothing of a blank header cell with nothing under it', () => {
    const p = readPaste('Summary\t\tRoom\nA\t\t101', COLUMN_KEYS, 0)!;
    expect(p.leftOut).toEqual([]);
  });
});

describe('a paste over filled rows', () => {
  const rows = () => [
    newRow({ summary: 'Filled one', locationRoom: '101' }),
    newRow({ summary: 'Filled two' }),
    newRow(),
    newRow(),
  ];

  it('counts the filled rows whose values it would change', () => {
    const rs = rows();
    expect(rowsOverwritten(rs, 0, ['summary'], [['X'], ['Y']])).toBe(2);
    // The same value, or a blank cell of a filled row, loses nothing.
    expect(rowsOverwritten(rs, 0, ['summary'], [['Filled one'], ['Filled two']])).toBe(0);
    expect(rowsOverwritten(rs, 0, ['description'], [['d1'], ['d2'], ['d3']])).toBe(0);
    expect(rowsOverwritten(rs, 1, ['summary', 'locationRoom'], [['Y', '102'], ['Z']])).toBe(1);
    expect(rowsOverwritten(rs, 2, ['summary'], [['new'], ['new']])).toBe(0);
  });

  it('steps over created rows as the paste does', () => {
    const created = { ...newRow({ summary: 'done' }), created: { number: '61', id: '900' } };
    expect(rowsOverwritten([created, newRow({ summary: 'typed' })], 0, ['summary'], [['A']])).toBe(1);
  });

  it('adds new rows after the last filled or created row', () => {
    expect(appendStart(rows())).toBe(2);
    expect(appendStart([newRow()])).toBe(0);
    const created = { ...newRow({ summary: 'done' }), created: { number: '61', id: '900' } };
    expect(appendStart([created, newRow()])).toBe(1);
  });
});

describe('keeping a cell clear of the sticky column', () => {
  const view = { scrollLeft: 300, width: 390, sticky: 72 };
  it('scrolls left when the cell is under the sticky column', () => {
    expect(scrollLeftToReveal({ ...view, cellLeft: 312, cellRight: 552 })).toBe(240);
    expect(scrollLeftToReveal({ ...view, cellLeft: 72, cellRight: 312 })).toBe(0);
  });
  it('scrolls right when the cell is past the right edge, showing its start if it is wider than the view', () => {
    expect(scrollLeftToReveal({ ...view, cellLeft: 600, cellRight: 720 })).toBe(330);
    expect(scrollLeftToReveal({ ...view, cellLeft: 600, cellRight: 1000 })).toBe(528);
  });
  it('leaves a visible cell alone', () => {
    expect(scrollLeftToReveal({ ...view, cellLeft: 372, cellRight: 690 })).toBe(300);
  });
});
