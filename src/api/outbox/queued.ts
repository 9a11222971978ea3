// What a record will be once the outbox has sent its changes: the values of its entries still waiting (or on
// their way), in the order they go, and which fields those are. The record's screen shows them over the
// service's values, marked "waiting to send", until the service's reply replaces them (issue 34: an RFI's Room
// edited offline showed its old value with only a toast). A refused change, or one that collided with someone
// else's, is not waiting: the screen shows the service's values and says why.
import type { OutboxEntry } from './types';

export interface WaitingValues {
  /** Field → the value queued last. */
  values: Record<string, unknown>;
  fields: ReadonlySet<string>;
}

const NONE: WaitingValues = { values: {}, fields: new Set() };

/**
 * The queued values of a record's entries (`useOutboxFor`): each entry's request holds the record's changes under
 * `requestKey` (`openIssue`, `folder`, `submittal`), beside its id (`folderId`, never a change).
 */
export function waitingValues(
  entries: ReadonlyArray<Pick<OutboxEntry, 'state' | 'request'>>,
  requestKey: string,
): WaitingValues {
  let out: WaitingValues | undefined;
  for (const entry of entries) {
    if (entry.state !== 'pending' && entry.state !== 'sending') continue;
    const changes = (entry.request as Record<string, unknown>)[requestKey];
    if (!changes || typeof changes !== 'object') continue;
    for (const [key, value] of Object.entries(changes)) {
      if (key === 'folderId') continue;
      out ??= { values: {}, fields: new Set() };
      out.values[key] = value;
      (out.fields as Set<string>).add(key);
    }
  }
  return out ?? NONE;
}
