// What the outbox holds: writes made while the service could not be reached, to be sent once, in order.
import type { QueryKey } from '@tanstack/react-query';
import type { OperationName } from '../../contract/operations';

export type OutboxKind = 'punch-create' | 'rfi-update' | 'submittal-update' | 'folder-update';

/**
 * pending: waits to be sent · sending: on its way (read as pending after a reload) · refused: the service said
 * no (400/403/…), its message kept · conflict: the record changed on the service since editing began.
 */
export type OutboxState = 'pending' | 'sending' | 'refused' | 'conflict';

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
