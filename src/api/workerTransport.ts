// A `call()` transport that fetches, parses and decodes the reply in a Web Worker, for replies too large to
// parse on the main thread without freezing the page (the 100,000-document folder: 52 MB of JSON, about 1 s of
// JSON.parse + decode). The reply is parsed as it arrives and the rows come back in chunks, one task each, so
// no main-thread task gets long, and `onProgress` sees the rows that have arrived before the call resolves.
//
//   call('DocumentsReadInFolderRequest', request, { signal, transport: workerTransport, onProgress })
//
// Errors, 401 re-authentication and the abort signal behave as with the default transport: the worker reports
// what went wrong and the same ApiError is built here. Without Worker (jsdom, old browsers) the call is sent
// on the main thread as usual. Import this module only from lazy route chunks: the worker is its own file.
import { sendRaw, readReply, prepareRequest, type CallOptions, type Transport } from './client';
import type { DecodeJob, DecodeMessage } from './decodeJob';
import { errorFromReply, networkError, unreadableReplyError } from './errors';
import type { OperationName } from '../contract/operations';

/** The part of Worker the transport uses (a fake in unit tests). */
export interface DecodeWorker {
  postMessage(job: DecodeJob): void;
  onmessage: ((event: MessageEvent<DecodeMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** Rows per message: reading 1,000 documents' structured clone takes a few ms on the main thread. */
export const DEFAULT_CHUNK_SIZE = 1000;

function newWorker(): DecodeWorker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('./decodeWorker.ts', import.meta.url), {
    type: 'module',
    name: 'decode',
  }) as unknown as DecodeWorker;
}

/** A worker started ahead of a call (prewarmDecodeWorker), taken by the next one. */
let spare: DecodeWorker | undefined;

function defaultWorker(): DecodeWorker | undefined {
  const worker = spare ?? newWorker();
  spare = undefined;
  return worker;
}

/**
 * Starts a decode worker ahead of a large reply a screen expects, so its start-up (loading and compiling the
 * worker's module: tens of ms) is not part of the wait for the first rows. At most one waits; the next call takes it.
 */
export function prewarmDecodeWorker(): void {
  spare ??= newWorker();
}

export function createWorkerTransport(
  createWorker: () => DecodeWorker | undefined = defaultWorker,
  chunkSize = DEFAULT_CHUNK_SIZE,
): Transport {
  return async (name: OperationName, request: object, options: CallOptions) => {
    const worker = createWorker();
    // No worker here: the main-thread path, exactly as `call` sends without a transport.
    if (!worker) return readReply(name, await sendRaw(name, request, options));

    const { signal } = options;
    if (signal?.aborted) {
      worker.terminate();
      throw signal.reason;
    }
    const prepared = prepareRequest(name, request, options.credentials);
    const job: DecodeJob = {
      operation: name,
      // The worker resolves relative URLs against its own script's URL: make it absolute here.
      url: new URL(prepared.url, globalThis.location?.href ?? 'http://localhost/').href,
      init: { method: prepared.method, headers: prepared.headers, body: prepared.body },
      chunkSize,
    };
    const { onProgress } = options;
    return new Promise<unknown>((resolve, reject) => {
      let value: Record<string, unknown> | undefined;
      let total: number | undefined;
      let received = 0;
      const finish = (outcome: () => void) => {
        worker.terminate();
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const onAbort = () => finish(() => reject(signal?.reason));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.onerror = (event) => {
        event.preventDefault?.();
        finish(() => reject(networkError(name, new Error(event.message || 'the decode worker failed'))));
      };
      worker.onmessage = ({ data }) => {
        switch (data.kind) {
          case 'head':
            // Lists grow here as rows come: copies, not the message's own arrays.
            value = Object.fromEntries(
              Object.entries(data.value).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]),
            );
            total = data.total;
            onProgress?.({ value, total, received });
            break;
          case 'rows': {
            if (!value) break;
            let list = value[data.key] as unknown[] | undefined;
            if (!Array.isArray(list)) value[data.key] = list = [];
            for (const row of data.rows) list.push(row);
            received += data.rows.length;
            onProgress?.({ value, total, received });
            break;
          }
          case 'end':
            finish(() => resolve({ ...value, ...data.value }));
            break;
          case 'failed':
            finish(() => reject(errorFromReply(data.status, data.body, name)));
            break;
          case 'unreadable':
            finish(() => reject(unreadableReplyError(data.status, data.contentType, name)));
            break;
          case 'network':
            finish(() => reject(networkError(name, new Error(data.message))));
            break;
        }
      };
      worker.postMessage(job);
    });
  };
}

/** Fetches and decodes in a Web Worker (one per call), rows handed back as they arrive, at most 1,000 at a time. */
export const workerTransport: Transport = createWorkerTransport();
