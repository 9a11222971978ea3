// Issue 34: an RFI edited offline shows the queued values, marked, until the service's reply replaces them.
import { describe, expect, it } from 'vitest';
import type { OutboxState } from '../../src/api/outbox';
import type { OpenIssue } from '../../src/contract/dtos';
import { withQueuedChanges } from '../../src/features/rfis/model/queued';

const issue: OpenIssue = {
  folderId: 104,
  number: 'RFI-004',
  subject: 'Embed plate',
  locationRoom: '118 Restroom',
  statusId: 2,
  statusName: 'Open',
  issueTo: 9,
  toName: 'Rachel Kim',
};
const change = (state: OutboxState, openIssue: Partial<OpenIssue>) => ({
  state,
  request: { openIssue: { folderId: 104, ...openIssue } },
});

describe('an RFI with the changes waiting in the outbox', () => {
  it('shows the queued value of each field changed, and names those fields', () => {
    const q = withQueuedChanges(issue, [change('pending', { locationRoom: '118 Restroom - east wall' })]);
    expect(q.issue.locationRoom).toBe('118 Restroom - east wall');
    expect(q.issue.subject).toBe('Embed plate');
    expect([...q.waiting]).toEqual(['locationRoom']);
  });

  it('applies the changes in order, while one is being sent too', () => {
    const q = withQueuedChanges(issue, [
      change('sending', { locationRoom: 'First', subject: 'New subject' }),
      change('pending', { locationRoom: 'Second' }),
    ]);
    expect(q.issue).toMatchObject({ locationRoom: 'Second', subject: 'New subject' });
    expect([...q.waiting].sort()).toEqual(['locationRoom', 'subject']);
  });

  it('drops the names the service derives from a changed id', () => {
    const q = withQueuedChanges(issue, [change('pending', { statusId: 3, issueTo: 7 })]);
    expect(q.issue).toMatchObject({ statusId: 3, issueTo: 7 });
    expect(q.issue.statusName).toBeUndefined();
    expect(q.issue.toName).toBeUndefined();
  });

  it('shows the service’s record when nothing waits: refused and collided changes are not sent', () => {
    for (const state of ['refused', 'conflict'] as const) {
      const q = withQueuedChanges(issue, [change(state, { locationRoom: 'Not sent' })]);
      expect(q.issue).toBe(issue);
      expect(q.waiting.size).toBe(0);
    }
    expect(withQueuedChanges(issue, []).issue).toBe(issue);
  });
});
