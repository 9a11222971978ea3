import { describe, expect, it } from 'vitest';
import { punchListStatuses } from '../../src/contract/codes';
import {
  emptyValues,
  newRow,
  parseCost,
  parseFieldPath,
  parseStatus,
  toPunchList,
  validateRow,
  type RowValues,
} from '../../src/features/punchlist/model';
import {
  applyBlock,
  looksLikeHeader,
  mapHeaders,
  rowsFromRecords,
  templateHeader,
} from '../../src/features/punchlist/blocks';

const values = (v: Partial<RowValues>): RowValues => ({ ...emptyValues(), ...v });
const validate = (v: Partial<RowValues>) => validateRow(values(v), punchListStatuses);

describe('punch-list validation', () => {
  it('accepts a row with a summary only, and ignores a blank row', () => {
    expect(validate({ summary: 'Patch drywall' })).toEqual({});
    expect(validate({})).toEqual({});
  });

  it('requires a summary once anything is typed', () => {
    expect(validate({ locationRoom: '104' })).toEqual({ summary: 'Summary is required.' });
    expect(validate({ summary: '   ', cost: '5' }).summary).toBe('Summary is required.');
  });

  it('checks dates, statuses, yes/no, money and lengths, each at its cell', () => {
    const e = validate({
      summary: 'x'.repeat(201),
      dueDate: '02/30/2026',
      status: 'Done-ish',
      costImpact: 'maybe',
      cost: 'twelve',
      locationRoom: 'r'.repeat(201),
    });
    expect(Object.keys(e).sort()).toEqual([
      'cost',
      'costImpact',
      'dueDate',
      'locationRoom',
      'status',
      'summary',
    ]);
    expect(e.dueDate).toMatch(/MM\/DD\/YYYY/);
    expect(e.status).toMatch(/Open, Ready for Review, Completed, Closed/);
  });

  it('reads the forms people type', () => {
    expect(
      validate({
        summary: 'a',
        dueDate: '2026-11-30',
        status: 'completed',
        costImpact: 'Y',
        cost: '$1,250.5',
      }),
    ).toEqual({});
    expect(parseStatus('3', punchListStatuses)).toBe(3);
    expect(parseStatus('ready for review', punchListStatuses)).toBe(2);
    expect(parseStatus('', punchListStatuses)).toBeUndefined();
    expect(parseStatus('nope', punchListStatuses)).toBeNull();
    expect(parseCost('$1,250.5')).toBe('1250.50');
    expect(parseCost('-75')).toBe('-75.00');
    expect(parseCost('')).toBe('');
    expect(parseCost('1.234')).toBeUndefined();
    expect(parseCost('12,34')).toBeUndefined();
  });
});

describe('rows → PunchList', () => {
  it('sends the TempItemId, the folder, and only filled fields in the service forms', () => {
    const row = newRow({
      summary: ' Door 104 frame ',
      dueDate: '2026-11-30',
      status: 'Ready for review',
      costImpact: 'yes',
      cost: '$250',
      responsibleParties: 'Mike Thompson; 10',
      ccUsers: '2',
      drawing: 'A-101',
    });
    expect(toPunchList(row, 5, punchListStatuses)).toEqual({
      tempItemId: row.tempItemId,
      folderId: 5,
      summary: 'Door 104 frame',
      dueDate: '11/30/2026',
      status: 2,
      costImpact: true,
      cost: '250.00',
      responsiblePartyList: ['Mike Thompson', '10'],
      ccUserList: ['2'],
      drawing: 'A-101',
    });
  });

  it('gives every row its own TempItemId', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newRow().tempItemId));
    expect(ids.size).toBe(1000);
  });

  it('maps the service field paths back to rows and cells', () => {
    expect(parseFieldPath('punchlistList[3].dueDate')).toEqual({ index: 3, column: 'dueDate' });
    expect(parseFieldPath('punchlistList[0].ccUserList[1]')).toEqual({ index: 0, column: 'ccUsers' });
    expect(parseFieldPath('punchlistList[7].folderId')).toEqual({ index: 7, column: '_row' });
    expect(parseFieldPath('punchlistList')).toBeUndefined();
  });
});

describe('imports and paste', () => {
  it('maps headers by label, key or alias, once per column; unknown names stay unmapped', () => {
    expect(
      mapHeaders(['Summary', 'due date', 'ROOM', 'Assigned to', 'Sheet', 'Whatever', 'summary']),
    ).toEqual(['summary', 'dueDate', 'locationRoom', 'responsibleParties', 'drawing', null, null]);
    expect(mapHeaders(templateHeader())).not.toContain(null);
  });

  it('turns records into rows through a mapping, skipping blank lines', () => {
    const rows = rowsFromRecords(
      [
        ['Leak', 'x', '12/01/2026'],
        ['', '', ''],
        ['Scuff', 'y'],
      ],
      ['summary', null, 'dueDate'],
    );
    expect(rows.map((r) => [r.values.summary, r.values.dueDate])).toEqual([
      ['Leak', '12/01/2026'],
      ['Scuff', ''],
    ]);
  });

  it('recognises a header line in a pasted block', () => {
    expect(looksLikeHeader(['Summary', 'Room', 'Due date'])).toBe(true);
    expect(looksLikeHeader(['Patch wall', 'Room 104', '11/30/2026'])).toBe(false);
  });

  it('writes a block from a cell on, adding rows and stepping over created ones', () => {
    const created = { ...newRow({ summary: 'done' }), created: { number: '61', id: '900' } };
    const rows = [newRow(), created];
    const next = applyBlock(
      rows,
      0,
      ['summary', 'locationRoom'],
      [['A', '101', 'ignored'], ['B', '102'], ['C']],
    );
    expect(next.map((r) => r.values.summary)).toEqual(['A', 'done', 'B', 'C']);
    expect(next[2].values.locationRoom).toBe('102');
    expect(next[1]).toBe(created);
  });
});
