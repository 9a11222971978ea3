// @vitest-environment jsdom
// The phone form's model: the location carried over to the next item, the grid's rules for one item, and the
// form kept per user and punch list.
import { afterEach, describe, expect, it } from 'vitest';
import { punchListStatuses } from '../../src/contract/codes';
import { createdFromItems, loadCreated, recordCreated } from '../../src/features/punchlist/createdHere';
import { COLUMN_KEYS, emptyValues, toPunchList, type RowValues } from '../../src/features/punchlist/model';
import {
  fieldsWithErrors,
  loadVisit,
  locationText,
  MAIN_FIELDS,
  MORE_FIELDS,
  newPhoneForm,
  nextValues,
  saveVisit,
  storedPhoneForm,
  tempItemIdsOf,
  validateItem,
  visitState,
  type QueuedEntry,
} from '../../src/features/punchlist/phone';

const values = (v: Partial<RowValues>): RowValues => ({ ...emptyValues(), ...v });
const validate = (v: Partial<RowValues>) => validateItem(values(v), punchListStatuses);

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('phone form: carry-over', () => {
  const saved = values({
    summary: 'Cracked tile',
    description: 'Two tiles at the door',
    locationSite: 'North',
    locationBuilding: 'A',
    locationFloor: '2',
    locationRoom: '204',
    dueDate: '12/15/2026',
    status: 'Closed',
    responsibleParties: 'Tiler',
    ccUsers: 'pm',
    costImpact: 'Yes',
    cost: '120',
    reference: 'R-1',
    drawing: 'A-101',
    drawingDetail: '3',
  });

  it('keeps site, building, floor and room, and clears every other field', () => {
    expect(nextValues(saved)).toEqual(
      values({ locationSite: 'North', locationBuilding: 'A', locationFloor: '2', locationRoom: '204' }),
    );
  });

  it('carries the location of the last item, not of the first', () => {
    const second = { ...nextValues(saved), summary: 'Paint', locationRoom: '205' };
    const third = nextValues(second);
    expect(third.locationRoom).toBe('205');
    expect(third.locationSite).toBe('North');
    expect(third.summary).toBe('');
  });

  it('does not change the saved item', () => {
    const copy = { ...saved };
    nextValues(saved).locationSite = 'Changed';
    expect(saved).toEqual(copy);
  });

  it('joins the location for people, blanks left out', () => {
    expect(locationText(saved)).toBe('North · A · 2 · 204');
    expect(locationText(values({ locationBuilding: ' B ', locationRoom: '7' }))).toBe('B · 7');
    expect(locationText(values({}))).toBe('');
  });
});

describe('phone form: validation (the grid’s rules)', () => {
  it('asks for a summary even when nothing is typed (a blank grid row is skipped instead)', () => {
    expect(validate({})).toEqual({ summary: 'Summary is required.' });
    expect(validate({ locationSite: 'North' })).toEqual({ summary: 'Summary is required.' });
    expect(validate({ summary: '  ' })).toEqual({ summary: 'Summary is required.' });
  });

  it('accepts an item with a summary only', () => {
    expect(validate({ summary: 'Patch drywall' })).toEqual({});
  });

  it('checks dates, status, cost and lengths as the grid does', () => {
    const errors = validate({
      summary: 'x'.repeat(5000),
      dueDate: '31/31/2026',
      status: 'Nonsense',
      cost: 'a lot',
    });
    expect(errors.summary).toMatch(/longer than \d+ characters/);
    expect(errors.dueDate).toBe('Due date is not a date: use MM/DD/YYYY.');
    expect(errors.status).toMatch(/^Status must be one of /);
    expect(errors.cost).toBe('Cost must be a number, such as 1250.00.');
  });

  it('lists the fields with a problem in the form’s order', () => {
    expect(fieldsWithErrors({ cost: 'x', summary: 'y', dueDate: 'z' })).toEqual([
      'summary',
      'dueDate',
      'cost',
    ]);
  });

  it('shows every column of the grid once, main fields first', () => {
    expect([...MAIN_FIELDS, ...MORE_FIELDS].sort()).toEqual([...COLUMN_KEYS].sort());
    expect(MAIN_FIELDS[0]).toBe('summary');
  });

  it('becomes the PunchList the grid would send, under the form’s TempItemId', () => {
    const form = newPhoneForm(values({ summary: 'Outlet', locationRoom: '101', status: 'Closed' }));
    const item = toPunchList(form, 5, punchListStatuses);
    expect(item.tempItemId).toBe(form.tempItemId);
    expect(item).toMatchObject({ folderId: 5, summary: 'Outlet', locationRoom: '101' });
    expect(item.locationSite).toBeUndefined();
  });
});

describe('phone form: kept on this device', () => {
  it('is kept per user and punch list', () => {
    const mine = newPhoneForm(values({ summary: 'Mine', locationSite: 'North' }));
    storedPhoneForm('pm', 5).write(mine);
    expect(storedPhoneForm('pm', 5).read()).toEqual(mine);
    expect(storedPhoneForm('other', 5).read()).toBeUndefined();
    expect(storedPhoneForm('pm', 6).read()).toBeUndefined();
  });

  it('reads a damaged value as nothing, and missing fields as empty', () => {
    localStorage.setItem(storedPhoneForm('pm', 5).key, '{"tempItemId": 3}');
    expect(storedPhoneForm('pm', 5).read()).toBeUndefined();
    localStorage.setItem(storedPhoneForm('pm', 5).key, '{"tempItemId": "t1", "values": {"summary": "S"}}');
    expect(storedPhoneForm('pm', 5).read()).toEqual({ tempItemId: 't1', values: values({ summary: 'S' }) });
  });

  it('gives each new form its own TempItemId', () => {
    expect(newPhoneForm().tempItemId).not.toBe(newPhoneForm().tempItemId);
  });
});

describe('phone form: what became of a saved item', () => {
  const item = { tempItemId: 't1', summary: 'S', location: '', savedAt: 0 };
  const entry = (state: QueuedEntry['state'], ids = ['t1'], message?: string): QueuedEntry => ({
    state,
    tempItemIds: ids,
    message,
  });

  it('is queued, sending or refused while its entry is in the outbox', () => {
    expect(visitState(item, [entry('pending')], true, new Map())).toEqual({ kind: 'queued' });
    expect(visitState(item, [entry('sending')], true, new Map())).toEqual({ kind: 'sending' });
    expect(visitState(item, [entry('refused', ['t1'], 'Summary: too long')], true, new Map())).toEqual({
      kind: 'refused',
      reason: 'Summary: too long',
    });
  });

  it('is created (with its number when recorded) once its entry left the outbox', () => {
    expect(visitState(item, [entry('pending', ['t2'])], true, new Map())).toEqual({ kind: 'created' });
    expect(visitState(item, [], true, new Map([['t1', '61']]))).toEqual({ kind: 'created', number: '61' });
  });

  it('is queued until the outbox was read', () => {
    expect(visitState(item, [], false, new Map())).toEqual({ kind: 'queued' });
  });

  it('reads the TempItemIds of an entry’s request', () => {
    expect(
      tempItemIdsOf({ punchlistList: [{ tempItemId: 'a' }, { summary: 'x' }, { tempItemId: 'b' }] }),
    ).toEqual(['a', 'b']);
    expect(tempItemIdsOf({ folder: {} })).toEqual([]);
  });

  it('keeps the visit per user and list in this tab', () => {
    saveVisit('pm', 5, [item]);
    expect(loadVisit('pm', 5)).toEqual([item]);
    expect(loadVisit('pm', 6)).toEqual([]);
    expect(loadVisit('other', 5)).toEqual([]);
    sessionStorage.setItem('pm-console:punch-visit:pm:5', 'not json');
    expect(loadVisit('pm', 5)).toEqual([]);
  });
});

describe('items created through the outbox, kept as "Created from this browser"', () => {
  it('are read from the requests sent, by TempItemId', () => {
    const items = [
      {
        tempItemId: 'a',
        folderId: 5,
        summary: ' Tile ',
        locationSite: 'North',
        locationRoom: '2',
        dueDate: '12/15/2026',
      },
      { tempItemId: 'b', folderId: 5, summary: 'Not answered' },
    ];
    const created = new Map([['a', { number: '61', id: '901' }]]);
    expect(createdFromItems(items, created, 7)).toEqual([
      {
        tempItemId: 'a',
        number: '61',
        id: '901',
        summary: 'Tile',
        location: 'North · 2',
        dueDate: '12/15/2026',
        containerId: 5,
        createdAt: 7,
      },
    ]);
  });

  it('are added to the list kept per user and project, each TempItemId once', () => {
    const one = createdFromItems(
      [{ tempItemId: 'a', folderId: 5, summary: 'A' }],
      new Map([['a', { number: '61', id: '1' }]]),
      1,
    );
    expect(recordCreated('pm', 1, one)).toBe(true);
    expect(recordCreated('pm', 1, one)).toBe(true);
    expect(loadCreated('pm', 1).map((c) => c.number)).toEqual(['61']);
    expect(loadCreated('other', 1)).toEqual([]);
  });
});
