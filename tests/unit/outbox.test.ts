// The outbox's store (order, scope) and sender (sent, network failure, refusal, conflict) with fake sends; and
// that no step of a send waits for ever (a handler that never loads or failed to load, a store write that never
// ends, a `sending` mark left by a page closed mid-send).
import { update as idbKeyvalUpdate, type UseStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import {
  enqueue,
  list,
  remove,
  scopeOf,
  SENDING_HOLDS_MS,
  sendOutbox,
  shownState,
  startOutboxSender,
  update,
  wipeOutbox,
  type NewOutboxEntry,
  type OutboxHandlers,
  type OutboxKindHandler,
} from '../../src/api/outbox';
import { SEND_TIMEOUT_MS, STEP_TIMEOUT_MS } from '../../src/api/outbox/sender';
import {
  idbUpdate,
  memoryOutboxBackend,
  setOutboxBackend,
  type OutboxBackend,
} from '../../src/api/outbox/store';
import { sessionStore } from '../../src/api/session';

const signIn = (userName: string) => sessionStore.set({ sessionKey: 'k', apiKey: 'a', userName });

function rfiEdit(id: number, values: Record<string, unknown>, base: Record<string, unknown>): NewOutboxEntry {
  return {
    kind: 'rfi-update',
    operation: 'OpenIssueUpdateRequest',
    request: { openIssue: { folderId: id, ...values } },
    label: `RFI ${id}`,
    href: `/rfi/${id}`,
    record: `rfi:${id}`,
    base,
    values,
  };
}

const punch = (n: number): NewOutboxEntry => ({
  kind: 'punch-create',
  operation: 'PunchListCreateManyRequest',
  request: { punchlistList: [{ tempItemId: `t${n}`, summary: `row ${n}` }] },
  label: `Punch row ${n}`,
  href: '/punch',
  record: 'punch:1',
});

const netError = () =>
  new ApiError({ status: 0, errorCode: 'NetworkError', message: 'unreachable', isNetworkError: true });

beforeEach(() => {
  setOutboxBackend(memoryOutboxBackend());
  configureClient({ baseUrl: 'http://svc' });
  signIn('alice');
});
afterEach(() => {
  sessionStore.clear();
  setOutboxBackend(undefined);
});

describe('outbox store', () => {
  it('lists entries in the order they were made, per user', async () => {
    for (let i = 1; i <= 12; i++) await enqueue(punch(i));
    signIn('bob');
    await enqueue(punch(99));
    expect((await list()).map((e) => e.label)).toEqual(['Punch row 99']);
    signIn('alice');
    const mine = await list();
    expect(mine.map((e) => e.label)).toEqual(Array.from({ length: 12 }, (_, i) => `Punch row ${i + 1}`));
    expect(mine.every((e) => e.state === 'pending' && e.attempts === 0)).toBe(true);
    await remove(mine[0].id);
    await update(mine[1].id, { state: 'refused', message: 'no' });
    const after = await list();
    expect(after).toHaveLength(11);
    expect(after[0]).toMatchObject({ label: 'Punch row 2', state: 'refused', message: 'no' });
  });

  it('keeps nothing when signed out, and wipes one user without touching another', async () => {
    await enqueue(punch(1));
    signIn('bob');
    await enqueue(punch(2));
    await wipeOutbox(scopeOf('http://svc', 'bob'));
    expect(await list()).toEqual([]);
    expect(await list(scopeOf('http://svc', 'alice'))).toHaveLength(1);
    sessionStore.clear();
    expect(await list()).toEqual([]);
    await expect(enqueue(punch(3))).rejects.toThrow(/Not signed in/);
  });

  it('update of an entry that is gone does not bring it back', async () => {
    const e = await enqueue(punch(1));
    await remove(e.id);
    expect(await update(e.id, { state: 'sending' })).toBeUndefined();
    expect(await list()).toEqual([]);
  });
});

describe('outbox sender', () => {
  const online = () => true;

  it('sends pending entries in order and removes them; invalidates their queries', async () => {
    const sent: string[] = [];
    const invalidateQueries = vi.fn(async () => undefined);
    const handlers: OutboxHandlers = {
      'punch-create': async () => ({ send: async (e) => void sent.push(e.label) }),
    };
    for (let i = 1; i <= 3; i++) await enqueue({ ...punch(i), invalidates: [['punch', i]] });
    expect(await sendOutbox({ handlers, isOnline: online, queryClient: { invalidateQueries } })).toBe('done');
    expect(sent).toEqual(['Punch row 1', 'Punch row 2', 'Punch row 3']);
    expect(await list()).toEqual([]);
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['punch', 2] });
  });

  it('a network failure leaves the entry pending (and what follows unsent), to be tried again', async () => {
    const sent: string[] = [];
    let fail = true;
    const handlers: OutboxHandlers = {
      'punch-create': async () => ({
        send: async (e) => {
          if (fail) throw netError();
          sent.push(e.label);
        },
      }),
    };
    await enqueue(punch(1));
    await enqueue(punch(2));
    expect(await sendOutbox({ handlers, isOnline: online })).toBe('retry');
    const left = await list();
    expect(left.map((e) => [e.state, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    expect(left[0].message).toBe('unreachable');
    expect(await sendOutbox({ handlers, isOnline: () => false })).toBe('offline');
    fail = false;
    expect(await sendOutbox({ handlers, isOnline: online })).toBe('done');
    expect(sent).toEqual(['Punch row 1', 'Punch row 2']);
  });

  it('a 400 is refused with the message; later entries of the same record wait, others go', async () => {
    const sent: string[] = [];
    const handlers: OutboxHandlers = {
      'rfi-update': async () => ({
        read: async () => ({ subject: 'old' }),
        send: async (e) => {
          if (e.label === 'RFI 1' && !sent.length) {
            throw new ApiError({
              status: 400,
              errorCode: 'ValidationError',
              message: 'Subject is too long.',
              fieldErrors: [{ fieldName: 'openIssue.subject', message: 'Too long.' }],
            });
          }
          sent.push(`${e.label} ${JSON.stringify(e.values)}`);
        },
      }),
    };
    await enqueue(rfiEdit(1, { subject: 'x'.repeat(999) }, { subject: 'old' }));
    await enqueue(rfiEdit(2, { subject: 'two' }, { subject: 'old' }));
    await enqueue(rfiEdit(1, { subject: 'second' }, { subject: 'old' }));
    expect(await sendOutbox({ handlers, isOnline: online })).toBe('done');
    expect(sent).toEqual(['RFI 2 {"subject":"two"}']);
    const left = await list();
    expect(left.map((e) => [e.label, e.state])).toEqual([
      ['RFI 1', 'refused'],
      ['RFI 1', 'pending'],
    ]);
    expect(left[0].message).toBe('Subject is too long.');
    expect(left[0].fieldErrors).toEqual({ 'openIssue.subject': 'Too long.' });
    // Discarding the refused one lets the next edit of that RFI go.
    await remove(left[0].id);
    await sendOutbox({ handlers, isOnline: online });
    expect(await list()).toEqual([]);
  });

  it('an update whose record changed on the service is a conflict, not sent', async () => {
    const send = vi.fn(async () => undefined);
    let current: Record<string, unknown> = { subject: 'theirs', dueDate: '01/05/2027' };
    const handlers: OutboxHandlers = { 'rfi-update': async () => ({ read: async () => current, send }) };
    await enqueue(rfiEdit(1, { dueDate: '02/01/2027' }, { subject: 'old', dueDate: '01/05/2027' }));
    expect(await sendOutbox({ handlers, isOnline: online })).toBe('done');
    expect(send).not.toHaveBeenCalled();
    const [entry] = await list();
    expect(entry.state).toBe('conflict');
    expect(entry.conflict).toMatchObject({ fields: ['subject'], current });
    // "Keep mine": the record as it is now becomes the base; then it is sent.
    await update(entry.id, { state: 'pending', base: { ...entry.base, ...current }, conflict: undefined });
    current = { subject: 'theirs', dueDate: '01/05/2027' };
    await sendOutbox({ handlers, isOnline: online });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await list()).toEqual([]);
  });

  it('a change the service already has (a lost reply) is no conflict; later edits start from it', async () => {
    const state: Record<string, unknown> = { subject: 'mine', status: '1' };
    const send = vi.fn(
      async (e: { values?: Record<string, unknown> }) => void Object.assign(state, e.values),
    );
    const handlers: OutboxHandlers = {
      'rfi-update': async () => ({ read: async () => ({ ...state }), send }),
    };
    await enqueue(rfiEdit(1, { subject: 'mine' }, { subject: 'old', status: '1' }));
    await enqueue(rfiEdit(1, { status: '2' }, { subject: 'old', status: '1' }));
    expect(await sendOutbox({ handlers, isOnline: online })).toBe('done');
    expect(send).toHaveBeenCalledTimes(2);
    expect(state).toEqual({ subject: 'mine', status: '2' });
  });
});

describe('outbox sender: no step waits for ever', () => {
  const online = () => true;
  const never = () => new Promise<never>(() => undefined);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const sending = (sent: string[]): OutboxKindHandler => ({ send: async (e) => void sent.push(e.label) });

  it('a handler that never loads ends the pass (the entry waits, not "Sending…"); the next pass sends', async () => {
    // What the restarted browser's page met: the entry marked `sending` by a page closed mid-send, then the
    // handler's chunk never arriving. Before, the pass waited for ever: no request, and "Sending…" on screen.
    const sent: string[] = [];
    const load = vi
      .fn<() => Promise<OutboxKindHandler>>()
      .mockImplementationOnce(never)
      .mockResolvedValue(sending(sent));
    const entry = await enqueue(punch(1));
    await update(entry.id, { state: 'sending', attempts: 2, lastAttemptAt: Date.now() - 1000 });
    const options = { handlers: { 'punch-create': load }, isOnline: online, stepTimeoutMs: 50 };
    expect(await sendOutbox(options)).toBe('retry');
    const [left] = await list();
    expect(left).toMatchObject({ state: 'pending', attempts: 3 });
    expect(left.message).toMatch(/Loading the sender took longer/);
    expect(await sendOutbox(options)).toBe('done');
    expect(sent).toEqual(['Punch row 1']);
    expect(await list()).toEqual([]);
  });

  it('a handler that failed to load is a failure worth trying again, said for people', async () => {
    const sent: string[] = [];
    const load = vi
      .fn<() => Promise<OutboxKindHandler>>()
      .mockRejectedValueOnce(
        new TypeError('Failed to fetch dynamically imported module: http://h/assets/o-1.js'),
      )
      .mockResolvedValue(sending(sent));
    await enqueue(punch(1));
    const options = { handlers: { 'punch-create': load }, isOnline: online };
    expect(await sendOutbox(options)).toBe('retry');
    const [left] = await list();
    expect(left).toMatchObject({ state: 'pending', attempts: 1 });
    expect(left.message).toBe('The console could not download what sends this change; it will try again.');
    expect(await sendOutbox(options)).toBe('done');
    expect(sent).toEqual(['Punch row 1']);
  });

  it('a store write that never ends ends the pass; the next pass sends', async () => {
    const base = memoryOutboxBackend();
    let hang = false;
    const backend: OutboxBackend = { ...base, update: (k, fn) => (hang ? never() : base.update(k, fn)) };
    setOutboxBackend(backend);
    const sent: string[] = [];
    await enqueue(punch(1));
    const options = {
      handlers: { 'punch-create': async () => sending(sent) },
      isOnline: online,
      stepTimeoutMs: 50,
    };
    hang = true;
    await expect(sendOutbox(options)).rejects.toThrow(/Saving the outbox took longer/);
    hang = false;
    expect(await sendOutbox(options)).toBe('done');
    expect(sent).toEqual(['Punch row 1']);
  });

  it('the running sender is not stopped by a step that hangs: it tries again by itself', async () => {
    const sent: string[] = [];
    const load = vi
      .fn<() => Promise<OutboxKindHandler>>()
      .mockImplementationOnce(never)
      .mockResolvedValue(sending(sent));
    await enqueue(punch(1));
    const stop = startOutboxSender({
      handlers: { 'punch-create': load },
      isOnline: online,
      subscribeOnline: () => () => undefined,
      stepTimeoutMs: 50,
      retryDelays: [20],
    });
    try {
      await vi.waitFor(() => expect(sent).toEqual(['Punch row 1']), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect(await list()).toEqual([]), { timeout: 10_000, interval: 20 });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('a `sending` mark of a page that is gone reads as waiting', () => {
    const now = Date.now();
    expect(shownState({ state: 'sending', lastAttemptAt: now - 5_000 }, now)).toBe('sending');
    expect(shownState({ state: 'sending', lastAttemptAt: now - SENDING_HOLDS_MS }, now)).toBe('pending');
    expect(shownState({ state: 'sending' }, now)).toBe('pending');
    expect(shownState({ state: 'refused', lastAttemptAt: now - SENDING_HOLDS_MS }, now)).toBe('refused');
    // The mark outlasts everything one entry's send may take: the mark, the handler, the requests, the writes.
    expect(SENDING_HOLDS_MS).toBeGreaterThan(SEND_TIMEOUT_MS + 1_000 + 4 * STEP_TIMEOUT_MS);
  });

  it('the IndexedDB update settles when its transaction aborts (idb-keyval’s waits for ever)', async () => {
    // A fake object store whose transaction aborts before the read succeeds (connection closed, internal error).
    const fake = () => {
      const tx = { error: null as DOMException | null, abort: () => undefined } as unknown as IDBTransaction;
      const read = {} as IDBRequest;
      const store = { transaction: tx, get: () => read, put: vi.fn() } as unknown as IDBObjectStore;
      const useStore: UseStore = (_mode, callback) => Promise.resolve().then(() => callback(store));
      const abort = () => {
        (tx as { error: DOMException | null }).error = new DOMException('closed', 'AbortError');
        tx.onabort?.call(tx, new Event('abort'));
      };
      return { useStore, abort };
    };
    const ours = fake();
    const settled = idbUpdate(ours.useStore, 'k', (v) => v);
    await sleep(0);
    ours.abort();
    await expect(settled).rejects.toThrow('closed');

    const theirs = fake();
    const waiting = idbKeyvalUpdate('k', (v) => v, theirs.useStore);
    await sleep(0);
    theirs.abort();
    expect(
      await Promise.race([
        waiting.then(
          () => 'settled',
          () => 'settled',
        ),
        sleep(50).then(() => 'waiting'),
      ]),
    ).toBe('waiting');
  });
});
