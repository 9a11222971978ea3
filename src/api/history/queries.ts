// The History tab's query: the request log read with the admin's API key (operation 20, as the explorer reads it).
import { queryOptions } from '@tanstack/react-query';
import type { RequestLogEntry } from '../../contract/dtos';
import { call } from '../client';
import type { HistoryRecord } from './model';
import { oldestWhenTrimmed, readRecordHistory, type PageReply, type PageRequest } from './read';

export const historyKeys = {
  all: ['history'] as const,
  record: (r: HistoryRecord) => [...historyKeys.all, r.kind, r.id] as const,
  retention: () => [...historyKeys.all, 'retention'] as const,
  lastWrite: (r: HistoryRecord) => [...historyKeys.all, 'last-write', r.kind, r.id] as const,
};

export async function readPage(request: PageRequest, signal: AbortSignal): Promise<PageReply> {
  const reply = await call('RequestLogs', request, { signal });
  const meta = reply.responseStatus?.meta;
  const next = meta?.truncated === 'true' ? Number(meta.nextBeforeId) : undefined;
  return {
    rows: (reply.results ?? []).filter((r): r is RequestLogEntry => !!r && typeof r === 'object'),
    nextBeforeId: next !== undefined && Number.isSafeInteger(next) && next > 0 ? next : undefined,
  };
}

/** A record's History; read again whenever the tab is opened (the record may have changed meanwhile). */
export function recordHistoryQuery(record: HistoryRecord) {
  return queryOptions({
    queryKey: historyKeys.record(record),
    queryFn: ({ signal }) => readRecordHistory(record, (request) => readPage(request, signal)),
    staleTime: 0,
  });
}

/** Whether retention has deleted the log's first rows, and its oldest row: one answer for every record's tab. */
export function logRetentionQuery() {
  return queryOptions({
    queryKey: historyKeys.retention(),
    queryFn: ({ signal }) => oldestWhenTrimmed((request) => readPage(request, signal)),
    staleTime: 5 * 60_000,
  });
}
