// Who saved a record last, and when: for the collision dialog ("someone else changed this RFI"), from the request
// log (admins only: operation 20 takes the admin's API key). The newest rows of the record's write operations,
// a few hundred per path — not its whole History: a write that collided is a recent one.
import { queryOptions } from '@tanstack/react-query';
import { buildHistory, historyPaths, type HistoryRecord } from './model';
import { historyKeys, readPage } from './queries';
import type { PageReply, PageRequest } from './read';

/** Rows read per path of the record's write operations. */
export const LAST_WRITE_ROWS = 200;

export interface LastWrite {
  /** The log's id of the request. */
  id: number;
  user?: string;
  date?: Date;
}

/**
 * The newest successful write to the record among the newest `LAST_WRITE_ROWS` rows of each of its write
 * operations' paths; null when none of them touched it.
 */
export async function findLastWrite(
  record: HistoryRecord,
  read: (request: PageRequest) => Promise<PageReply>,
): Promise<LastWrite | null> {
  const pages = await Promise.all(
    historyPaths(record.kind).map((pathInfo) => read({ pathInfo, take: LAST_WRITE_ROWS })),
  );
  const { entries } = buildHistory(
    pages.flatMap((p) => p.rows),
    record,
  );
  const saved = entries.find((e) => !e.error);
  return saved ? { id: saved.id, user: saved.user, date: saved.date } : null;
}

/** Read when the dialog opens, never kept (the next collision is another write). */
export function lastWriteQuery(record: HistoryRecord) {
  return queryOptions({
    queryKey: historyKeys.lastWrite(record),
    queryFn: ({ signal }) => findLastWrite(record, (request) => readPage(request, signal)),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
