// The RFI list as CSV.
import type { RfiRow } from './list';
import { csvCell } from '../../../ui/csv';

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
