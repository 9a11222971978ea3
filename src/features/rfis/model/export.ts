// The RFI list as CSV.
import type { RfiRow } from './list';
import { csvCell } from '../../../ui/csv';
import type { Sheet } from '../../../ui/xlsx/sheet';

export function rowsToCsv(rows: RfiRow[]): string {
  const head = [
    'Number',
    'Subject',
    'Status',
    'From',
    'To',
    'Ball in court',
    'Due date',
    'Days overdue',
    'Cost impact',
    'Change order amount',
  ];
  const lines = rows.map((r) =>
    [
      r.number,
      r.subject,
      r.status,
      r.fromName,
      r.toName,
      r.courtName,
      r.dueDate,
      r.daysOverdue || '',
      r.costImpact === undefined ? '' : r.costImpact ? 'Yes' : 'No',
      r.changeOrderAmount,
    ]
      .map(csvCell)
      .join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The RFI list as a sheet (Excel): the same columns and rows as the CSV, typed. */
export function rowsToSheet(rows: RfiRow[]): Sheet {
  return {
    name: 'RFIs',
    columns: [
      { header: 'Number' },
      { header: 'Subject', width: 50 },
      { header: 'Status' },
      { header: 'From' },
      { header: 'To' },
      { header: 'Ball in court' },
      { header: 'Due date', kind: 'date' },
      { header: 'Days overdue', kind: 'integer' },
      { header: 'Cost impact', kind: 'boolean' },
      { header: 'Change order amount', kind: 'money' },
    ],
    rows: rows.map((r) => [
      r.number,
      r.subject,
      r.status,
      r.fromName,
      r.toName,
      r.courtName,
      r.dueDate,
      r.daysOverdue || null,
      r.costImpact,
      r.changeOrderAmount,
    ]),
  };
}
