// RFI reads and the update. An RFI is a folder (kind `rfi`) under the project's RFI container; its details come
// from OpenIssueReadRequest, the people it can go to from OpenIssueReadRecipientsRequest.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { requireFound } from '../../api/errors';
import { folderKeys } from '../../api/queries/folders';
import type { OpenIssue } from '../../contract/dtos';

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

export function rfiRecipientsQuery(folderId: number) {
  return queryOptions({
    queryKey: rfiKeys.recipients(folderId),
    queryFn: async ({ signal }) => {
      const reply = await call('OpenIssueReadRecipientsRequest', { folderId }, { signal });
      return reply.recipients ?? [];
    },
    staleTime: RFI_STALE_MS,
  });
}

/** Sends only the changed fields (the service changes the fields sent and nothing else). */
export function useUpdateRfi(folderId: number, containerId: number | undefined) {
  return useMutation({
    mutationFn: (changes: Partial<OpenIssue>) =>
      call('OpenIssueUpdateRequest', { openIssue: { ...changes, folderId } }),
    meta: {
      invalidates: [
        rfiKeys.detail(folderId),
        folderKeys.detail(folderId),
        ...(containerId === undefined ? [] : [folderKeys.children(containerId)]),
      ],
    },
  });
}
