// The "sign in again" prompt that a 401 mid-work raises. The client (src/api) waits on `request` and repeats
// the failed calls once it resolves true; the dialog (ReauthDialog) settles it.
import { useSyncExternalStore } from 'react';
import type { ApiError } from '../../api/errors';
import { sessionStore } from '../../api/session';

/**
 * `expired`: the refused key had worked in this browser (`Session.confirmed`), so the session ran out; otherwise
 * the key never worked here (typed in, copied from elsewhere, left from another service) and the user is simply
 * not signed in — the service answers both with the same 401, so the console tells them apart itself.
 */
export type ReauthState =
  { open: false } | { open: true; userName?: string; reason: string; expired: boolean };

let state: ReauthState = { open: false };
let waiters: Array<(ok: boolean) => void> = [];
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const reauth = {
  request(error: ApiError): Promise<boolean> {
    if (!state.open) {
      const session = sessionStore.get();
      state = {
        open: true,
        userName: session?.userName,
        reason: error.message,
        expired: session?.confirmed === true,
      };
      emit();
    }
    return new Promise<boolean>((resolve) => waiters.push(resolve));
  },
  /** true: signed in again, repeat the calls; false: give up (they fail with their 401). */
  finish(ok: boolean): void {
    const settle = waiters;
    waiters = [];
    state = { open: false };
    emit();
    for (const w of settle) w(ok);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): ReauthState {
    return state;
  },
};

export function useReauthState(): ReauthState {
  return useSyncExternalStore(reauth.subscribe, reauth.get, reauth.get);
}
