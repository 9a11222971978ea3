// The worker transport of `call()` (large replies fetched, parsed and decoded off the main thread): same
// results and the same ApiErrors as the main-thread path, rows in chunks, re-authentication and abort.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, configureClient, setReauthHandler } from '../../src/api/client';
import { runDecodeJob, type DecodeJob, type DecodeMessage } from '../../src/api/decodeJob';
import { ApiError } from '../../src/api/errors';
import { sessionStore } from '../../src/api/session';
import { createWorkerTransport, type DecodeWorker } from '../../src/api/workerTransport';
import type { CallProgress } from '../../src/api/client';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function reply(body: unknown, status = 200, contentType = 'application/json; charset=utf-8'): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': contentType } });
}

function errorBody(errorCode: string, message: string) {
  return {
    errorOccured: true,
    uiErrorMessage: message,
    uiDevErrorMessage: `dev: ${message}`,
    responseStatus: {
      errorCode,
      message,
      errors: [{ errorCode: 'NotFound', fieldName: 'parentFolderId', message: 'No such folder.' }],
    },
  };
}

const wireDocs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    FolderId: 7,
    DocumentId: i + 1,
    DocumentNumber: `D-${String(i + 1).padStart(5, '0')}`,
    DocumentIssueDate: `/Date(${1_700_000_000_000 + i * 86_400_000}-0000)/`,
    DocumentStatusName: i % 2 ? 'Issued' : 'Draft',
    UploadedFileSize: 1000 + i,
  }));

/**
 * A Worker stand-in: runs the worker's own code (runDecodeJob) with the worker's fetch, and delivers every
 * message as a separate macrotask through a structured clone, as a real worker does.
 */
class FakeWorker implements DecodeWorker {
  static created: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<DecodeMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  jobs: DecodeJob[] = [];
  delivered: DecodeMessage[] = [];
  constructor(private readonly workerFetch: typeof fetch) {
    FakeWorker.created.push(this);
  }
  postMessage(job: DecodeJob): void {
    this.jobs.push(structuredClone(job));
    void runDecodeJob(structuredClone(job), this.workerFetch, (message) => {
      const copy = structuredClone(message);
      setTimeout(() => {
        if (this.terminated) return;
        this.delivered.push(copy);
        this.onmessage?.({ data: copy } as MessageEvent<DecodeMessage>);
      }, 0);
    });
  }
  terminate(): void {
    this.terminated = true;
  }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

let mainFetch: FetchMock;
let workerFetch: FetchMock;
const transport = createWorkerTransport(() => new FakeWorker(workerFetch), 3);

beforeEach(() => {
  FakeWorker.created = [];
  mainFetch = vi.fn<typeof fetch>();
  workerFetch = vi.fn<typeof fetch>();
  configureClient({ baseUrl: '', routeStyle: 'internal', fetch: mainFetch });
  sessionStore.set({ sessionKey: 'key-1', apiKey: 'api-1', userName: 'pm', isAdmin: false });
  setReauthHandler(undefined);
});

afterEach(() => {
  sessionStore.clear();
  setReauthHandler(undefined);
});

describe('workerTransport', () => {
  it('returns exactly what the main-thread path returns, rows in order, dates decoded', async () => {
    const wire = { folderDocuments: wireDocs(10), responseStatus: {} };
    mainFetch.mockResolvedValue(reply(wire));
    workerFetch.mockResolvedValue(reply(wire));
    const onMain = await call('DocumentsReadInFolderRequest', { parentFolderId: 7 });
    const viaWorker = await call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport });
    expect(viaWorker).toEqual(onMain);
    expect(viaWorker.folderDocuments).toHaveLength(10);
    expect(viaWorker.folderDocuments?.[9].documentNumber).toBe('D-00010');
    expect(viaWorker.folderDocuments?.[0].documentIssueDate).toBeInstanceOf(Date);
    expect(viaWorker.folderDocuments?.[0].documentIssueDate?.getTime()).toBe(1_700_000_000_000);
    // The main thread's fetch was not used by the worker call.
    expect(mainFetch).toHaveBeenCalledTimes(1);
  });

  it('hands the rows back in chunks of at most chunkSize, each its own message, then ends the worker', async () => {
    workerFetch.mockResolvedValue(reply({ folderDocuments: wireDocs(10) }));
    await call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport });
    const [worker] = FakeWorker.created;
    const kinds = worker.delivered.map((m) => m.kind);
    expect(kinds).toEqual(['head', 'rows', 'rows', 'rows', 'rows', 'end']);
    const sizes = worker.delivered.flatMap((m) => (m.kind === 'rows' ? [m.rows.length] : []));
    expect(sizes).toEqual([3, 3, 3, 1]);
    expect(worker.delivered[0]).toEqual({ kind: 'head', value: { folderDocuments: [] } });
    expect(worker.terminated).toBe(true);
  });

  it('sends the same request as call(): absolute URL, POST, session key in the body', async () => {
    vi.stubGlobal('location', new URL('https://console.example.com/projects/1/folders/7'));
    workerFetch.mockResolvedValue(reply({ folderDocuments: [] }));
    const result = await call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport });
    expect(result.folderDocuments).toEqual([]);
    const [url, init] = workerFetch.mock.calls[0];
    vi.unstubAllGlobals();
    // A worker resolves relative URLs against its script, so the page sends an absolute one.
    expect(url).toBe('https://console.example.com/api/internal/document/documentsreadInfolder');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ parentFolderId: 7, authSessionKey: 'key-1' });
  });

  it('turns an HTTP error into the same ApiError as the main-thread path', async () => {
    const body = errorBody('NotFound', 'Folder 7 was not found.');
    mainFetch.mockResolvedValue(reply(body, 404));
    workerFetch.mockResolvedValue(reply(body, 404));
    const onMain = await failure(call('DocumentsReadInFolderRequest', { parentFolderId: 7 }));
    const viaWorker = await failure(
      call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport }),
    );
    expect(viaWorker.status).toBe(404);
    expect(viaWorker.errorCode).toBe('NotFound');
    expect(viaWorker.message).toBe('Folder 7 was not found.');
    expect(viaWorker.fieldErrors).toEqual({ parentFolderId: 'No such folder.' });
    expect({ ...viaWorker, message: viaWorker.message }).toEqual({ ...onMain, message: onMain.message });
  });

  it('treats HTTP 200 with errorOccured as an error, as call() does', async () => {
    workerFetch.mockResolvedValue(reply(errorBody('Forbidden', 'Not your folder.')));
    const e = await failure(call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport }));
    expect(e.errorCode).toBe('Forbidden');
    expect(e.status).toBe(400);
  });

  it('reports a reply that is not JSON as InvalidResponse with its status', async () => {
    workerFetch.mockResolvedValue(reply('<html>proxy error</html>', 502, 'text/html'));
    const e = await failure(call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport }));
    expect(e.errorCode).toBe('InvalidResponse');
    expect(e.status).toBe(502);
    expect(e.isTransient).toBe(true);
  });

  it('reports a failed fetch as a network error', async () => {
    workerFetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const e = await failure(call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport }));
    expect(e.isNetworkError).toBe(true);
    expect(e.status).toBe(0);
    expect(e.devMessage).toBe('Failed to fetch');
  });

  it('on 401 waits for sign-in and repeats the call through a new worker with the new key', async () => {
    workerFetch
      .mockResolvedValueOnce(reply(errorBody('Unauthorized', 'Your session has expired.'), 401))
      .mockResolvedValueOnce(reply({ folderDocuments: wireDocs(4) }));
    const reauth = vi.fn(async () => {
      sessionStore.set({ sessionKey: 'key-2', apiKey: 'api-1', userName: 'pm', isAdmin: false });
      return true;
    });
    setReauthHandler(reauth);
    const result = await call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport });
    expect(reauth).toHaveBeenCalledTimes(1);
    expect(result.folderDocuments).toHaveLength(4);
    expect(FakeWorker.created).toHaveLength(2);
    expect(JSON.parse(String(workerFetch.mock.calls[1][1]?.body)).authSessionKey).toBe('key-2');
  });

  it('stops at once when the signal aborts, and terminates the worker', async () => {
    let release: (r: Response) => void = () => undefined;
    workerFetch.mockReturnValue(new Promise<Response>((r) => (release = r)));
    const controller = new AbortController();
    const pending = call(
      'DocumentsReadInFolderRequest',
      { parentFolderId: 7 },
      { transport, signal: controller.signal },
    );
    await new Promise((r) => setTimeout(r, 0));
    controller.abort(new DOMException('Left the page', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.created[0].terminated).toBe(true);
    release(reply({ folderDocuments: wireDocs(4) }));
  });

  it('rejects an already aborted signal without sending anything', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(
      call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(workerFetch).not.toHaveBeenCalled();
  });

  it('falls back to the main thread when there is no Worker', async () => {
    const noWorker = createWorkerTransport(() => undefined);
    mainFetch.mockResolvedValue(reply({ folderDocuments: wireDocs(2) }));
    const result = await call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport: noWorker });
    expect(result.folderDocuments).toHaveLength(2);
    expect(mainFetch).toHaveBeenCalledTimes(1);
  });

  describe('a reply that arrives slowly', () => {
    /** A 200 reply whose body the test writes piece by piece. */
    function streamed(headers: Record<string, string> = {}) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      const encoder = new TextEncoder();
      return {
        response: new Response(body, {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        }),
        write: (text: string) => controller.enqueue(encoder.encode(text)),
        close: () => controller.close(),
        fail: () => controller.error(new TypeError('network error')),
      };
    }
    const rowText = (docs: unknown[]) => docs.map((d) => JSON.stringify(d)).join(',');
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
      expect(check()).toBe(true);
    };

    it('shows the head and the first rows before the rest has arrived, then resolves with all', async () => {
      const docs = wireDocs(7);
      const body = streamed({ 'X-Total-Count': '7' });
      workerFetch.mockResolvedValue(body.response);
      const progress: CallProgress[] = [];
      let resolved = false;
      const pending = call(
        'DocumentsReadInFolderRequest',
        { parentFolderId: 7 },
        {
          transport,
          onProgress: (p) =>
            progress.push({
              ...p,
              value: { ...p.value, folderDocuments: [...(p.value.folderDocuments as [])] },
            }),
        },
      ).then((r) => {
        resolved = true;
        return r;
      });
      // Cut inside the second row's date: only the first row is complete.
      const first = `{"errorOccured":false,"numberOfRecordsEffected":0,"folderDocuments":[${rowText(docs.slice(0, 2))}`;
      body.write(first.slice(0, first.indexOf('Date(', first.indexOf('D-00002')) + 3));
      await until(() => progress.some((p) => p.received === 1));
      expect(resolved).toBe(false);
      expect(progress[0]).toMatchObject({ total: 7, received: 0, value: { errorOccured: false } });
      const one = progress.find((p) => p.received === 1)!;
      expect((one.value.folderDocuments as { documentNumber: string }[])[0].documentNumber).toBe('D-00001');
      expect(
        (one.value.folderDocuments as { documentIssueDate: Date }[])[0].documentIssueDate,
      ).toBeInstanceOf(Date);
      // An element is complete at the comma after it.
      body.write(`${first.slice(first.indexOf('Date(', first.indexOf('D-00002')) + 3)},`);
      // Fewer rows than a chunk (3) still come within FLUSH_MS while the reply is paused.
      await until(() => progress.some((p) => p.received === 2));
      expect(resolved).toBe(false);
      body.write(`${rowText(docs.slice(2))}],"responseStatus":{"message":"after the list"}}`);
      body.close();
      const result = await pending;
      expect(result.folderDocuments).toHaveLength(7);
      expect(result.folderDocuments?.[6].documentNumber).toBe('D-00007');
      expect(result.responseStatus?.message).toBe('after the list');
    });

    it('reports a connection lost half-way as a network error', async () => {
      const body = streamed();
      workerFetch.mockResolvedValue(body.response);
      const pending = failure(call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport }));
      body.write(`{"folderDocuments":[${rowText(wireDocs(2))},{"Fol`);
      await new Promise((r) => setTimeout(r, 10));
      body.fail();
      const e = await pending;
      expect(e.isNetworkError).toBe(true);
      expect(e.isTransient).toBe(true);
    });

    it('reports a reply that ends before its JSON does as InvalidResponse', async () => {
      const body = streamed();
      workerFetch.mockResolvedValue(body.response);
      const pending = failure(call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport }));
      body.write(`{"folderDocuments":[${rowText(wireDocs(2))}`);
      body.close();
      const e = await pending;
      expect(e.errorCode).toBe('InvalidResponse');
      expect(e.status).toBe(200);
    });

    it('reports rows that are not JSON as InvalidResponse', async () => {
      workerFetch.mockResolvedValue(reply(`{"folderDocuments":[${rowText(wireDocs(5))},{"a":}]}`));
      const e = await failure(call('DocumentsReadInFolderRequest', { parentFolderId: 7 }, { transport }));
      expect(e.errorCode).toBe('InvalidResponse');
    });

    it('fails a reply whose fields before the list report an error, without handing rows over', async () => {
      const body = errorBody('Forbidden', 'Not your folder.');
      const progress: CallProgress[] = [];
      workerFetch.mockResolvedValue(
        reply(`${JSON.stringify(body).slice(0, -1)},"folderDocuments":[${rowText(wireDocs(5))}]}`),
      );
      const e = await failure(
        call(
          'DocumentsReadInFolderRequest',
          { parentFolderId: 7 },
          { transport, onProgress: (p) => progress.push(p) },
        ),
      );
      expect(e.errorCode).toBe('Forbidden');
      expect(progress).toEqual([]);
    });

    it('stops reading when the signal aborts half-way', async () => {
      const body = streamed();
      workerFetch.mockResolvedValue(body.response);
      const controller = new AbortController();
      let received = 0;
      const pending = call(
        'DocumentsReadInFolderRequest',
        { parentFolderId: 7 },
        { transport, signal: controller.signal, onProgress: (p) => (received = p.received) },
      );
      body.write(`{"folderDocuments":[${rowText(wireDocs(2))},`);
      await until(() => received === 2);
      controller.abort(new DOMException('Left the page', 'AbortError'));
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      expect(FakeWorker.created[0].terminated).toBe(true);
    });
  });
});
