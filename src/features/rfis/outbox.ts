// RFI edits through the outbox: the entry an offline save becomes, and the re-read the sender compares with
// (the editor's values, so a field changed by someone else since editing began is a conflict).
import { call } from '../../api/client';
import { requireFound } from '../../api/errors';
import type { NewOutboxEntry, OutboxKindHandler } from '../../api/outbox';
import { folderKeys } from '../../api/queries/folders';
import { rfiKeys } from '../../api/queries/rfis';
import type { OpenIssue } from '../../contract/dtos';
import { routes } from '../../routes/routes';
import { EDITABLE_FIELDS, formValuesFrom, type RfiFormValues } from './model/editor';

export const rfiRecord = (rfiId: number) => `rfi:${rfiId}`;

export const rfiOutbox: OutboxKindHandler = {
  read: async (entry) => {
    const { openIssue } = entry.request as { openIssue: { folderId: number } };
    const reply = await call('OpenIssueReadRequest', { folderId: openIssue.folderId });
    return { ...formValuesFrom(requireFound(reply.openIssue, `RFI ${openIssue.folderId}`)) };
  },
};

export function rfiOutboxEntry(a: {
  projectId: number;
  containerId: number;
  rfiId: number;
  number: string;
  base: RfiFormValues;
  values: RfiFormValues;
  changes: Partial<OpenIssue>;
}): NewOutboxEntry {
  const keys = EDITABLE_FIELDS.filter((f) => f.key in a.changes);
  const values: Record<string, unknown> = {};
  for (const f of keys) values[f.key] = f.key === 'dueDate' ? a.changes.dueDate : a.values[f.key];
  return {
    kind: 'rfi-update',
    operation: 'OpenIssueUpdateRequest',
    request: { openIssue: { ...a.changes, folderId: a.rfiId } },
    label: `${a.number} · ${keys.map((f) => f.label).join(', ')}`,
    href: routes.rfi.href(a.projectId, a.containerId, a.rfiId),
    record: rfiRecord(a.rfiId),
    base: { ...a.base },
    values,
    labels: Object.fromEntries(EDITABLE_FIELDS.map((f) => [f.key, f.label])),
    invalidates: [rfiKeys.detail(a.rfiId), folderKeys.detail(a.rfiId), folderKeys.children(a.containerId)],
  };
}
