// Submittal reads and the update. A package is a folder (kind `submittalPackage`) under the project's submittals
// container; its items are child folders (kind `submittalItem`) whose files come from operation 7. The package's
// own fields come only from operation 6's reply, kept per package (query cache + localStorage).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { folderChildrenQuery, folderKeys } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { sessionStore } from '../../api/session';
import { folderKind, type AppConfig } from '../../config/config';
import type { FolderKind } from '../../contract/codes';
import type { Folder, SubmittalPackage } from '../../contract/dtos';
import { loadLastReply, storeLastReply } from './lastReply';
import type { LastReply } from './model';

export const submittalKeys = {
  all: ['submittals'] as const,
  lastReplies: () => [...submittalKeys.all, 'lastReply'] as const,
  lastReply: (folderId: number) => [...submittalKeys.lastReplies(), folderId] as const,
  attachmentLists: () => [...submittalKeys.all, 'attachments'] as const,
  attachments: (itemFolderId: number) => [...submittalKeys.attachmentLists(), itemFolderId] as const,
  members: (projectId: number) => [...submittalKeys.all, 'members', projectId] as const,
};

/** The last reply of operation 6 for a package (no request: it is read from this device). */
export function lastReplyQuery(folderId: number) {
  return queryOptions({
    queryKey: submittalKeys.lastReply(folderId),
    queryFn: () => loadLastReply(sessionStore.get()?.userName, folderId) ?? null,
    staleTime: Infinity,
    networkMode: 'always',
  });
}

/** The files of one submittal item (operation 7). */
export function attachmentsQuery(itemFolderId: number) {
  return queryOptions({
    queryKey: submittalKeys.attachments(itemFolderId),
    queryFn: async ({ signal }) => {
      const reply = await call('SubmittalItemReadAttachmentsRequest', { folderId: itemFolderId }, { signal });
      return reply.attachmentList ?? [];
    },
    staleTime: 60_000,
  });
}

type KindOf = (folder: Folder) => FolderKind | undefined;

/** A folder's kind by its type code (config.json). */
export const kindOf =
  (config: AppConfig): KindOf =>
  (folder) =>
    folderKind(config, folder);

/** The submittal items among a package's children (the only folders operation 7 answers for). */
export function itemFolders(children: Folder[], config: AppConfig): Folder[] {
  const kind = kindOf(config);
  return children.filter((f) => f.folderId !== undefined && kind(f) === 'submittalItem');
}

/**
 * The project's people, for the contact pickers. The interface lists them only as an RFI's recipients
 * (operation 4), so the first RFI of the project is found through the folder tree (mostly cached already).
 */
export function projectMembersQuery(projectId: number, kindOf: KindOf) {
  return queryOptions({
    queryKey: submittalKeys.members(projectId),
    queryFn: async ({ client, signal }) => {
      const project = await client.ensureQueryData(projectQuery(projectId));
      if (project.rootFolderId === undefined) throw new Error('The project has no root folder.');
      const containers = await client.ensureQueryData(folderChildrenQuery(project.rootFolderId));
      const rfis = containers.find((f) => kindOf(f) === 'rfis');
      const rfi =
        rfis?.folderId === undefined
          ? undefined
          : (await client.ensureQueryData(folderChildrenQuery(rfis.folderId))).find(
              (f) => kindOf(f) === 'rfi',
            );
      if (rfi?.folderId === undefined) throw new Error('The project has no RFI to list its people by.');
      const reply = await call('OpenIssueReadRecipientsRequest', { folderId: rfi.folderId }, { signal });
      return reply.recipients ?? [];
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * Operation 6 with the changed fields, then the package folder read again; the reply is kept on this device
 * (the screen's only source of the package's fields). The outbox sends through it too.
 */
export async function sendSubmittalUpdate(folderId: number, changes: Partial<SubmittalPackage>) {
  const reply = await call('SubmittalUpdateRequest', { submittal: { ...changes, folderId } });
  const folder = await call('FolderGetRequest', { folderId })
    .then((r) => r.folder)
    .catch(() => undefined);
  let kept: LastReply | undefined;
  if (reply.submittal) {
    kept = {
      submittal: reply.submittal,
      savedAt: Date.now(),
      folderUpdatedMs: folder?.updatedDate?.getTime(),
    };
    storeLastReply(sessionStore.get()?.userName, folderId, kept);
  }
  return { reply, folder, kept };
}

/**
 * Sends the changed fields (operation 6), then reads the package folder once more, so the kept reply knows the
 * folder's `updatedDate` as of the save (a later one means someone changed the package since).
 */
export function useUpdateSubmittal(folderId: number, containerId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<SubmittalPackage>) => sendSubmittalUpdate(folderId, changes),
    onSuccess: ({ kept, folder }) => {
      if (kept) queryClient.setQueryData(submittalKeys.lastReply(folderId), kept);
      if (folder) queryClient.setQueryData(folderKeys.detail(folderId), folder);
    },
    meta: {
      // The description is the folder's name: lists of the container show it.
      invalidates: containerId === undefined ? [] : [folderKeys.children(containerId)],
    },
  });
}
