// The admin check (src/session/adminCheck.ts) and what the client remembers of a session key that worked
// (Session.confirmed, src/api/client.ts): the reference service answers a typed-in key and an expired one alike.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, configureClient } from '../../src/api/client';
import { sessionStore } from '../../src/api/session';
import { checkAdmin, retryDelayMs } from '../../src/session/adminCheck';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = (status: number, errorCode: string) =>
  json({ responseStatus: { errorCode, message: errorCode, errors: [] } }, status);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  configureClient({ baseUrl: '', routeStyle: 'internal', fetch: fetchMock });
});
afterEach(() => sessionStore.clear());

describe('checkAdmin', () => {
  const session = { sessionKey: 'key-1', apiKey: 'api-1', userName: 'admin' };

  it('200 → admin, stored in the session; one request however many ask at once', async () => {
    sessionStore.set(session);
    fetchMock.mockResolvedValue(json({ results: [] }));
    const [a, b] = await Promise.all([checkAdmin(session), checkAdmin(session)]);
    expect([a, b]).toEqual([true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer api-1');
    expect(sessionStore.get()?.isAdmin).toBe(true);
  });

  it('403 → staff; a network failure or a 5xx leaves it unknown, and the next check asks again', async () => {
    sessionStore.set(session);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await checkAdmin(session)).toBeUndefined();
    expect(sessionStore.get()?.isAdmin).toBeUndefined();
    fetchMock.mockResolvedValueOnce(refused(503, 'ServiceBusy'));
    expect(await checkAdmin(session)).toBeUndefined();
    fetchMock.mockResolvedValueOnce(refused(403, 'Forbidden'));
    expect(await checkAdmin(session)).toBe(false);
    expect(sessionStore.get()?.isAdmin).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('an answer for a session that is no longer the current one is not stored', async () => {
    sessionStore.set(session);
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const pending = checkAdmin(session);
    sessionStore.set({ sessionKey: 'key-2', apiKey: 'api-2', userName: 'pm' });
    answer(json({ results: [] }));
    await pending;
    expect(sessionStore.get()?.isAdmin).toBeUndefined();
  });

  it('waits longer after each unanswered check, at most a minute', () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 60000]);
  });
});

describe('a session key that worked', () => {
  it('is marked once a call with it succeeds; a refused one is not', async () => {
    sessionStore.set({ sessionKey: 'key-1', apiKey: 'api-1', userName: 'pm' });
    fetchMock.mockResolvedValueOnce(refused(404, 'NotFound'));
    await expect(call('ProjectGetRequest', { projectId: 9 })).rejects.toThrow();
    expect(sessionStore.get()?.confirmed).toBeUndefined();
    fetchMock.mockResolvedValueOnce(json({ project: { projectId: 1 } }));
    await call('ProjectGetRequest', { projectId: 1 });
    expect(sessionStore.get()?.confirmed).toBe(true);
  });
});
