// Whether this build registers the service worker: a production build not made with PM_SERVICE_WORKER=off
// (vite.config.ts defines the flag). Its own module: the entry (main.tsx) needs only this, About the rest
// (offlineStart.ts).
declare const __PM_SERVICE_WORKER__: boolean | undefined;

export const workerInBuild =
  import.meta.env.PROD && typeof __PM_SERVICE_WORKER__ === 'boolean' && __PM_SERVICE_WORKER__;
