// The documents of a folder as a query (src/api/queries/documents.ts): a first load grows as rows arrive
// (complete: false), a refetch keeps the complete list until the new one is whole, and allFolderDocuments waits
// for the whole list.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallOptions } from '../../src/api/client';
import { sessionStore } from '../../src/api/session';
import type { FolderDocuments } from '../../src/api/queries/documents';
import type { FolderDocument } from '../../src/contract/dtos';

/** The worker transport, played by the test: it reports progress and finishes each call when told. */
const calls: { options: CallOptions; finish: (docs: FolderDocument[]) => void }[] = [];
vi.mock('../../src/api/workerTransport', () => ({
  workerTransport: (_name: string, _request: object, options: CallOptions) =>
    new Promise((resolve) => {
      calls.push({ options, finish: (docs) => resolve({ folderDocuments: docs }) });
    }),
}));

const { allFolderDocuments, documentKeys, folderDocumentsQuery } =
  await import('../../src/api/queries/documents');

const doc = (n: number): FolderDocument => ({ documentId: n, documentNumber: `D-${n}` });
const progress = (options: CallOptions, docs: FolderDocument[], total?: number) =>
  options.onProgress?.({ value: { folderDocuments: docs }, total, received: docs.length });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
};

let client: QueryClient;
beforeEach(() => {
  calls.length = 0;
  // Signed in: a call with no session is never sent (src/api/client.ts).
  sessionStore.set({ sessionKey: 'key-1', apiKey: 'api-1', userName: 'pm' });
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

describe('folderDocumentsQuery', () => {
  it('holds the rows that have arrived on a first load, then the whole list', async () => {
    const done = client.fetchQuery(folderDocumentsQuery(7));
    await until(() => calls.length === 1);
    const growing = [doc(1)];
    progress(calls[0].options, growing, 3);
    expect(client.getQueryData<FolderDocuments>(documentKeys.inFolder(7))).toEqual({
      documents: [doc(1)],
      total: 3,
      complete: false,
    });
    growing.push(doc(2));
    progress(calls[0].options, growing, 3);
    // Written at most every 100 ms: the second report a moment later.
    expect(client.getQueryData<FolderDocuments>(documentKeys.inFolder(7))?.documents).toHaveLength(1);
    await until(() => client.getQueryData<FolderDocuments>(documentKeys.inFolder(7))?.documents.length === 2);
    const partial = client.getQueryData<FolderDocuments>(documentKeys.inFolder(7))!;
    expect(partial).toMatchObject({ documents: [doc(1), doc(2)], complete: false });
    // A copy: the transport's list grows on, the cached one does not.
    expect(partial.documents).not.toBe(growing);
    expect(client.getQueryState(documentKeys.inFolder(7))?.fetchStatus).toBe('fetching');
    // A report still waiting when the reply ends is dropped: the whole list wins.
    progress(calls[0].options, [...growing, doc(3)], 3);
    calls[0].finish([doc(1), doc(2), doc(3)]);
    expect(await done).toEqual({ documents: [doc(1), doc(2), doc(3)], total: 3, complete: true });
    await new Promise((r) => setTimeout(r, 150));
    expect(client.getQueryData(documentKeys.inFolder(7))).toMatchObject({ complete: true });
  });

  it('keeps the complete list on a refetch until the new one is whole', async () => {
    client.setQueryData(documentKeys.inFolder(7), { documents: [doc(1)], total: 1, complete: true });
    const done = client.fetchQuery({ ...folderDocumentsQuery(7), staleTime: 0 });
    await until(() => calls.length === 1);
    expect(calls[0].options.onProgress).toBeUndefined();
    expect(client.getQueryData<FolderDocuments>(documentKeys.inFolder(7))?.documents).toEqual([doc(1)]);
    calls[0].finish([doc(1), doc(2)]);
    expect((await done).documents).toEqual([doc(1), doc(2)]);
  });

  it('allFolderDocuments waits for the whole list while it is arriving', async () => {
    const first = client.prefetchQuery(folderDocumentsQuery(7));
    await until(() => calls.length === 1);
    progress(calls[0].options, [doc(1)], 2);
    let all: FolderDocument[] | undefined;
    const waiting = allFolderDocuments(client, 7).then((d) => (all = d));
    await new Promise((r) => setTimeout(r, 10));
    expect(all).toBeUndefined();
    // The read in flight is the one it waits for: no second call.
    expect(calls).toHaveLength(1);
    calls[0].finish([doc(1), doc(2)]);
    await waiting;
    await first;
    expect(all).toEqual([doc(1), doc(2)]);
  });
  it('reads again when a first load was left half-way by its last screen (issue 35: the streaming race)', async () => {
    // As the console's client: reads stay fresh 30 s. The dashboard's recent-documents panel starts the read,
    // the first rows arrive, then the user opens the folder: the panel unmounts before the folder's table
    // subscribes, so the read, having no observer, is cancelled — and react-query reverts to the last data
    // written, the partial list. Were it fresh, the table would show "Loading documents…" until it went stale.
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const panel = new QueryObserver(client, folderDocumentsQuery(8));
    const leave = panel.subscribe(() => {});
    await until(() => calls.length === 1);
    progress(calls[0].options, [doc(1)], 3);
    expect(client.getQueryData<FolderDocuments>(documentKeys.inFolder(8))?.complete).toBe(false);
    leave();
    expect(calls[0].options.signal?.aborted).toBe(true);

    const table = new QueryObserver(client, folderDocumentsQuery(8));
    const stop = table.subscribe(() => {});
    await until(() => calls.length === 2);
    calls[1].finish([doc(1), doc(2), doc(3)]);
    await until(() => table.getCurrentResult().data?.complete === true);
    expect(table.getCurrentResult().data?.documents).toHaveLength(3);
    stop();
  });
});
