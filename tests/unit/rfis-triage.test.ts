import { describe, expect, it } from 'vitest';
import { rfiStatuses } from '../../src/contract/codes';
import type { OpenIssue } from '../../src/contract/dtos';
import { daysOverdue } from '../../src/features/rfis/model/status';
import { textDateSortKey } from '../../src/ui/textDate';

const today = textDateSortKey('11/22/2026')!;
const pastDue: OpenIssue = {
  folderId: 104,
  number: 'RFI-004',
  subject: 'Embed plate',
  dueDate: '11/12/2026',
  issueFrom: 7,
  fromName: 'Pat Miller',
  issueTo: 9,
  toName: 'Rachel Kim',
};
const withStatus = (statusId: number) => ({
  ...pastDue,
  statusId,
  statusName: rfiStatuses.find((s) => s.code === statusId)!.name,
});

describe('overdue for triage', () => {
  it('counts an open RFI past its due date', () => {
    expect(daysOverdue(withStatus(2), rfiStatuses, today)).toBe(10);
  });

  it('never counts a draft: it has not been sent, nobody is late answering it', () => {
    expect(daysOverdue(withStatus(1), rfiStatuses, today)).toBe(0);
    // Known by its name too, whatever the code.
    expect(daysOverdue({ ...pastDue, statusId: 17, statusName: 'Draft' }, rfiStatuses, today)).toBe(0);
  });

  it('does not count an answered RFI: the question is answered, the ball is back with the author', () => {
    expect(daysOverdue(withStatus(3), rfiStatuses, today)).toBe(0);
  });

  it('does not count a closed one', () => {
    expect(daysOverdue(withStatus(4), rfiStatuses, today)).toBe(0);
  });
});
