import { describe, expect, it } from 'vitest';
import { rfiStatuses } from '../../src/contract/codes';
import type { OpenIssue } from '../../src/contract/dtos';
import {
  changesToSend,
  differingFields,
  formValuesFrom,
  mapFieldErrors,
  validateRfi,
} from '../../src/features/rfis/model/editor';
import { rowsToCsv } from '../../src/features/rfis/model/export';
import {
  applyListState,
  DEFAULT_LIST_STATE,
  firstReadOrder,
  readListState,
  toRow,
  writeListState,
  type RfiRow,
} from '../../src/features/rfis/model/list';
import { ballInCourt, daysOverdue, rfiFolders } from '../../src/features/rfis/model/status';
import { textDateSortKey } from '../../src/ui/textDate';

const today = textDateSortKey('11/22/2026')!;
const open: OpenIssue = {
  folderId: 104,
  number: 'RFI-004',
  subject: 'Embed plate',
  statusId: 2,
  statusName: 'Open',
  dueDate: '11/12/2026',
  issueFrom: 7,
  fromName: 'Pat Miller',
  issueTo: 9,
  toName: 'Rachel Kim',
  ccUserList: [3, 4],
  costImpact: true,
  changeOrderAmount: 50990,
};

describe('overdue and ball in court', () => {
  it('counts days past due while an answer is awaited', () => {
    expect(daysOverdue(open, rfiStatuses, today)).toBe(10);
    expect(daysOverdue({ ...open, dueDate: '11/22/2026' }, rfiStatuses, today)).toBe(0);
    expect(daysOverdue({ ...open, dueDate: '2026-11-21' }, rfiStatuses, today)).toBe(1);
    expect(daysOverdue({ ...open, statusId: 4, statusName: 'Closed' }, rfiStatuses, today)).toBe(0);
    expect(daysOverdue({ ...open, closedDate: '11/20/2026' }, rfiStatuses, today)).toBe(0);
    expect(daysOverdue({ ...open, statusName: undefined, statusId: 3 }, rfiStatuses, today)).toBe(0);
    expect(daysOverdue({ ...open, dueDate: undefined }, rfiStatuses, today)).toBe(0);
    expect(daysOverdue({}, rfiStatuses, today)).toBe(0);
  });

  it('puts the ball with the addressee while open, with the author otherwise', () => {
    expect(ballInCourt(open, rfiStatuses).name).toBe('Rachel Kim');
    expect(ballInCourt({ ...open, statusName: 'Answered' }, rfiStatuses).name).toBe('Pat Miller');
    expect(ballInCourt({ ...open, statusName: 'Draft' }, rfiStatuses).name).toBe('Pat Miller');
    expect(ballInCourt({ ...open, statusName: 'Closed' }, rfiStatuses).name).toBeUndefined();
    expect(ballInCourt({}, rfiStatuses).reason).toBe('Awaiting an answer');
  });
});

describe('list state', () => {
  const rows: RfiRow[] = [
    toRow({ folderId: 104 }, open, rfiStatuses, today),
    toRow(
      { folderId: 110 },
      {
        ...open,
        number: 'RFI-010',
        statusId: 4,
        statusName: 'Closed',
        dueDate: '01/02/2026',
        subject: 'Slab',
      },
      rfiStatuses,
      today,
    ),
    toRow(
      { folderId: 102 },
      { ...open, number: 'RFI-002', dueDate: '2026-12-01', costImpact: false, changeOrderAmount: undefined },
      rfiStatuses,
      today,
    ),
    toRow(
      { folderId: 120, folderName: 'Not loaded yet', folderDescription: 'RFI-020' },
      undefined,
      rfiStatuses,
      today,
    ),
  ];

  it('round-trips through the URL and ignores junk', () => {
    const state = { q: 'slab', status: [2, 4], overdue: true, sort: 'due' as const, desc: true };
    expect(readListState(writeListState(state))).toEqual(state);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(readListState(new URLSearchParams('sort=evil&status=a,2&overdue=yes'))).toEqual({
      ...DEFAULT_LIST_STATE,
      status: [2],
    });
  });

  it('filters by status, overdue and text; unloaded rows match only on text', () => {
    const numbers = (s: Partial<typeof DEFAULT_LIST_STATE>) =>
      applyListState(rows, { ...DEFAULT_LIST_STATE, ...s }).map((r) => r.number);
    expect(numbers({})).toEqual(['RFI-002', 'RFI-004', 'RFI-010', 'RFI-020']);
    expect(numbers({ overdue: true })).toEqual(['RFI-004']);
    expect(numbers({ status: [4] })).toEqual(['RFI-010']);
    expect(numbers({ q: 'not LOADED' })).toEqual(['RFI-020']);
    expect(numbers({ q: 'rachel' })).toEqual(['RFI-002', 'RFI-004', 'RFI-010']);
  });

  it('sorts due dates as dates and numbers naturally', () => {
    const due = applyListState(rows, { ...DEFAULT_LIST_STATE, sort: 'due' }).map((r) => r.dueDate);
    expect(due).toEqual(['01/02/2026', '11/12/2026', '2026-12-01', undefined]);
    const desc = applyListState(rows, { ...DEFAULT_LIST_STATE, sort: 'overdue', desc: true });
    expect(desc[0].number).toBe('RFI-004');
  });

  it('writes CSV with quoting and without spreadsheet formulas', () => {
    const csv = rowsToCsv([
      { ...rows[0], subject: 'Say "hi", then\nleave' },
      { ...rows[2], subject: '=HYPERLINK("x")' },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Number,Subject,Status,From,To,Ball in court,Due date,Days overdue,Cost impact,Change order amount',
    );
    expect(lines[1]).toBe(
      'RFI-004,"Say ""hi"", then\nleave",Open,Pat Miller,Rachel Kim,Rachel Kim,11/12/2026,10,Yes,50990',
    );
    expect(lines[2]).toBe(
      `RFI-002,"'=HYPERLINK(""x"")",Open,Pat Miller,Rachel Kim,Rachel Kim,2026-12-01,,No,`,
    );
  });
});

describe('which details are read first', () => {
  const folders = [
    { folderId: 103, folderDescription: 'RFI-003', folderName: 'Anchor bolts' },
    { folderId: 101, folderDescription: 'RFI-001', folderName: 'Curb ramp' },
    { folderId: 102, folderDescription: 'RFI-002', folderName: 'Beam size' },
    { folderId: 90, folderType: 1, folderName: 'A sub-folder of another kind' },
    { folderName: 'No id' },
  ];
  const config = { folderTypes: new Map([[1, { kind: 'documents' as const, name: 'Documents' }]]) };

  it('keeps only RFI folders (with an id; no type or an RFI type)', () => {
    expect(rfiFolders(folders, config).map((f) => f.folderId)).toEqual([103, 101, 102]);
  });

  it('reads in the order the list will show before details arrive', () => {
    const rfis = rfiFolders(folders, config);
    expect(firstReadOrder(rfis, new URLSearchParams())).toEqual([101, 102, 103]);
    expect(firstReadOrder(rfis, new URLSearchParams('sort=number&dir=desc'))).toEqual([103, 102, 101]);
    expect(firstReadOrder(rfis, new URLSearchParams('sort=subject'))).toEqual([103, 102, 101]);
    // A status filter or a sort by details cannot apply yet: every RFI is read, by number.
    expect(firstReadOrder(rfis, new URLSearchParams('status=2&sort=due'))).toEqual([101, 102, 103]);
  });
});

describe('the editor', () => {
  const base = formValuesFrom(open);

  it('sends only what changed, in the service types, dates in the format read', () => {
    expect(changesToSend(base, base)).toEqual({});
    const values = {
      ...base,
      subject: ' New subject ',
      dueDate: '2027-01-05',
      ccUserList: ['4', '8'],
      statusId: '3',
    };
    expect(changesToSend(base, values)).toEqual({
      subject: 'New subject',
      dueDate: '01/05/2027',
      ccUserList: [4, 8],
      statusId: 3,
    });
    const isoBase = formValuesFrom({ ...open, dueDate: '2026-11-12' });
    expect(changesToSend(isoBase, { ...isoBase, dueDate: '1/5/2027' })).toEqual({ dueDate: '2027-01-05' });
    expect(changesToSend(base, { ...base, dueDate: '' })).toEqual({ dueDate: '' });
  });

  it('treats the same day written differently as unchanged', () => {
    expect(differingFields(base, { ...base, dueDate: '2026-11-12' })).toEqual([]);
    expect(differingFields(base, { ...base, costImpact: false, ccUserList: ['4', '3'] })).toEqual([
      'ccUserList',
      'costImpact',
    ]);
  });

  it('copes with an RFI that has no fields at all', () => {
    const empty = formValuesFrom({});
    expect(empty.subject).toBe('');
    expect(empty.ccUserList).toEqual([]);
    expect(validateRfi(empty)).toEqual({ subject: 'Enter a subject.' });
  });

  it('validates subject and due date', () => {
    expect(validateRfi(base)).toEqual({});
    expect(validateRfi({ ...base, dueDate: '02/30/2027' }).dueDate).toMatch(/real date/);
    expect(validateRfi({ ...base, subject: 'x'.repeat(201) }).subject).toMatch(/200/);
  });

  it("puts the service's field errors at the editor's fields", () => {
    expect(
      mapFieldErrors({
        'openIssue.dueDate': 'Due date must be a date as MM/DD/YYYY.',
        'openIssue.ccUserList[1]': 'User 99 is not a member of this project.',
        'openIssue.ccUserList[2]': 'User 98 is not a member of this project.',
        'openIssue.folderId': 'Folder id cannot be changed.',
      }),
    ).toEqual({
      dueDate: 'Due date must be a date as MM/DD/YYYY.',
      ccUserList: 'User 99 is not a member of this project. User 98 is not a member of this project.',
      _form: 'Folder id cannot be changed.',
    });
  });
});
