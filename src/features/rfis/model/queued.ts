// An RFI as this browser will have it once the outbox has sent its changes (`waitingValues`): the service's record
// with the values still waiting, and which fields those are, so the screen shows them marked "waiting to send"
// until the service's reply replaces them (issue 34).
import { waitingValues, type OutboxEntry } from '../../../api/outbox';
import type { OpenIssue } from '../../../contract/dtos';

export interface QueuedIssue {
  issue: OpenIssue;
  /** The fields of `issue` that come from a change not sent yet. */
  waiting: ReadonlySet<keyof OpenIssue>;
}

/** Names the service fills in from an id: stale once the id changes, so they are dropped with it. */
const NAMED_BY: Partial<Record<keyof OpenIssue, Array<keyof OpenIssue>>> = {
  statusId: ['statusName'],
  issueTo: ['toName'],
  ccUserList: ['ccUserName'],
};

/** The RFI with the changes of `entries` (the record's outbox entries, in order) that wait or are being sent. */
export function withQueuedChanges(
  issue: OpenIssue,
  entries: ReadonlyArray<Pick<OutboxEntry, 'state' | 'request'>>,
): QueuedIssue {
  const { values, fields } = waitingValues(entries, 'openIssue');
  const waiting = fields as ReadonlySet<keyof OpenIssue>;
  if (!waiting.size) return { issue, waiting };
  const shown: OpenIssue = { ...issue, ...(values as Partial<OpenIssue>) };
  for (const key of waiting) for (const name of NAMED_BY[key] ?? []) delete shown[name];
  return { issue: shown, waiting };
}
