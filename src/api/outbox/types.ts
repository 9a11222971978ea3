// What the outbox holds: writes made while the service could not be reached, to be sent once, in order.
import type { QueryKey } from '@tanstack/react-query';
import type { OperationName } from '../../contract/operations';

export type OutboxKind = 'punch-create' | 'rfi-update' | 'submittal-update' | 'folder-update';

/**
 * pending: waits to be sent · sending: on its way (a mark that holds `SENDING_HOLDS_MS`: see `shownState`) ·
 * refused: the service said no (400/403/…), its message kept · conflict: the record changed on the service since
 * editing began.
 */
export type OutboxState = 'pending' | 'sending' | 'refused' | 'conflict';

/**
 * How long a `sending` mark holds: more than a sender can spend on one entry (its requests time out after 60 s, the
 * steps around them after 15 s each). A mark older than that was left by a page closed or reloaded mid-send.
 */
export const SENDING_HOLDS_MS = 180_000;

/**
 * The state as people see it: a `sending` mark left by a page that is gone reads as waiting (every sender sends
 * such an entry again, as any waiting one), not "Sending…" for ever.
 */
export function shownState(
  entry: Pick<OutboxEntry, 'state' | 'lastAttemptAt'>,
  now = Date.now(),
): OutboxState {
  return entry.state === 'sending' && now - (entry.lastAttemptAt ?? 0) >= SENDING_HOLDS_MS
    ? 'pending'
    : entry.state;
}

/** Form values by field (the feature's own shape); compared with JSON equality. */
export type FieldValues = Record<string, unknown>;

export interface OutboxEntry {
  /** IndexedDB key: `${scope}#${seq}` (seq zero-padded). */
  id: string;
  /** Whose entry: the service (baseUrl) and the user; nothing else sees or sends it. */
  scope: string;
  /** Order of sending (one counter per browser). */
  seq: number;
  kind: OutboxKind;
  /** The operation and the request as `call()` takes them. */
  operation: OperationName;
  request: object;
  /** For people: "RFI-014 · Status, Due date". */
  label: string;
  /** Where the record is opened (a route path without the base). */
  href: string;
  /** The record written (`rfi:12`, `folder:5`, `punch:40`): later entries of a refused or conflicted record wait. */
  record: string;
  state: OutboxState;
  /** The service's message (refused), or why the last try failed. */
  message?: string;
  /** The service's field errors by property path (refused with a 400). */
  fieldErrors?: Record<string, string>;
  createdAt: number;
  attempts: number;
  lastAttemptAt?: number;
  /** Updates: the record's values when editing began, for the fields the form edits. */
  base?: FieldValues;
  /** Updates: the values sent (the same fields as `base`). */
  values?: FieldValues;
  /** Field → label for people (the both-versions view). */
  labels?: Record<string, string>;
  /** Set with state `conflict`: the fields changed by someone else and the record's values now. */
  conflict?: { fields: string[]; current: FieldValues; at: number };
  /** Query keys (prefixes) to invalidate after it was sent. */
  invalidates?: QueryKey[];
}

/** What `enqueue` takes: the rest is filled in. */
export type NewOutboxEntry = Omit<
  OutboxEntry,
  'id' | 'scope' | 'seq' | 'state' | 'createdAt' | 'attempts' | 'message' | 'conflict'
>;
