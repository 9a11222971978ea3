// Many reads of one kind (an RFI's details, a meeting and its minutes) for a work panel: all asked for at once, at
// most `concurrency` in flight (a slot frees, the next goes), everything in the shared query cache, so the
// screens that show the same records open without reading them again.
//
// The answers are rendered in batches, not one render each: the answers that arrive within one animation frame
// make one update, and that update is rendered as a transition (React yields to the browser every few ms). Eighty
// answers arriving together used to make eighty synchronous renders of the panels, long tasks on a slow phone.
// The reads themselves start once the dashboard's first paint is on screen (`useWorkStarted`), so the project's
// heading is never held up by the panels' requests or their renders; and they are sent one per task (`inTurn`, the
// next one in the next task, a few ms later: all of them still in one round trip), because each fetch() costs the
// page 1-3 ms (more while DevTools or Lighthouse watch the network): 36 of them in one go made a long task.
import {
  createContext,
  startTransition,
  useContext,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  hashKey,
  QueriesObserver,
  useQuery,
  useQueryClient,
  type FetchQueryOptions,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { folderChildrenQuery } from '../../../api/queries/folders';

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

/**
 * Resolves in a task of its own, after the reads queued before it: one read is sent per task. A MessageChannel
 * message, not a timer, so the queue is not slowed to one read per 4 ms (timers nested deeply are).
 */
const queue: (() => void)[] = [];
let channel: MessageChannel | undefined;
export function inTurn(): Promise<void> {
  return new Promise((resolve) => {
    queue.push(resolve);
    if (queue.length > 1) return;
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => {
        queue.shift()?.();
        if (queue.length > 0) channel!.port2.postMessage(null);
      };
      // In Node (the unit tests) an open port would keep the process alive.
      (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
    }
    channel.port2.postMessage(null);
  });
}

/**
 * A panel's first read (a container's children), as `useQuery` — but sent from the queue above, in a task of its
 * own, once the work may start: enabled in the commit that starts the panels, the five panels' reads started
 * together (observers, retryers, five fetch() calls), one long task. Until the answer is in, the panel's
 * observer only watches (`enabled: false`: it shows the read's progress, error and data all the same); then it
 * is enabled, for the usual refetches (stale on mount, on focus). A failed read is shown (and retried by the
 * panel's own button), not sent again by the enabling.
 */
export function useReadInTurn<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  const queryClient = useQueryClient();
  const started = useWorkStarted();
  const state = queryClient.getQueryState(options.queryKey);
  const pending = state === undefined || (state.data === undefined && state.status !== 'error');
  const hash = hashKey(options.queryKey);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!started || !pending) return;
    let live = true;
    void inTurn().then(() => {
      if (live) void queryClient.prefetchQuery(latest.current as FetchQueryOptions<T, Error, T, K>);
    });
    return () => {
      live = false;
    };
  }, [started, pending, hash, queryClient]);
  return useQuery({ ...options, enabled: started && state?.data !== undefined });
}

/** How many reads `useReads` hands to its observer per task (see below). */
const ADMITTED_PER_TASK = 2;

export function useReads<T, K extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, Error, T, K>[],
  concurrency: number,
): Reads<T> {
  const queryClient = useQueryClient();
  const started = useWorkStarted();
  // What this render shows is what the cache holds (no observer needed for that).
  const states = options.map((o) => queryClient.getQueryState<T, Error>(o.queryKey));
  const answered = states.map((s) => s !== undefined && (s.data !== undefined || s.status === 'error'));
  // A read already answered stays enabled; of the others, the first `concurrency` are (the window slides as
  // answers come in: each batch of them re-renders this hook).
  let slots = concurrency;
  const queries = options.map((o, i) => {
    const enabled = answered[i] || (started && slots-- > 0);
    const { queryFn } = o;
    const sent =
      typeof queryFn === 'function'
        ? { ...o, queryFn: (context: Parameters<typeof queryFn>[0]) => inTurn().then(() => queryFn(context)) }
        : o;
    return queryClient.defaultQueryOptions({ ...sent, enabled } as QueryObserverOptions);
  });

  // The reads are handed to the observer (which subscribes to them and starts the enabled ones) a few per task,
  // in the same queue as the fetches: starting a query costs the page ~1 ms (its observer, timers, the retryer;
  // more while the page is traced), and 40 of them in one effect made one long task.
  const [observer] = useState(() => new QueriesObserver<QueryObserverResult<T, Error>[]>(queryClient, []));
  const [admitted] = useState(() => ({ count: 0 }));
  useEffect(() => {
    let cancelled = false;
    const admit = () => {
      if (cancelled) return;
      admitted.count = Math.min(queries.length, admitted.count + ADMITTED_PER_TASK);
      observer.setQueries(queries.slice(0, admitted.count));
      if (admitted.count < queries.length) void inTurn().then(admit);
    };
    observer.setQueries(queries.slice(0, admitted.count));
    if (admitted.count < queries.length) void inTurn().then(admit);
    return () => {
      cancelled = true;
    };
  });

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

  const failedAt = (i: number) => states[i]?.status === 'error';
  return {
    data: states.map((s) => s?.data),
    answered,
    settled: answered.filter(Boolean).length,
    failed: states.filter((s, i) => failedAt(i) && s?.data === undefined).length,
    error: states.find((_, i) => failedAt(i))?.error ?? null,
    retryFailed: () => {
      options.forEach((o, i) => {
        if (failedAt(i)) void queryClient.refetchQueries({ queryKey: o.queryKey, exact: true });
      });
    },
  };
}

/**
 * A panel's read of its container's children — the same key as the screen's own read, so opening it afterwards
 * costs nothing — taken in turn; its arrival is drawn as a transition (what it starts, dozens of reads, is a long
 * render otherwise).
 */
export function useContainerChildren(containerId: number) {
  return useDeferredValue(useReadInTurn(folderChildrenQuery(containerId)));
}
