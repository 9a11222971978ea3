// Folder edits through the outbox: the entry an offline save becomes, and the re-read the sender compares with.
import { call } from '../../api/client';
import { requireFound } from '../../api/errors';
import type { NewOutboxEntry, OutboxKindHandler } from '../../api/outbox';
import { folderKeys } from '../../api/queries/folders';
import type { Folder } from '../../contract/dtos';
import { routes } from '../../routes/routes';
import { folderFormValues, type FolderFormValues } from './model/folderForm';
import type { FolderChanges } from './mutations';
import { documentKeys } from './queries';

const LABELS: Record<keyof FolderFormValues, string> = {
  folderName: 'Name',
  folderDescription: 'Description',
  folderSorting: 'Sorting',
};

export const folderRecord = (folderId: number) => `folder:${folderId}`;

export const folderOutbox: OutboxKindHandler = {
  read: async (entry) => {
    const { folder } = entry.request as { folder: { folderId: number } };
    const reply = await call('FolderGetRequest', { folderId: folder.folderId });
    return { ...folderFormValues(requireFound(reply.folder, `Folder ${folder.folderId}`)) };
  },
};

export function folderOutboxEntry(projectId: number, folder: Folder, changes: FolderChanges): NewOutboxEntry {
  const folderId = folder.folderId ?? 0;
  const keys = Object.keys(changes) as Array<keyof FolderFormValues>;
  const values: Record<string, unknown> = {};
  for (const k of keys) values[k] = String(changes[k] ?? '');
  return {
    kind: 'folder-update',
    operation: 'FolderUpdateRequest',
    request: { folder: { folderId, ...changes } },
    label: `Folder “${folder.folderName ?? folderId}” · ${keys.map((k) => LABELS[k]).join(', ')}`,
    href: routes.folderEdit.href(projectId, folderId),
    record: folderRecord(folderId),
    base: { ...folderFormValues(folder) },
    values,
    labels: LABELS,
    invalidates: [folderKeys.all, [...documentKeys.all, 'subFolders']],
  };
}
