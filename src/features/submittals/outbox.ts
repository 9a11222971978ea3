// Submittal package edits through the outbox. No operation reads a package: the sender compares the one field
// the folder tree shows (the description is the folder's name); the rest cannot be checked before sending.
import { call } from '../../api/client';
import { requireFound } from '../../api/errors';
import type { NewOutboxEntry, OutboxKindHandler } from '../../api/outbox';
import { folderKeys } from '../../api/queries/folders';
import type { SubmittalPackage } from '../../contract/dtos';
import { routes } from '../../routes/routes';
import { FIELD_LABELS, type FormField } from './model';
import { sendSubmittalUpdate, submittalKeys } from './queries';

export const packageRecord = (packageId: number) => `package:${packageId}`;

export const submittalOutbox: OutboxKindHandler = {
  read: async (entry) => {
    const { submittal } = entry.request as { submittal: { folderId: number } };
    const reply = await call('FolderGetRequest', { folderId: submittal.folderId });
    return { description: requireFound(reply.folder, `Package ${submittal.folderId}`).folderName ?? '' };
  },
  send: async (entry) => {
    const { submittal } = entry.request as { submittal: Partial<SubmittalPackage> & { folderId: number } };
    await sendSubmittalUpdate(submittal.folderId, submittal);
  },
};

export function submittalOutboxEntry(a: {
  projectId: number;
  containerId: number;
  packageId: number;
  title: string;
  /** The package's description when editing began. */
  baseDescription: string;
  changes: Partial<SubmittalPackage>;
}): NewOutboxEntry {
  const fields = Object.keys(a.changes) as FormField[];
  return {
    kind: 'submittal-update',
    operation: 'SubmittalUpdateRequest',
    request: { submittal: { ...a.changes, folderId: a.packageId } },
    label: `${a.title} · ${fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')}`,
    href: routes.submittalPackage.href(a.projectId, a.containerId, a.packageId),
    record: packageRecord(a.packageId),
    base: { description: a.baseDescription },
    values: a.changes.description === undefined ? {} : { description: a.changes.description },
    labels: { description: FIELD_LABELS.description },
    invalidates: [
      submittalKeys.lastReply(a.packageId),
      folderKeys.detail(a.packageId),
      folderKeys.children(a.containerId),
    ],
  };
}
