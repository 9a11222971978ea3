// Excel export (src/ui/xlsx): typed cells, frozen header, autofilter and widths, and the file read back.
import { describe, expect, it } from 'vitest';
import { buildWorkbook, readWorkbook, workbookBytes } from '../../src/ui/xlsx/excel';
import {
  cellValue,
  columnWidths,
  csvOfSheets,
  exportFileName,
  sheetNames,
  type Sheet,
} from '../../src/ui/xlsx/sheet';

const sheet: Sheet = {
  name: 'RFIs',
  columns: [
    { header: 'Number' },
    { header: 'Due date', kind: 'date' },
    { header: 'Days overdue', kind: 'integer' },
    { header: 'Amount', kind: 'money' },
    { header: 'Cost impact', kind: 'boolean' },
    { header: 'Logged', kind: 'datetime' },
    { header: 'Note', width: 40 },
  ],
  rows: [
    ['RFI-001', '12/15/2026', 3, 1250.5, true, new Date(2026, 10, 28, 14, 5, 9), '=1+1'],
    ['RFI-002', '2026-11-01', null, undefined, false, undefined, ''],
    ['RFI-003', 'soon', 0, '$2,000.00', undefined, new Date(Number.NaN), 'x'],
  ],
};

describe('cellValue', () => {
  it('types each kind', () => {
    expect(cellValue('12/15/2026', 'date')).toEqual(new Date(Date.UTC(2026, 11, 15)));
    expect(cellValue('2026-11-01', 'date')).toEqual(new Date(Date.UTC(2026, 10, 1)));
    expect(cellValue('soon', 'date')).toBe('soon');
    expect(cellValue('$2,000.00', 'money')).toBe(2000);
    expect(cellValue('', 'integer')).toBeNull();
    expect(cellValue(true, 'boolean')).toBe(true);
    // A date-time keeps the wall time the screen shows (Excel has no time zones).
    expect(cellValue(new Date(2026, 10, 28, 14, 5, 9), 'datetime')).toEqual(
      new Date(Date.UTC(2026, 10, 28, 14, 5, 9)),
    );
    expect(cellValue(new Date(Number.NaN), 'datetime')).toBeNull();
  });

  it('names files, tabs and widths', () => {
    expect(exportFileName('RFIs', 1, new Date(2026, 10, 29))).toBe('rfis-project-1-2026-11-29');
    expect(exportFileName('Request log', undefined, new Date(2026, 0, 2))).toBe('request-log-2026-01-02');
    expect(sheetNames(['a/b', 'A B', 'x'.repeat(40)])).toEqual(['a b', 'A B (2)', 'x'.repeat(31)]);
    const widths = columnWidths(sheet);
    expect(widths[0]).toBe(10); // "RFI-001": 7, at least 8, + 2
    expect(widths[6]).toBe(40);
    expect(csvOfSheets([sheet]).split('\r\n')[0]).toBe(
      'Number,Due date,Days overdue,Amount,Cost impact,Logged,Note',
    );
  });
});

describe('workbook', () => {
  it('has a frozen bold header, an autofilter, widths and number formats', async () => {
    const wb = await buildWorkbook([sheet]);
    const ws = wb.getWorksheet('RFIs')!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toEqual({ from: { row: 1, column: 1 }, to: { row: 4, column: 7 } });
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getColumn(7).width).toBe(40);
    expect(ws.getCell('B2').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('D2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('G2').value).toBe('=1+1'); // text, not a formula
  });

  it('reads back the same rows with typed cells', async () => {
    const bytes = await workbookBytes([sheet, { name: 'Second', columns: [{ header: 'A' }], rows: [['b']] }]);
    const [first, second] = await readWorkbook(bytes);
    expect(first.name).toBe('RFIs');
    expect(first.rows).toEqual([
      ['Number', 'Due date', 'Days overdue', 'Amount', 'Cost impact', 'Logged', 'Note'],
      [
        'RFI-001',
        new Date(Date.UTC(2026, 11, 15)),
        3,
        1250.5,
        true,
        new Date(Date.UTC(2026, 10, 28, 14, 5, 9)),
        '=1+1',
      ],
      ['RFI-002', new Date(Date.UTC(2026, 10, 1)), null, null, false, null, null],
      ['RFI-003', 'soon', 0, 2000, null, null, 'x'],
    ]);
    expect(second).toEqual({ name: 'Second', rows: [['A'], ['b']] });
  });

  it('refuses bytes that are not a workbook', async () => {
    await expect(readWorkbook(new TextEncoder().encode('a,b\n1,2\n').buffer)).rejects.toThrow();
  });
});
