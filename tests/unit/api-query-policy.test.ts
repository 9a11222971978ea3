import { describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../src/api/errors';
import { createQueryClient, retryDelay, shouldRetryQuery } from '../../src/app/queryClient';

const apiError = (status: number, isNetworkError = false) =>
  new ApiError({ status, errorCode: 'X', message: 'x', isNetworkError });

describe('query retry policy', () => {
  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 405, 413])
      expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });

  it('retries network errors and 5xx up to three times', () => {
    expect(shouldRetryQuery(0, apiError(0, true))).toBe(true);
    expect(shouldRetryQuery(2, apiError(503))).toBe(true);
    expect(shouldRetryQuery(3, apiError(503))).toBe(false);
  });

  it('does not retry programming errors', () => {
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('backs off exponentially, capped', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 15000]);
  });

  it('never retries mutations', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});

describe('query cache policy', () => {
  it('toasts only when a refetch fails while data is on screen', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const qc = createQueryClient();
    const key = ['thing'];
    await expect(
      qc.fetchQuery({ queryKey: key, queryFn: () => Promise.reject(apiError(404)), retry: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(show).not.toHaveBeenCalled();

    qc.setQueryData(key, 'old');
    await qc
      .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(apiError(404)), retry: false, staleTime: 0 })
      .catch(() => undefined);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0][0]).toMatchObject({ color: 'red', title: 'Could not refresh' });
    show.mockRestore();
  });

  it('invalidates the mutation key and meta.invalidates after a mutation succeeds', async () => {
    const qc = createQueryClient();
    qc.setQueryData(['folders', 'detail', 1], { folderId: 1 });
    qc.setQueryData(['projects', 'detail', 1], { projectId: 1 });
    qc.setQueryData(['other'], 1);
    await qc
      .getMutationCache()
      .build(qc, {
        mutationKey: ['folders'],
        mutationFn: async () => 'ok',
        meta: { invalidates: [['projects']] },
      })
      .execute(undefined);
    expect(qc.getQueryState(['folders', 'detail', 1])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['projects', 'detail', 1])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['other'])?.isInvalidated).toBe(false);
  });
});
