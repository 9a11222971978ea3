// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ImportDialog } from '../../src/features/punchlist/ImportDialog';
import type { GridRow } from '../../src/features/punchlist/model';
import { renderWithProviders } from '../../src/test-utils';

afterEach(cleanup);

const csv = 'Item text;Room;Due;Unknown thing\r\nLeak at sink;104;11/30/2026;x\r\n;;;\r\nScuff;105;;y\r\n';

describe('ImportDialog', () => {
  it('maps known names, asks for the others, previews, and adds the rows', () => {
    const onImport = vi.fn<(rows: GridRow[]) => void>();
    renderWithProviders(
      <ImportDialog file={{ name: 'walk.csv', text: csv }} onImport={onImport} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import walk.csv' });
    expect(within(dialog).getByText('2 columns not matched')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Grid column for “Room”')).toHaveValue('locationRoom');
    expect(within(dialog).getByLabelText('Grid column for “Due”')).toHaveValue('dueDate');
    expect(within(dialog).getByText(/No column goes to Summary/)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Grid column for “Item text”'), {
      target: { value: 'summary' },
    });
    const preview = within(dialog).getByRole('table', { name: 'Import preview' });
    expect(within(preview).getByText('Leak at sink')).toBeInTheDocument();
    expect(within(dialog).queryByText(/No column goes to Summary/)).toBeNull();

    // Choosing a column already taken moves it: Room → Summary leaves "Item text" unmapped.
    fireEvent.change(within(dialog).getByLabelText('Grid column for “Room”'), {
      target: { value: 'summary' },
    });
    expect(within(dialog).getByLabelText('Grid column for “Item text”')).toHaveValue('');
    fireEvent.change(within(dialog).getByLabelText('Grid column for “Item text”'), {
      target: { value: 'summary' },
    });
    fireEvent.change(within(dialog).getByLabelText('Grid column for “Room”'), {
      target: { value: 'locationRoom' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 rows' }));
    const rows = onImport.mock.calls[0][0];
    expect(rows.map((r) => [r.values.summary, r.values.locationRoom, r.values.dueDate])).toEqual([
      ['Leak at sink', '104', '11/30/2026'],
      ['Scuff', '105', ''],
    ]);
  });

  it('refuses a spreadsheet file that is not text', () => {
    renderWithProviders(
      <ImportDialog
        file={{ name: 'walk.xlsx', text: 'PK\u0003\u0004garbage' }}
        onImport={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Not a CSV, text or Excel file')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });
});
