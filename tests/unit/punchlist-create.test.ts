import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { PunchList } from '../../src/contract/dtos';
import { createItems, MAX_BATCH_ROWS, toBatches, type Progress } from '../../src/features/punchlist/create';

const items = (n: number, from = 0): PunchList[] =>
  Array.from({ length: n }, (_, i) => ({
    tempItemId: `t${from + i}`,
    folderId: 5,
    summary: `Item ${from + i}`,
  }));

/** A fake service: numbers rows from 61, idempotent by TempItemId, like the reference service. */
function fakeService() {
  const made = new Map<string, string>();
  let next = 61;
  const calls: PunchList[][] = [];
  const answer = (list: PunchList[]) =>
    list.map((it) => {
      if (!made.has(it.tempItemId!)) made.set(it.tempItemId!, String(next++));
      return {
        TempItemId: it.tempItemId!,
        PunchListId: `9${made.get(it.tempItemId!)}`,
        PunchListNumber: made.get(it.tempItemId!)!,
      };
    });
  return { made, calls, answer };
}

const noSleep = async () => undefined;

describe('createItems', () => {
  it('matches the reply back by TempItemId', async () => {
    const svc = fakeService();
    const out = await createItems(items(3), {
      send: async (list) => {
        svc.calls.push(list);
        return svc.answer(list).reverse();
      },
    });
    expect([...out.created.entries()]).toEqual([
      ['t2', { number: '63', id: '963' }],
      ['t1', { number: '62', id: '962' }],
      ['t0', { number: '61', id: '961' }],
    ]);
    expect(out.error).toBeUndefined();
  });

  it('retries a lost reply with the same TempItemIds: nothing is created twice', async () => {
    const svc = fakeService();
    let attempts = 0;
    const progress: Progress[] = [];
    const out = await createItems(items(4), {
      send: async (list) => {
        svc.calls.push(list);
        const reply = svc.answer(list); // the service did the work…
        if (++attempts === 1)
          throw new ApiError({
            status: 0,
            errorCode: 'NetworkError',
            message: 'offline',
            isNetworkError: true,
          });
        if (attempts === 2)
          throw new ApiError({ status: 502, errorCode: 'ServerError', message: 'bad gateway' });
        return reply;
      },
      sleep: noSleep,
      onProgress: (p) => progress.push(p),
    });
    expect(svc.calls).toHaveLength(3);
    expect(svc.calls[2].map((i) => i.tempItemId)).toEqual(svc.calls[0].map((i) => i.tempItemId));
    expect(svc.made.size).toBe(4);
    expect([...out.created.values()].map((c) => c.number)).toEqual(['61', '62', '63', '64']);
    expect(progress.filter((p) => p.retry).map((p) => p.retry!.attempt)).toEqual([1, 2]);
  });

  it('gives up after the last retry and says so; what was created stays created', async () => {
    const svc = fakeService();
    let n = 0;
    const out = await createItems(items(1500), {
      send: async (list) => {
        if (n++ === 0) return svc.answer(list);
        throw new ApiError({ status: 503, errorCode: 'ServerError', message: 'down' });
      },
      sleep: noSleep,
      delays: [1, 1],
    });
    expect(out.created.size).toBe(MAX_BATCH_ROWS);
    expect(out.error?.status).toBe(503);
    expect(n).toBe(4);
  });

  it('sends more than 1,000 rows in batches and reports progress', async () => {
    const svc = fakeService();
    const progress: number[] = [];
    const out = await createItems(items(2500), {
      send: async (list) => {
        svc.calls.push(list);
        return svc.answer(list);
      },
      onProgress: (p) => progress.push(p.done),
    });
    expect(svc.calls.map((c) => c.length)).toEqual([1000, 1000, 500]);
    expect(out.created.size).toBe(2500);
    expect(progress).toEqual([0, 1000, 2000, 2500]);
  });

  it('keeps batches under the body limit by size too', () => {
    const big = items(300).map((i) => ({ ...i, description: 'x'.repeat(7000) }));
    const batches = toBatches(big);
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) expect(JSON.stringify(b).length).toBeLessThan(1024 * 1024);
    expect(batches.flat()).toHaveLength(300);
  });

  it('sets rows the service refused aside with the reason and creates the rest', async () => {
    const svc = fakeService();
    const out = await createItems(items(5), {
      send: async (list) => {
        svc.calls.push(list);
        const bad = list.findIndex((i) => i.tempItemId === 't1');
        const bad2 = list.findIndex((i) => i.tempItemId === 't3');
        if (bad >= 0) {
          throw new ApiError({
            status: 400,
            errorCode: 'InvalidValue',
            message: 'The request was not accepted.',
            fieldErrors: [
              {
                fieldName: `punchlistList[${bad}].dueDate`,
                message: 'Due date must be a date as MM/DD/YYYY.',
              },
              { fieldName: `punchlistList[${bad2}].folderId`, message: 'Folder 5 is not a punch list.' },
            ],
          });
        }
        return svc.answer(list);
      },
    });
    expect(svc.calls.map((c) => c.length)).toEqual([5, 3]);
    expect(out.refused.get('t1')).toEqual({ dueDate: 'Due date must be a date as MM/DD/YYYY.' });
    expect(out.refused.get('t3')).toEqual({ _row: 'Folder 5 is not a punch list.' });
    expect([...out.created.keys()]).toEqual(['t0', 't2', 't4']);
  });

  it('stops on an error that names no row (403, 404) and on a 401 the session did not recover', async () => {
    const out = await createItems(items(2), {
      send: async () => {
        throw new ApiError({ status: 403, errorCode: 'Forbidden', message: 'You may not.' });
      },
    });
    expect(out.error?.errorCode).toBe('Forbidden');
    expect(out.created.size).toBe(0);
  });

  it('halves a batch the service finds too large', async () => {
    const svc = fakeService();
    const out = await createItems(items(8), {
      send: async (list) => {
        svc.calls.push(list);
        if (list.length > 4) throw new ApiError({ status: 413, errorCode: 'Http413', message: 'too large' });
        return svc.answer(list);
      },
    });
    expect(svc.calls.map((c) => c.length)).toEqual([8, 4, 4]);
    expect(out.created.size).toBe(8);
  });
});
