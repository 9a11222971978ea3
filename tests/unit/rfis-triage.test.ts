import { describe, expect, it } from 'vitest';
import { rfiStatuses } from '../../src/contract/codes';
import type { OpenIssue } from '../../src/contract/dtos';
import {
  applyListState,
  courtOptions,
  courtOptionsFor,
  DEFAULT_LIST_STATE,
  firstReadOrder,
  readListState,
  toRow,
  writeListState,
  type ListState,
} from '../../src/features/rfis/model/list';
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

describe('ball in court and read-only in the list', () => {
  const rows = [
    toRow({ folderId: 101 }, { ...withStatus(2), number: 'RFI-001' }, rfiStatuses, today), // → Rachel Kim (9)
    toRow({ folderId: 102 }, { ...withStatus(1), number: 'RFI-002' }, rfiStatuses, today), // → Pat Miller (7)
    toRow({ folderId: 103 }, { ...withStatus(3), number: 'RFI-003' }, rfiStatuses, today), // → Pat Miller (7)
    toRow({ folderId: 104 }, { ...withStatus(4), number: 'RFI-004' }, rfiStatuses, today), // → nobody
    toRow(
      { folderId: 105 },
      { ...withStatus(2), number: 'RFI-005', issueTo: 2, toName: 'Alex Adams', userCanModify: false },
      rfiStatuses,
      today,
    ),
    toRow(
      { folderId: 106, folderDescription: 'RFI-006', userCanModify: false },
      undefined,
      rfiStatuses,
      today,
    ),
  ];
  const numbers = (s: Partial<ListState>) =>
    applyListState(rows, { ...DEFAULT_LIST_STATE, ...s }).map((r) => r.number);

  it('puts the ball with the addressee while open, the author for drafts and answered, nobody when closed', () => {
    expect(rows.map((r) => r.courtName)).toEqual([
      'Rachel Kim',
      'Pat Miller',
      'Pat Miller',
      undefined,
      'Alex Adams',
      undefined,
    ]);
    expect(rows.map((r) => r.courtId)).toEqual([9, 7, 7, undefined, 2, undefined]);
  });

  it('marks read-only from the details, or from the folder until they arrive', () => {
    expect(rows.map((r) => r.readOnly)).toEqual([false, false, false, false, true, true]);
    expect(
      toRow(
        { folderId: 7, userCanModify: false },
        { ...withStatus(2), userCanModify: true },
        rfiStatuses,
        today,
      ).readOnly,
    ).toBe(false);
  });

  it('offers the people found, by name, with their counts', () => {
    expect(courtOptions(rows)).toEqual([
      { value: '2', label: 'Alex Adams', count: 1 },
      { value: '7', label: 'Pat Miller', count: 2 },
      { value: '9', label: 'Rachel Kim', count: 1 },
    ]);
    // A value from the URL that no loaded RFI has (yet) stays selectable.
    expect(courtOptions(rows, '42')).toContainEqual({ value: '42', label: 'User 42', count: 0 });
  });

  it('counts each person under the other filters, not their own (issue 34)', () => {
    const state = (s: Partial<ListState>) => ({ ...DEFAULT_LIST_STATE, ...s });
    // Overdue only: Pat Miller's two RFIs (a draft, an answered one) are not overdue.
    expect(courtOptionsFor(rows, state({ overdue: true }))).toEqual([
      { value: '2', label: 'Alex Adams', count: 1 },
      { value: '9', label: 'Rachel Kim', count: 1 },
    ]);
    // The person chosen stays offered, counted as the list shows them; choosing another keeps the others.
    expect(courtOptionsFor(rows, state({ overdue: true, court: '7' }))).toEqual([
      { value: '2', label: 'Alex Adams', count: 1 },
      { value: '7', label: 'Pat Miller', count: 0 },
      { value: '9', label: 'Rachel Kim', count: 1 },
    ]);
    expect(courtOptionsFor(rows, state({ court: '9' }))).toEqual(courtOptions(rows, '9'));
    // Every option's count is the rows the list shows when it is chosen.
    for (const s of [{ overdue: true }, { q: 'embed' }, { status: [2] }, { status: [1, 3] }]) {
      for (const o of courtOptionsFor(rows, state(s)))
        expect(applyListState(rows, state({ ...s, court: o.value }))).toHaveLength(o.count);
    }
  });

  it('filters by ball in court (loaded rows only) and keeps it in the URL', () => {
    expect(numbers({ court: '7' })).toEqual(['RFI-002', 'RFI-003']);
    expect(numbers({ court: '9' })).toEqual(['RFI-001']);
    const state: ListState = { ...DEFAULT_LIST_STATE, court: '7', sort: 'court', desc: true };
    expect(writeListState(state).toString()).toBe('court=7&sort=court&dir=desc');
    expect(readListState(writeListState(state))).toEqual(state);
    expect(readListState(new URLSearchParams('court=')).court).toBeUndefined();
    // Search finds the person too.
    expect(numbers({ q: 'alex' })).toEqual(['RFI-005']);
  });

  it('sorts by ball in court, nobody and not known last (first when descending)', () => {
    expect(numbers({ sort: 'court' })).toEqual([
      'RFI-005',
      'RFI-002',
      'RFI-003',
      'RFI-001',
      'RFI-004',
      'RFI-006',
    ]);
    // Ties stay in number order either way.
    expect(numbers({ sort: 'court', desc: true })).toEqual([
      'RFI-004',
      'RFI-006',
      'RFI-001',
      'RFI-002',
      'RFI-003',
      'RFI-005',
    ]);
  });

  it('reads every RFI first, whatever ball-in-court filter the URL has', () => {
    const folders = [
      { folderId: 2, folderDescription: 'RFI-002' },
      { folderId: 1, folderDescription: 'RFI-001' },
    ];
    expect(firstReadOrder(folders, new URLSearchParams('court=7'))).toEqual([1, 2]);
  });
});
