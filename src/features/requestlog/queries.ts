// Reads of the request log (operation 20) and the tracking switch. The API key goes as a bearer token (client.ts).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type CallProgress, type Transport } from '../../api/client';
import { progressWriter, type ProgressWriter } from '../../api/queries/progress';
import type { RequestLogEntry } from '../../contract/dtos';
import { operations, type OperationName } from '../../contract/operations';
import { DEFAULT_TAKE, TRACKING_FLAGS, type Tracking } from '../../contract/requestLog';
import { toRequest, type LogQuery } from './model/query';

export const requestLogKeys = {
  all: ['requestlog'] as const,
  lists: () => [...requestLogKeys.all, 'list'] as const,
  list: (q: LogQuery) => [...requestLogKeys.lists(), q] as const,
  entry: (id: number) => [...requestLogKeys.all, 'entry', id] as const,
  tail: (q: LogQuery, afterId: number) => [...requestLogKeys.all, 'tail', q, afterId] as const,
};

export interface LogPage {
  rows: RequestLogEntry[];
  /** False while the reply is still arriving: `rows` are the ones in so far (newest first). */
  complete?: boolean;
  tracking?: Tracking;
  message?: string;
  /** The service stopped the reply at its byte bound: the next page starts at this id (BeforeId). */
  cutAt?: number;
}

function trackingOf(meta: Record<string, string> | undefined): Tracking | undefined {
  if (!meta) return undefined;
  const t = {} as Tracking;
  for (const k of TRACKING_FLAGS) {
    const v = Object.entries(meta).find(([name]) => name.toLowerCase() === k.toLowerCase())?.[1];
    if (v !== 'true' && v !== 'false') return undefined;
    t[k] = v === 'true';
  }
  return t;
}

function cutAt(meta: Record<string, string> | undefined): number | undefined {
  if (meta?.truncated !== 'true') return undefined;
  const next = Number(meta.nextBeforeId);
  return Number.isSafeInteger(next) && next > 0 ? next : undefined;
}

const isEntry = (r: unknown): r is RequestLogEntry => !!r && typeof r === 'object';

// The worker transport is loaded on first use (its own chunk; the worker is its own file).
const inWorker: Transport = async (...args) =>
  (await import('../../api/workerTransport')).workerTransport(...args);

/** Has a decode worker ready for the next large query (the screen calls it on mount and after each one). */
export function prewarmLogWorker(): void {
  void import('../../api/workerTransport').then((m) => m.prewarmDecodeWorker());
}

/**
 * One query of the log. With `partial`, the reply is read in a Web Worker as it arrives and the rows in so far
 * are handed over (a page of 10,000 rows shows its first ones at once; docs/performance.md, issue 19).
 */
async function fetchLog(
  request: Parameters<typeof call<'RequestLogs'>>[1],
  signal?: AbortSignal,
  partial?: ProgressWriter<LogPage>,
): Promise<LogPage> {
  const onProgress = partial
    ? ({ value }: CallProgress) => {
        const rows = ((value.results as unknown[] | undefined) ?? []).filter(isEntry);
        // Until the first rows are in, the page before stays on screen (keepPreviousData).
        if (rows.length) partial.push({ rows, complete: false });
      }
    : undefined;
  try {
    const reply = await call('RequestLogs', request, {
      signal,
      ...(partial ? { transport: inWorker, onProgress } : {}),
    });
    return {
      rows: (reply.results ?? []).filter(isEntry),
      tracking: trackingOf(reply.responseStatus?.meta),
      message: reply.responseStatus?.message,
      cutAt: cutAt(reply.responseStatus?.meta),
    } satisfies LogPage;
  } finally {
    partial?.stop();
    if (partial) prewarmLogWorker();
  }
}

export function requestLogQuery(q: LogQuery) {
  return queryOptions({
    queryKey: requestLogKeys.list(q),
    queryFn: ({ signal, client, queryKey }) =>
      fetchLog(
        toRequest({ ...q, take: q.take ?? DEFAULT_TAKE }),
        signal,
        // A refetch of a page on screen keeps it until the new one is whole.
        client.getQueryData(queryKey) ? undefined : progressWriter<LogPage>(client, queryKey, signal),
      ),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    structuralSharing: false,
  });
}

/** One entry by id (a deep link to an entry that is not on the current page). */
export function requestLogEntryQuery(id: number) {
  return queryOptions({
    queryKey: requestLogKeys.entry(id),
    queryFn: async ({ signal }) => (await fetchLog({ ids: [id], take: 1 }, signal)).rows[0] ?? null,
    staleTime: 60_000,
  });
}

/** New rows for the live tail: the same filters, only ids above the newest one seen. */
export function requestLogTailQuery(filters: LogQuery, afterId: number, enabled: boolean) {
  return queryOptions({
    queryKey: requestLogKeys.tail(filters, afterId),
    queryFn: ({ signal }) => fetchLog(toRequest({ ...filters, afterId, take: 500 }), signal),
    enabled,
    refetchInterval: enabled ? 2_000 : false,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 10_000,
  });
}

/** Switches one tracking setting of the running service; the reply carries all three. */
export const setTrackingMutation = {
  mutationKey: [...requestLogKeys.all, 'tracking'] as const,
  mutationFn: async ({ key, value }: { key: keyof Tracking; value: boolean }) =>
    fetchLog({ [key]: value, take: 1 }),
  meta: { invalidates: [requestLogKeys.all] },
};

/** Replays a logged request: its DTO, with the current user's session key, to its operation. */
export async function replayRequest(operation: OperationName, dto: unknown): Promise<unknown> {
  const body: Record<string, unknown> =
    dto && typeof dto === 'object' && !Array.isArray(dto) ? { ...(dto as Record<string, unknown>) } : {};
  // The logged key is masked; the client puts the current one in.
  for (const k of Object.keys(body)) if (k.toLowerCase() === 'authsessionkey') delete body[k];
  return call(operation, body as never, { reauthenticate: true });
}

export function isKnownOperation(name: string | undefined): name is OperationName {
  return !!name && Object.prototype.hasOwnProperty.call(operations, name);
}
