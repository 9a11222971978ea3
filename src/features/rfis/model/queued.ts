// An RFI as this browser will have it once the outbox has sent its changes: the service's record with the values
// of every change of it still waiting (or on its way), and which fields those are, so the screen shows the value
// queued, marked "waiting to send", until the service's reply replaces it (issue 34: a Room edited offline showed
// its old value with only a toast). A refused change or one that collided is not waiting: the record is shown as
// the service has it, and the screen says why.
import type { OpenIssue } from '../../../contract/dtos';

/** What this needs of an outbox entry (`OutboxEntry`). */
export interface QueuedChange {
  state: string;
  request: object;
}

export interface QueuedIssue {
  issue: OpenIssue;
  /** The fields of `issue` that come from a change not sent yet. */
  waiting: ReadonlySet<keyof OpenIssue>;
}

const NONE: ReadonlySet<keyof OpenIssue> = new Set();

/** Names the service fills in from an id: stale once the id changes, so they are dropped with it. */
const NAMED_BY: Partial<Record<keyof OpenIssue, Array<keyof OpenIssue>>> = {
  statusId: ['statusName'],
  issueTo: ['toName'],
  ccUserList: ['ccUserName'],
};

/** The RFI with the changes of `entries` (in the order they will be sent) that are waiting or being sent. */
export function withQueuedChanges(issue: OpenIssue, entries: QueuedChange[]): QueuedIssue {
  const waiting = new Set<keyof OpenIssue>();
  let shown = issue;
  for (const entry of entries) {
    if (entry.state !== 'pending' && entry.state !== 'sending') continue;
    const changes = (entry.request as { openIssue?: Partial<OpenIssue> }).openIssue;
    if (!changes) continue;
    const next: OpenIssue = { ...shown };
    for (const [key, value] of Object.entries(changes) as Array<[keyof OpenIssue, unknown]>) {
      if (key === 'folderId') continue;
      (next as Record<string, unknown>)[key] = value;
      waiting.add(key);
      for (const name of NAMED_BY[key] ?? []) delete next[name];
    }
    shown = next;
  }
  return waiting.size ? { issue: shown, waiting } : { issue, waiting: NONE };
}
