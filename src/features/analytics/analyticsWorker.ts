// The analytics page's Web Worker: reads the request log, keeps it, aggregates it (job.ts), so the page's main
// thread only receives figures.
import { createAnalyticsJob, type FromWorker, type ToWorker } from './job';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage: (message: FromWorker) => void;
};

const job = createAnalyticsJob((m) => scope.postMessage(m));
scope.onmessage = (event) => job.handle(event.data);
