// The outbox: writes made while the service could not be reached, kept in IndexedDB per user and sent once, in
// order, when the connection returns (docs/offline.md, "The outbox").
export type { FieldValues, NewOutboxEntry, OutboxEntry, OutboxKind, OutboxState } from './types';
export { SENDING_HOLDS_MS, shownState } from './types';
export {
  currentScope,
  enqueue,
  getEntry,
  list,
  remove,
  scopeOf,
  subscribeOutbox,
  update,
  wipeOutbox,
} from './store';
export { waitingValues, type WaitingValues } from './queued';
export { useOutbox, useOutboxCount, useOutboxFor, type OutboxSnapshot } from './useOutbox';
export {
  conflictingFields,
  sendOutbox,
  sendOutboxNow,
  startOutboxSender,
  type OutboxHandlers,
  type OutboxKindHandler,
  type SenderOptions,
} from './sender';
export { isOffline, isUnreachable, SAVED_TO_OUTBOX, useIsOnline } from './online';
