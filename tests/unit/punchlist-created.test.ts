// @vitest-environment jsdom
// Issue 22 item 6: the interface cannot read punch-list items back, so the items created from this browser are
// kept on it, per user and project, newest first, at most CREATED_CAP.
import { afterEach, describe, expect, it } from 'vitest';
import {
  CREATED_CAP,
  createdFromRows,
  loadCreated,
  mergeCreated,
  saveCreated,
  type CreatedItem,
} from '../../src/features/punchlist/createdHere';
import { newRow } from '../../src/features/punchlist/model';

afterEach(() => localStorage.clear());

const item = (n: number, extra: Partial<CreatedItem> = {}): CreatedItem => ({
  tempItemId: `t${n}`,
  number: String(n),
  id: String(900 + n),
  summary: `Item ${n}`,
  containerId: 5,
  createdAt: 1_700_000_000_000 + n,
  ...extra,
});

describe('items created from this browser', () => {
  it('takes the created rows with their numbers, location and due date', () => {
    const a = newRow({
      summary: 'Loose rail',
      locationBuilding: 'B',
      locationRoom: '201',
      dueDate: '12/01/2026',
    });
    const b = newRow({ summary: 'Not created' });
    const list = createdFromRows([a, b], new Map([[a.tempItemId, { number: '61', id: '961' }]]), 5, 42);
    expect(list).toEqual([
      {
        tempItemId: a.tempItemId,
        number: '61',
        id: '961',
        summary: 'Loose rail',
        location: 'B · 201',
        dueDate: '12/01/2026',
        containerId: 5,
        createdAt: 42,
      },
    ]);
  });

  it('puts new items first, highest number first, once each, and keeps at most the cap', () => {
    const merged = mergeCreated([item(2), item(1)], [item(3), item(4), item(2)]);
    expect(merged.map((i) => i.number)).toEqual(['4', '3', '2', '1']);
    const many = Array.from({ length: CREATED_CAP }, (_, i) => item(i + 1)).reverse();
    const capped = mergeCreated(many, [item(CREATED_CAP + 1)]);
    expect(capped).toHaveLength(CREATED_CAP);
    expect(capped[0].number).toBe(String(CREATED_CAP + 1));
    expect(capped.at(-1)!.number).toBe('2');
  });

  it('is kept per user and project, and ignores what is not a list of items', () => {
    expect(saveCreated('pm', 1, [item(1)])).toBe(true);
    expect(loadCreated('pm', 1)).toEqual([item(1)]);
    expect(loadCreated('pm', 2)).toEqual([]);
    expect(loadCreated('admin', 1)).toEqual([]);
    localStorage.setItem('pm-console:punch-created:pm:3', JSON.stringify([item(1), { number: 5 }, 'x']));
    expect(loadCreated('pm', 3)).toEqual([item(1)]);
    localStorage.setItem('pm-console:punch-created:pm:4', '{"not":"a list"}');
    expect(loadCreated('pm', 4)).toEqual([]);
  });
});
