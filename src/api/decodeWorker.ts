// The Web Worker that fetches, parses and decodes large replies off the page's main thread (see decodeJob.ts
// for the messages and workerTransport.ts for the page's side). One job per worker.
import { runDecodeJob, type DecodeJob, type DecodeMessage } from './decodeJob';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeJob>) => void) | null;
  postMessage: (message: DecodeMessage) => void;
};

scope.onmessage = (event) => {
  void runDecodeJob(
    event.data,
    (input, init) => fetch(input, init),
    (message) => scope.postMessage(message),
  );
};
