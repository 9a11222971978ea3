// The RFI list as CSV.
import type { RfiRow } from './list';

function csvCell(v: string | number | boolean | undefined | null): string {
  if (v === undefined || v === null) return '';
  let s = String(v);
  // A cell starting with = + - @ would be run as a formula by spreadsheet programs.
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function rowsToCsv(rows: RfiRow[]): string {
  const head = [
    'Number',
    'Subject',
    'Status',
    'From',
    'To',
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
