// When a write goes to the outbox instead of the service: the browser says it is offline (react-query's
// onlineManager), or the call failed without a reply.
import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from '../errors';

export const isOffline = (): boolean => !onlineManager.isOnline();

/** A failure that means "not reached" (the write may be kept and sent later), not "refused". */
export const isUnreachable = (e: unknown): boolean => e instanceof ApiError && e.isNetworkError;

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const online = () => onlineManager.isOnline();

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}

/** What a form says when its save went to the outbox. */
export const SAVED_TO_OUTBOX = 'Saved to the outbox: it will be sent when the connection is back.';
