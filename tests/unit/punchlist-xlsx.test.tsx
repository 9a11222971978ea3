// @vitest-environment jsdom
// Excel import of the punch list: a workbook's sheet → the grid's rows, through the same mapping and checks as a
// CSV (date cells and text dates, headers in any case, each bad cell named by row and column).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { punchListStatuses } from '../../src/contract/codes';
import { mapHeaders, rowsFromRecords } from '../../src/features/punchlist/blocks';
import { ImportDialog } from '../../src/features/punchlist/ImportDialog';
import type { GridRow } from '../../src/features/punchlist/model';
import {
  cellText,
  columnLetter,
  importProblems,
  tableOfSheet,
} from '../../src/features/punchlist/sheetImport';
import { readWorkbook, workbookBytes } from '../../src/ui/xlsx/excel';
import { renderWithProviders } from '../../src/test-utils';

afterEach(cleanup);

/** A workbook as a user's spreadsheet would have it: headers in odd case, a date cell, text dates, bad cells. */
async function walkBook() {
  const bytes = await workbookBytes([
    {
      name: 'Notes',
      columns: [{ header: 'Anything' }],
      rows: [['not the items']],
    },
    {
      name: 'Walk',
      columns: [
        { header: 'SUMMARY' },
        // A Date is written as a date cell, a text as text: the sheet has both.
        { header: 'due DATE', kind: 'datetime' },
        { header: 'Due as text' },
        { header: 'cost' },
        { header: 'Status' },
      ],
      rows: [
        ['Leak at sink', new Date(2026, 11, 15), '', 1250.5, 'open'],
        ['Scuff', '12/01/2026', '', '', ''],
        ['Crack', '2026-12-02', '', 'lots', 'Done-ish'],
        ['', '02/30/2027', '', '', ''],
      ],
    },
  ]);
  return readWorkbook(bytes);
}

describe('xlsx → punch rows', () => {
  it('reads date cells and text dates, maps headers in any case, names each bad cell', async () => {
    const sheets = await walkBook();
    const table = tableOfSheet(sheets[1].rows);
    expect(table.header).toEqual(['SUMMARY', 'due DATE', 'Due as text', 'cost', 'Status']);
    const mapping = mapHeaders(table.header);
    expect(mapping).toEqual(['summary', 'dueDate', null, 'cost', 'status']);
    const rows = rowsFromRecords(table.records, mapping);
    expect(rows.map((r) => [r.values.summary, r.values.dueDate, r.values.cost])).toEqual([
      ['Leak at sink', '12/15/2026', '1250.5'],
      ['Scuff', '12/01/2026', ''],
      ['Crack', '2026-12-02', 'lots'],
      ['', '02/30/2027', ''],
    ]);
    expect(sheets[1].rows[1][1]).toBeInstanceOf(Date);
    expect(sheets[1].rows[2][1]).toBe('12/01/2026');
    expect(
      importProblems(table, mapping, punchListStatuses).map((p) => `${p.row} ${p.column} ${p.header}`),
    ).toEqual(['4 D cost', '4 E Status', '5 A SUMMARY', '5 B due DATE']);
  });

  it('turns cells into the grid’s text', () => {
    expect(cellText(new Date(Date.UTC(2026, 0, 5)))).toBe('01/05/2026');
    expect(cellText(true)).toBe('Yes');
    expect(cellText(12)).toBe('12');
    expect(cellText(null)).toBe('');
    expect(columnLetter(0)).toBe('A');
    expect(columnLetter(27)).toBe('AB');
    // Empty rows below and empty columns to the right are not part of the table.
    expect(
      tableOfSheet([
        ['A', null, null],
        ['x', null, null],
        [null, null, null],
      ]),
    ).toEqual({
      header: ['A'],
      records: [['x']],
    });
  });

  it('lets the user choose the sheet, lists the bad cells, and adds the rows', async () => {
    const sheets = await walkBook();
    const onImport = vi.fn<(rows: GridRow[]) => void>();
    renderWithProviders(
      <ImportDialog file={{ name: 'walk.xlsx', sheets }} onImport={onImport} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import walk.xlsx' });
    expect(within(dialog).getByText(/No column goes to Summary/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Sheet/), { target: { value: '1' } });
    expect(within(dialog).getByLabelText('Grid column for “due DATE”')).toHaveValue('dueDate');
    const problems = within(dialog).getByTestId('import-problems');
    expect(within(dialog).getByText('4 cells to fix in 2 rows')).toBeInTheDocument();
    expect(problems).toHaveTextContent('Row 4, column D (cost): Cost must be a number');
    expect(problems).toHaveTextContent('Row 5, column B (due DATE): Due date is not a date');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 4 rows' }));
    expect(onImport.mock.calls[0][0].map((r) => r.values.dueDate)).toEqual([
      '12/15/2026',
      '12/01/2026',
      '2026-12-02',
      '02/30/2027',
    ]);
  });
});
