// Runs the analytics worker for the page: starts a run for the window, follows its progress and figures, and
// stops it (terminating the worker) when the page is left. The rows stay in the worker; only figures come here.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { operationUrl, prepareRequest } from '../../api/client';
import type { Session } from '../../api/session';
import type { FromWorker, ToWorker } from './job';
import type { Analytics } from './model/aggregate';
import type { SignInFigures } from './model/signins';
import type { WindowChoice } from './model/window';

export type RunState =
  | { status: 'idle' }
  | { status: 'reading'; read: number; estimate: number }
  | { status: 'done' }
  | { status: 'cancelled' }
  | { status: 'error'; httpStatus: number; message: string };

export interface AnalyticsState {
  run: RunState;
  analytics?: Analytics;
  retentionLimited: boolean;
  stored: boolean;
  refresh: () => void;
  cancel: () => void;
}

interface WorkerLike {
  postMessage(m: ToWorker): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  terminate(): void;
}

const createWorker = (): WorkerLike | undefined =>
  typeof Worker === 'undefined'
    ? undefined
    : (new Worker(new URL('./analyticsWorker.ts', import.meta.url), {
        type: 'module',
        name: 'analytics',
      }) as unknown as WorkerLike);

/** Whether figures the worker sent were its last of a run (for the marks of markShown). */
const finals = new WeakMap<Analytics, boolean>();
/** The failed sign-ins posted with each figures (model/signins.ts), kept beside them. */
const signIns = new WeakMap<Analytics, SignInFigures>();
export const signInsOf = (analytics: Analytics): SignInFigures | undefined => signIns.get(analytics);

/**
 * Marks for bench/analytics.ts, made by the page once every part of these figures is on screen (the last part
 * drawn calls it): `analytics:figures` for figures while reading, `analytics:complete` for a run's last.
 */
export function markShown(analytics: Analytics) {
  const final = finals.get(analytics);
  if (final !== undefined) performance.mark(final ? 'analytics:complete' : 'analytics:figures');
}

export function useAnalytics(session: Session | null, choice: WindowChoice): AnalyticsState {
  const worker = useRef<WorkerLike | undefined>(undefined);
  const runId = useRef(0);
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [shown, setShown] = useState<{ analytics: Analytics; final: boolean }>();
  const analytics = shown?.analytics;
  const [retentionLimited, setRetention] = useState(false);
  const [stored, setStored] = useState(false);
  const choiceKey = JSON.stringify(choice);

  useEffect(() => {
    const w = createWorker();
    worker.current = w;
    if (w) {
      w.onmessage = ({ data }) => {
        if (data.runId !== runId.current) return;
        switch (data.kind) {
          case 'progress':
            setRun((r) =>
              r.status === 'reading' || r.status === 'idle'
                ? { status: 'reading', read: data.read, estimate: data.estimate }
                : r,
            );
            break;
          case 'result':
            // A transition: React renders the new figures in slices, so the page never blocks for long.
            finals.set(data.analytics, data.final);
            signIns.set(data.analytics, data.signIns);
            // For bench/analytics.ts: the worker's part ends here.
            performance.mark('analytics:result', { detail: data.timing });
            startTransition(() => {
              setShown({ analytics: data.analytics, final: data.final });
              setStored(data.stored);
              if (data.final) {
                setRetention(data.retentionLimited);
                setRun({ status: 'done' });
              }
            });
            break;
          case 'error':
            setRun({ status: 'error', httpStatus: data.status, message: data.message });
            break;
          case 'cancelled':
            setRun({ status: 'cancelled' });
            break;
        }
      };
    }
    return () => {
      // Leaving the page cancels the reading: the worker and its fetches go.
      w?.terminate();
      worker.current = undefined;
    };
  }, []);

  const start = useCallback(() => {
    const w = worker.current;
    if (!w || !session) {
      if (!w) setRun({ status: 'error', httpStatus: 0, message: 'This browser cannot run Web Workers.' });
      return;
    }
    const id = ++runId.current;
    const prepared = prepareRequest('RequestLogs', {});
    const url = new URL(operationUrl('RequestLogs'), globalThis.location?.href ?? 'http://localhost/').href;
    setRun({ status: 'reading', read: 0, estimate: 0 });
    performance.mark('analytics:start');
    w.postMessage({
      kind: 'run',
      runId: id,
      scope: `${new URL(url).origin}|${session.userName}`,
      url,
      headers: prepared.headers,
      choice: JSON.parse(choiceKey) as WindowChoice,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choice is compared by value (choiceKey)
  }, [choiceKey, session?.userName, session?.apiKey]);

  useEffect(() => {
    start();
  }, [start]);

  const cancel = useCallback(() => {
    worker.current?.postMessage({ kind: 'cancel', runId: runId.current });
  }, []);

  return { run, analytics, retentionLimited, stored, refresh: start, cancel };
}
