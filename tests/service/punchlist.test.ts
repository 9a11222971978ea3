// Operation 5 (PunchListCreateManyRequest, docs/service-domain.md#bulk-punch-list-punchlistcreatemany): one
// transaction, numbers continue per project, ReturnedIdList {TempItemId, PunchListId, PunchListNumber}, retries
// create nothing twice (also after a restart), at most 1,000 rows. The interface has no punch-list read, so
// persistence shows through retries.
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../server/db/seed';
import { expectError, expectStatus, fieldNames, useHarness, useSeedIds, type Json } from './harness';

const h = useHarness();
const ids = useSeedIds(h);
const project2PunchList = () => seedIds.containers[1].punchList;

const row = (tempItemId: string, more: Record<string, unknown> = {}, folderId = ids.punchListFolderId) => ({
  folderId,
  tempItemId,
  summary: `Punch ${tempItemId}`,
  ...more,
});

async function create(rows: unknown[], user = 'pm') {
  const res = await h.as(user, 'PunchListCreateManyRequest', { punchlistList: rows });
  expectStatus(res, 200);
  return res;
}

let probes = 0;
/** The next number of a project: creates one throw-away row and reads its number. */
async function nextNumber(folderId: number, tag: string): Promise<number> {
  const res = await create([row(`probe-${++probes}-${tag.slice(0, 40)}`, {}, folderId)]);
  return Number(res.json.returnedIdList[0].PunchListNumber);
}

describe('PunchListCreateManyRequest (operation 5)', () => {
  it('creates rows numbered after the seeded ones and returns {TempItemId, PunchListId, PunchListNumber}', async () => {
    const res = await create([
      row('a-1', {
        description: 'Door 104 frame',
        locationRoom: '104 Reception',
        dueDate: '11/20/2026',
        status: 1,
      }),
      row('a-2', { costImpact: true, cost: '250.00', responsiblePartyList: ['10'], ccUserList: ['2'] }),
      row('a-3', {
        dueDate: '2026-11-30',
        ownerStatus: 2,
        subcontractorListStatus: 1,
        architectListStatus: 1,
      }),
    ]);
    expect(res.json.errorOccured).toBe(false);
    expect(res.json.numberOfRecordsEffected).toBe(3);
    const list: Json[] = res.json.returnedIdList;
    expect(list).toHaveLength(3);
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['PunchListId', 'PunchListNumber', 'TempItemId']);
      for (const v of Object.values(entry)) expect(typeof v).toBe('string');
    }
    expect(list.map((e) => e.TempItemId)).toEqual(['a-1', 'a-2', 'a-3']);
    const numbers = list.map((e) => Number(e.PunchListNumber));
    expect(numbers[0]).toBeGreaterThan(50); // after the seeded items of project 1
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
    expect(new Set(list.map((e) => e.PunchListId)).size).toBe(3);
    // Dictionary keys are written as given, not camelCased.
    expect(res.text).toMatch(
      /"returnedIdList":\[\{"TempItemId":"a-1","PunchListId":"\d+","PunchListNumber":"\d+"\}/,
    );
  });

  it('numbers per project', async () => {
    const one = await nextNumber(ids.punchListFolderId, 'p1-a');
    const two = await nextNumber(project2PunchList(), 'p2-a');
    const oneAgain = await nextNumber(ids.punchListFolderId, 'p1-b');
    const twoAgain = await nextNumber(project2PunchList(), 'p2-b');
    expect(oneAgain).toBe(one + 1);
    expect(twoAgain).toBe(two + 1);
    expect(two).toBeGreaterThan(50); // project 2 has its own seeded items and its own sequence
    expect(two).toBeLessThan(one);
  });

  it('returns the existing rows for a retry with the same TempItemIds and creates nothing twice', async () => {
    const rows = [row('retry-1'), row('retry-2')];
    const first = await create(rows);
    const second = await create(rows);
    expect(second.json.returnedIdList).toEqual(first.json.returnedIdList);
    expect(second.json.numberOfRecordsEffected).toBe(0);
    // A retry that adds a row: the old rows come back as they were, only the new one is created.
    const third = await create([...rows, row('retry-3')]);
    expect(third.json.returnedIdList.slice(0, 2)).toEqual(first.json.returnedIdList);
    expect(third.json.numberOfRecordsEffected).toBe(1);
    expect(Number(third.json.returnedIdList[2].PunchListNumber)).toBe(
      Number(first.json.returnedIdList[1].PunchListNumber) + 1,
    );
  });

  it('keeps TempItemIds per folder: the same TempItemId in another project is a new row', async () => {
    const here = await create([row('shared-temp-id')]);
    const there = await create([row('shared-temp-id', {}, project2PunchList())]);
    expect(there.json.numberOfRecordsEffected).toBe(1);
    expect(there.json.returnedIdList[0].PunchListId).not.toBe(here.json.returnedIdList[0].PunchListId);
  });

  it('creates rows without TempItemId every time', async () => {
    const a = await create([{ folderId: ids.punchListFolderId, summary: 'No temp id' }]);
    const b = await create([{ folderId: ids.punchListFolderId, summary: 'No temp id' }]);
    expect(a.json.numberOfRecordsEffected).toBe(1);
    expect(b.json.numberOfRecordsEffected).toBe(1);
    expect(b.json.returnedIdList[0].PunchListId).not.toBe(a.json.returnedIdList[0].PunchListId);
    expect(a.json.returnedIdList[0].TempItemId).toBe('');
  });

  it('persists across a restart: a retry returns the same rows, numbering continues', async () => {
    const rows = [row('restart-1'), row('restart-2')];
    const first = await create(rows);
    await h.restart();
    const again = await create(rows);
    expect(again.json.returnedIdList).toEqual(first.json.returnedIdList);
    expect(again.json.numberOfRecordsEffected).toBe(0);
    const next = await nextNumber(ids.punchListFolderId, 'after-restart');
    expect(next).toBe(Number(first.json.returnedIdList[1].PunchListNumber) + 1);
  });

  it('numbers concurrent requests without gaps or duplicates', async () => {
    const start = await nextNumber(ids.punchListFolderId, 'before-concurrent');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, r) =>
        create(Array.from({ length: 5 }, (_, i) => row(`conc-${r}-${i}`))),
      ),
    );
    const numbers = results
      .flatMap((res) => res.json.returnedIdList.map((e: Json) => Number(e.PunchListNumber)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => start + 1 + i));
  });

  it('creates 1,000 rows in one request, numbered consecutively', async () => {
    const start = await nextNumber(ids.punchListFolderId, 'before-1000');
    const rows = Array.from({ length: 1000 }, (_, i) => row(`bulk-${i}`));
    const res = await create(rows);
    expect(res.json.numberOfRecordsEffected).toBe(1000);
    const numbers = res.json.returnedIdList.map((e: Json) => Number(e.PunchListNumber));
    expect(numbers).toEqual(Array.from({ length: 1000 }, (_, i) => start + 1 + i));
  });

  it('refuses 1,001 rows with 400 and creates none of them', async () => {
    const before = await nextNumber(ids.punchListFolderId, 'before-1001');
    const res = await h.as('pm', 'PunchListCreateManyRequest', {
      punchlistList: Array.from({ length: 1001 }, (_, i) => row(`over-${i}`)),
    });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual(['punchlistList']);
    expect(await nextNumber(ids.punchListFolderId, 'after-1001')).toBe(before + 1);
  });

  it('accepts an empty list', async () => {
    const res = await create([]);
    expect(res.json.returnedIdList).toEqual([]);
    expect(res.json.numberOfRecordsEffected).toBe(0);
  });

  it.each([
    [{ summary: '' }, 'punchlistList[2].summary'],
    [{ summary: '   ' }, 'punchlistList[2].summary'],
    [{ summary: undefined }, 'punchlistList[2].summary'],
    [{ summary: 'x'.repeat(201) }, 'punchlistList[2].summary'],
    [{ dueDate: 'soon' }, 'punchlistList[2].dueDate'],
    [{ completedDate: '2026-02-30' }, 'punchlistList[2].completedDate'],
    [{ status: 9 }, 'punchlistList[2].status'],
    [{ ownerStatus: 0 }, 'punchlistList[2].ownerStatus'],
    [{ subcontractorListStatus: 7 }, 'punchlistList[2].subcontractorListStatus'],
    [{ architectListStatus: -1 }, 'punchlistList[2].architectListStatus'],
    [{ documentId: 987_654 }, 'punchlistList[2].documentId'],
    [{ responsiblePartyList: 'mthompson' }, 'punchlistList[2].responsiblePartyList'],
    [{ ccUserList: [{}] }, 'punchlistList[2].ccUserList[0]'],
    [{ costImpact: 'yes' }, 'punchlistList[2].costImpact'],
    [{ folderId: undefined }, 'punchlistList[2].folderId'],
    [{ projectId: 2 }, 'punchlistList[2].projectId'],
  ])('refuses row 2 with %j: 400 naming %s, and creates none of the rows', async (change, field) => {
    const before = await nextNumber(ids.punchListFolderId, `before-${field}`);
    const bad = { ...row('bad-row'), ...change };
    const res = await h.as('pm', 'PunchListCreateManyRequest', {
      punchlistList: [row('good-0'), row('good-1'), bad, row('good-3')],
    });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual([field]);
    expect(await nextNumber(ids.punchListFolderId, `after-${field}`)).toBe(before + 1);
  });

  it('refuses a row whose folder is not a punch list', async () => {
    const res = await h.as('pm', 'PunchListCreateManyRequest', {
      punchlistList: [row('wrong-folder', {}, ids.rfiFolderIds[0])],
    });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual(['punchlistList[0].folderId']);
  });

  it('names the bad fields of several rows at once', async () => {
    const res = await h.as('pm', 'PunchListCreateManyRequest', {
      punchlistList: [row('m-0', { summary: '' }), row('m-1'), row('m-2'), row('m-3', { dueDate: 'never' })],
    });
    expectError(res, 400);
    expect(fieldNames(res).sort()).toEqual(['punchlistList[0].summary', 'punchlistList[3].dueDate']);
  });

  it('answers 400 without a list', async () => {
    const none = await h.as('pm', 'PunchListCreateManyRequest', {});
    expectError(none, 400);
    expect(fieldNames(none)).toEqual(['punchlistList']);
    const notList = await h.as('pm', 'PunchListCreateManyRequest', { punchlistList: { folderId: 5 } });
    expectError(notList, 400);
    expect(fieldNames(notList)).toEqual(['punchlistList']);
  });

  it('answers 404 for an unknown punch-list folder (docs/service-domain.md: an unknown id is a 404)', async () => {
    const unknown = await h.as('pm', 'PunchListCreateManyRequest', {
      punchlistList: [row('unknown', {}, 987_654)],
    });
    expectError(unknown, 404, 'NotFound');
  });
});
