// "Something in this store changed", told to this tab's listeners at once and to the other tabs of this browser
// through a BroadcastChannel named after the store (each then reads the store again). The outbox and the saved
// views use one each.

type Listener = () => void;

export interface ChangeChannel {
  /** Tells this tab's listeners and the other tabs. */
  emit(): void;
  /** Calls `listener` on every change, here or in another tab; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
}

export function changeChannel(name: string): ChangeChannel {
  const listeners = new Set<Listener>();
  let channel: BroadcastChannel | undefined;
  try {
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(name);
      channel.onmessage = () => listeners.forEach((l) => l());
    }
  } catch {
    channel = undefined;
  }
  return {
    emit() {
      listeners.forEach((l) => l());
      try {
        channel?.postMessage('changed');
      } catch {
        // closed: other tabs catch up on their next change
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
