// RFI reads and the update. An RFI is a folder (kind `rfi`) under the project's RFI container; its details come
// from OpenIssueReadRequest, the people it can go to from OpenIssueReadRecipientsRequest.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { folderKeys } from '../../api/queries/folders';
import { RFI_STALE_MS, rfiKeys } from '../../api/queries/rfis';
import type { OpenIssue } from '../../contract/dtos';

// The detail read moved down to src/api/queries/rfis.ts (the dashboard reads it too); same keys, one cache.
export { DETAIL_CONCURRENCY, RFI_STALE_MS, rfiKeys, rfiQuery } from '../../api/queries/rfis';

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
