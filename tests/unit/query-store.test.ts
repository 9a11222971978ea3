// The query cache kept on the device (src/api/queryStore): which queries are kept, that online reads never wait
// for the store, that offline or unreachable reads come from it, per user, and the wipe. IndexedDB is replaced by
// a Map behind idb-keyval's functions (values kept as they are, like structured clone).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager, type QueryClient } from '@tanstack/react-query';

const idb = vi.hoisted(() => ({ data: new Map<string, unknown>(), reads: 0, writes: 0 }));
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => {
    idb.reads++;
    return idb.data.get(key);
  },
  set: async (key: string, value: unknown) => {
    idb.writes++;
    idb.data.set(key, structuredClone(value));
  },
  del: async (key: string) => void idb.data.delete(key),
  delMany: async (keys: string[]) => keys.forEach((k) => idb.data.delete(k)),
  clear: async () => idb.data.clear(),
  keys: async () => [...idb.data.keys()],
  entries: async () => [...idb.data.entries()],
}));

import { ApiError } from '../../src/api/errors';
import { documentKeys } from '../../src/api/queries/documents';
import { folderKeys } from '../../src/api/queries/folders';
import { meetingKeys } from '../../src/api/queries/meetings';
import { projectKeys } from '../../src/api/queries/projects';
import { rfiKeys } from '../../src/api/queries/rfis';
import { historyKeys } from '../../src/api/history/queries';
import { NEEDS_NETWORK, restoredQueries } from '../../src/api/queryStore/persister';
import { isKeptData, isKeptKey, MAX_KEPT_DOCUMENTS } from '../../src/api/queryStore/rules';
import { keyPrefix, wipeQueryStore } from '../../src/api/queryStore/store';
import { sessionStore } from '../../src/api/session';
import { createQueryClient } from '../../src/app/queryClient';
import { dailyReportKeys } from '../../src/features/dailyreports/queries';
import { requestLogKeys } from '../../src/features/requestlog/queries';
import { submittalKeys } from '../../src/features/submittals/queries';

const signInAs = (userName: string) => sessionStore.set({ sessionKey: 's', apiKey: 'a', userName });
const scopeOf = (userName: string) => ` ${userName}`; // baseUrl "" and no window.location under Node
const networkError = () =>
  new ApiError({ status: 0, errorCode: 'NetworkError', message: 'unreachable', isNetworkError: true });

const project = { projectId: 1, projectName: 'Tower', startDate: new Date(Date.UTC(2026, 0, 5)) };

/** Reads the project once online (kept when idle), in a client of its own. */
async function keepProjectOnline(): Promise<QueryClient> {
  const qc = createQueryClient();
  await qc.fetchQuery({ queryKey: projectKeys.detail(1), queryFn: async () => project });
  await vi.waitFor(() => expect(idb.data.size).toBe(1), { timeout: 10_000 });
  return qc;
}

beforeEach(async () => {
  await wipeQueryStore();
  idb.reads = 0;
  idb.writes = 0;
  onlineManager.setOnline(true);
  restoredQueries.clear();
  signInAs('pm');
});

afterEach(() => {
  onlineManager.setOnline(true);
  sessionStore.clear();
});

describe('which queries are kept', () => {
  it('keeps the records a user opens', () => {
    const kept = [
      projectKeys.detail(1),
      folderKeys.detail(5),
      folderKeys.children(5),
      documentKeys.inFolder(5),
      documentKeys.subFolders(5, ''),
      documentKeys.statuses(1),
      rfiKeys.detail(107),
      rfiKeys.recipients(107),
      submittalKeys.attachments(9),
      submittalKeys.members(1),
      dailyReportKeys.report(3),
      dailyReportKeys.activities(3),
      meetingKeys.detail(8),
      meetingKeys.minutes(8),
    ];
    for (const key of kept) expect(isKeptKey(key), JSON.stringify(key)).toBe(true);
  });

  it('never keeps the request log, History, this device’s own values or anything unlisted', () => {
    const never = [
      requestLogKeys.list({} as never),
      requestLogKeys.entry(1),
      requestLogKeys.tail({} as never, 3),
      historyKeys.record({ kind: 'rfi', id: 107 } as never),
      historyKeys.retention(),
      submittalKeys.lastReply(9),
      [...documentKeys.all, 'links', 'pm'],
      ['projects'],
      ['explorer', 'send'],
      ['analytics'],
    ];
    for (const key of never) expect(isKeptKey(key), JSON.stringify(key)).toBe(false);
  });

  it('keeps a documents list only when it is complete and within the cap', () => {
    const key = documentKeys.inFolder(5);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ documentId: i }));
    expect(isKeptData(key, { documents: rows(3), complete: true })).toBe(true);
    expect(isKeptData(key, { documents: rows(3), complete: false })).toBe(false);
    expect(isKeptData(key, { documents: rows(MAX_KEPT_DOCUMENTS), complete: true })).toBe(true);
    expect(isKeptData(key, { documents: rows(MAX_KEPT_DOCUMENTS + 1), complete: true })).toBe(false);
  });
});

describe('online', () => {
  it('reads from the service without reading the store first, then keeps the reply (Dates intact)', async () => {
    await keepProjectOnline();
    expect(idb.reads).toBe(0);
    const [key, stored] = [...idb.data.entries()][0] as [string, { state: Record<string, unknown> }];
    expect(key.startsWith(`${keyPrefix(scopeOf('pm'))}-`)).toBe(true);
    expect(key).toContain('["projects","detail",1]');
    expect(Object.keys(stored.state).sort()).toEqual(['data', 'dataUpdatedAt']);
    expect((stored.state.data as typeof project).startDate).toBeInstanceOf(Date);
  });

  it('does not write a query that is not kept, nor the same data twice', async () => {
    const qc = await keepProjectOnline();
    await qc.fetchQuery({ queryKey: requestLogKeys.entry(1), queryFn: async () => ({ id: 1 }) });
    await qc.refetchQueries({ queryKey: projectKeys.detail(1) }); // same data: structural sharing keeps it
    await new Promise((r) => setTimeout(r, 400));
    expect(idb.writes).toBe(1);
    expect(idb.data.size).toBe(1);
  });

  it('keeps nothing when nobody is signed in', async () => {
    sessionStore.clear();
    const qc = createQueryClient();
    await qc.fetchQuery({ queryKey: projectKeys.detail(1), queryFn: async () => project });
    await new Promise((r) => setTimeout(r, 400));
    expect(idb.data.size).toBe(0);
  });
});

describe('offline', () => {
  it('a page opened before reads from the store, as of when it was saved', async () => {
    const first = await keepProjectOnline();
    const savedAt = first.getQueryState(projectKeys.detail(1))!.dataUpdatedAt;

    await new Promise((r) => setTimeout(r, 5));
    const reloadedAt = Date.now();
    onlineManager.setOnline(false);
    const qc = createQueryClient(); // a reload
    const queryFn = vi.fn(async () => project);
    const data = await qc.ensureQueryData({ queryKey: projectKeys.detail(1), queryFn });
    expect(queryFn).not.toHaveBeenCalled();
    expect(data).toEqual(project);
    const query = qc.getQueryCache().find({ queryKey: projectKeys.detail(1) })!;
    await vi.waitFor(() => expect(query.state.dataUpdatedAt).toBe(savedAt));
    expect(restoredQueries.savedAt(query)).toBe(savedAt);
    // As old as when it was saved, not as of the reload: a refetch replaces it once online.
    expect(savedAt).toBeLessThan(reloadedAt);
    expect(query.state.isInvalidated).toBe(true);
  });

  it('a page never opened here fails at once with "needs the network", without a retry', async () => {
    onlineManager.setOnline(false);
    const qc = createQueryClient();
    const queryFn = vi.fn(async () => project);
    const error = await qc.fetchQuery({ queryKey: rfiKeys.detail(999), queryFn }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe(NEEDS_NETWORK);
    expect((error as ApiError).message).toBe(
      'This page needs the network: it has not been opened on this device yet.',
    );
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('so does a query that is never kept', async () => {
    onlineManager.setOnline(false);
    const qc = createQueryClient();
    const error = await qc
      .fetchQuery({ queryKey: requestLogKeys.entry(1), queryFn: async () => ({}) })
      .catch((e: unknown) => e);
    expect((error as ApiError).errorCode).toBe(NEEDS_NETWORK);
  });

  it('a refetch of data on screen sends nothing, and is read once the connection is back', async () => {
    const qc = createQueryClient();
    qc.mount(); // follows the online state, as under QueryClientProvider
    const queryFn = vi.fn(async () => project);
    await qc.fetchQuery({ queryKey: projectKeys.detail(1), queryFn });
    onlineManager.setOnline(false);
    const refetch = qc.refetchQueries({ queryKey: projectKeys.detail(1) });
    await vi.waitFor(() => expect(qc.getQueryState(projectKeys.detail(1))?.fetchStatus).toBe('paused'), {
      timeout: 10_000,
    });
    expect(queryFn).toHaveBeenCalledTimes(1);
    onlineManager.setOnline(true);
    await refetch;
    expect(queryFn).toHaveBeenCalledTimes(2);
    qc.unmount();
  });

  it('reads that need no network (this device’s own values) run as they are', async () => {
    onlineManager.setOnline(false);
    const qc = createQueryClient();
    const data = await qc.fetchQuery({
      queryKey: submittalKeys.lastReply(9),
      queryFn: async () => 'local',
      networkMode: 'always',
    });
    expect(data).toBe('local');
  });
});

describe('service unreachable while online', () => {
  it('falls back to the kept copy on a network error, and only then', async () => {
    await keepProjectOnline();
    const qc = createQueryClient();
    const data = await qc.fetchQuery({
      queryKey: projectKeys.detail(1),
      queryFn: () => Promise.reject(networkError()),
      retry: false,
    });
    expect(data).toEqual(project);

    const refused = new ApiError({ status: 403, errorCode: 'Forbidden', message: 'no' });
    const error = await createQueryClient()
      .fetchQuery({ queryKey: projectKeys.detail(1), queryFn: () => Promise.reject(refused) })
      .catch((e: unknown) => e);
    expect(error).toBe(refused);
  });
});

describe('per user', () => {
  it('another user never sees what the first kept, and their sign-in deletes it', async () => {
    await keepProjectOnline();
    signInAs('other');
    await vi.waitFor(() => expect(idb.data.size).toBe(0));

    onlineManager.setOnline(false);
    const error = await createQueryClient()
      .fetchQuery({ queryKey: projectKeys.detail(1), queryFn: async () => project })
      .catch((e: unknown) => e);
    expect((error as ApiError).errorCode).toBe(NEEDS_NETWORK);
  });

  it('the wipe (sign-out) leaves the store empty', async () => {
    await keepProjectOnline();
    await wipeQueryStore();
    expect(idb.data.size).toBe(0);
  });
});
