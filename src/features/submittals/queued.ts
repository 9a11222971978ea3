// A submittal package as this browser will have it once the outbox has sent its changes (`waitingValues`): the
// package as known with the values still waiting, which fields those are (shown marked "waiting to send" until the
// service's reply replaces them, issue 34), and the fields still not seen.
import { waitingValues, type OutboxEntry } from '../../api/outbox';
import type { SubmittalPackage } from '../../contract/dtos';
import { PERSON_NAMES, type FormField, type PersonField } from './model';

export interface QueuedPackage {
  pkg: SubmittalPackage;
  unseen: FormField[];
  waiting: ReadonlySet<FormField>;
}

export function withQueuedChanges(
  pkg: SubmittalPackage,
  unseen: readonly FormField[],
  entries: ReadonlyArray<Pick<OutboxEntry, 'state' | 'request'>>,
): QueuedPackage {
  const { values, fields } = waitingValues(entries, 'submittal');
  const waiting = fields as ReadonlySet<FormField>;
  if (!waiting.size) return { pkg, unseen: [...unseen], waiting };
  const shown: SubmittalPackage = { ...pkg, ...(values as Partial<SubmittalPackage>) };
  // The name the service sends beside a person id is stale once the id changes.
  for (const f of waiting) if (f in PERSON_NAMES) delete shown[PERSON_NAMES[f as PersonField]];
  return { pkg: shown, unseen: unseen.filter((f) => !waiting.has(f)), waiting };
}
