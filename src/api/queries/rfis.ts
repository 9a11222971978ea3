// Query options for RFIs (open issues), shared by the RFI screens and the project dashboard's work panel, so a
// detail the dashboard read is the RFI list's cached row (same key) and the other way round.
import { queryOptions } from '@tanstack/react-query';
import { call } from '../client';
import { requireFound } from '../errors';

export const rfiKeys = {
  all: ['rfis'] as const,
  details: () => [...rfiKeys.all, 'detail'] as const,
  detail: (folderId: number) => [...rfiKeys.details(), folderId] as const,
  recipientLists: () => [...rfiKeys.all, 'recipients'] as const,
  recipients: (folderId: number) => [...rfiKeys.recipientLists(), folderId] as const,
};

/**
 * At most this many detail reads are in flight at once. A screen's data goes out in parallel
 * (docs/ARCHITECTURE.md, "Client conventions"), so a
 * list of up to this many RFIs is read in one wave after the list itself; the cap keeps a project with hundreds
 * of RFIs from queueing all of them at once (the browser sends 6 at a time per host over HTTP/1.1 anyway, all
 * of them over HTTP/2), so rows scrolled into view still jump the queue.
 */
export const DETAIL_CONCURRENCY = 48;

/** Details stay fresh for five minutes: the list loads them all once, reopening costs no request. */
export const RFI_STALE_MS = 5 * 60_000;

export function rfiQuery(folderId: number) {
  return queryOptions({
    queryKey: rfiKeys.detail(folderId),
    queryFn: async ({ signal }) => {
      const reply = await call('OpenIssueReadRequest', { folderId }, { signal });
      const openIssue = requireFound(reply.openIssue, `RFI ${folderId}`);
      return { openIssue, referencedDocuments: reply.referencedDocuments ?? [] };
    },
    staleTime: RFI_STALE_MS,
  });
}
