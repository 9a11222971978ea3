// Many reads of one kind (an RFI's details, a meeting and its minutes) for a work panel: all asked for at once, at
// most `concurrency` in flight (a slot frees, the next goes), everything in the shared query cache, so the
// screens that show the same records open without reading them again.
//
// The answers are rendered in batches, not one render each: the answers that arrive within one animation frame
// make one update, and that update is rendered as a transition (React yields to the browser every few ms). Eighty
// answers arriving together used to make eighty synchronous renders of the panels, long tasks on a slow phone.
// The reads themselves start once the dashboard's first paint is on screen (`useWorkStarted`), so the project's
// heading is never held up by the panels' requests or their renders, and they are sent a few per task
// (START_PER_TASK, the next few in the next task, a few ms later: still one round trip), because each fetch() costs
// the page 1-2 ms: 36 of them in one go made a long task of their own.
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import {
  QueriesObserver,
  useQueryClient,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
  type UseQueryOptions,
} from '@tanstack/react-query';

export interface Reads<T> {
  /** One per option, in order: the data once read. */
  data: (T | undefined)[];
  /** Whether each has an answer (data or error). */
  answered: boolean[];
  /** How many have an answer. */
  settled: number;
  failed: number;
  /** The first failed read's error, if any. */
  error: Error | null;
  /** Reads the failed ones again. */
  retryFailed: () => void;
}

/**
 * Calls `callback` before the next frame is drawn (or after 100 ms, whichever comes first: a hidden tab draws no
 * frames). Returns the cancel.
 */
export function afterFrame(callback: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  const timer = setTimeout(run, 100);
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : undefined;
  function cancel() {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  }
  return () => {
    done = true;
    cancel();
  };
}

/**
 * False until what the component drew first has been painted (a frame after it was committed, then the end of
 * that frame's task), then true.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancelFrame = afterFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelFrame();
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/** Whether the work panels may send their reads (WorkPanels provides it; true outside the dashboard). */
export const WorkStarted = createContext(true);

export function useWorkStarted(): boolean {
  return useContext(WorkStarted);
}

/** At most this many reads are sent in one task; the next ones a task later. */
export const START_PER_TASK = 4;

export function useReads<T, K extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, Error, T, K>[],
  concurrency: number,
): Reads<T> {
  const queryClient = useQueryClient();
  const started = useWorkStarted();
  // A read already answered, or on its way, stays enabled; of the others, as many as the window has room for
  // (`concurrency` in flight), but at most START_PER_TASK in one render: the window slides as answers come in
  // (each batch of them re-renders this hook), and fills START_PER_TASK at a time, a task apart.
  const states = options.map((o) => queryClient.getQueryState(o.queryKey));
  const answeredState = (i: number) =>
    states[i] !== undefined && (states[i].data !== undefined || states[i].status === 'error');
  const onItsWay = (i: number) => !answeredState(i) && states[i]?.fetchStatus === 'fetching';
  let slots = concurrency - states.filter((_, i) => onItsWay(i)).length;
  let fresh = START_PER_TASK;
  let waiting = 0;
  const queries = options.map((o, i) => {
    let enabled = answeredState(i) || onItsWay(i);
    if (!enabled && started) {
      if (slots > 0 && fresh > 0) {
        enabled = true;
        slots--;
        fresh--;
      } else waiting++;
    }
    const defaulted = queryClient.defaultQueryOptions({ ...o, enabled } as QueryObserverOptions);
    // As useQueries does: a read about to start is already "fetching" in this render's results.
    defaulted._optimisticResults = 'optimistic';
    return defaulted;
  });

  const [observer] = useState(
    () => new QueriesObserver<QueryObserverResult<T, Error>[]>(queryClient, queries),
  );
  // This render's results, read from the cache (not a subscription: see below).
  const [results] = observer.getOptimisticResult(queries, undefined) as unknown as [
    QueryObserverResult<T, Error>[],
  ];

  useEffect(() => {
    observer.setQueries(queries);
  });

  // Reads held back by the per-task cap alone (the window has room): the next few a task later.
  const more = waiting > 0 && slots > 0;
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!more) return;
    const timer = setTimeout(() => startTransition(() => setStep((n) => n + 1)), 0);
    return () => clearTimeout(timer);
  }, [more, step]);

  // One re-render per animation frame while answers come in, as a transition.
  const [, setBatch] = useState(0);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const unsubscribe = observer.subscribe(() => {
      cancel ??= afterFrame(() => {
        cancel = undefined;
        startTransition(() => setBatch((n) => n + 1));
      });
    });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [observer]);

  const answered = results.map((r) => r.data !== undefined || r.isError);
  const settled = answered.filter(Boolean).length;
  const failed = results.filter((r) => r.isError && r.data === undefined).length;
  return {
    data: results.map((r) => r.data),
    answered,
    settled,
    failed,
    error: results.find((r) => r.isError)?.error ?? null,
    retryFailed: () => {
      results.forEach((r) => {
        if (r.isError) void r.refetch();
      });
    },
  };
}
