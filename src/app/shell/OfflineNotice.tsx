// Says so while the browser is offline ("You are offline"), and while the page shows records kept on this device
// (src/api/queryStore: offline, or the service could not be reached) "Offline — shown as of <time>", the time of
// the oldest data on the page. Pages opened before come from that copy; others say they need the network. Once
// the connection is back, what is shown is read again. Meanwhile a change goes to the outbox (one line, issue 34).
import { useCallback, useSyncExternalStore } from 'react';
import { Alert, Text } from '@mantine/core';
import { onlineManager, useQueryClient, type QueryCache } from '@tanstack/react-query';
import { restoredQueries } from '../../api/queryStore/persister';
import { formatDate } from '../../ui/format';

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * What the page shows (queries read by a mounted screen, not this device's own values): "r" when any of it came
 * from the store, then the time of the oldest of it ("" when nothing is shown). A string, so a change of
 * anything else does not re-render the notice.
 */
export function shownState(cache: QueryCache): string {
  let oldest = Infinity;
  let restored = false;
  for (const query of cache.getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
    if (query.options.networkMode === 'always') continue;
    if (restoredQueries.savedAt(query) !== undefined) restored = true;
    oldest = Math.min(oldest, query.state.dataUpdatedAt);
  }
  return `${restored ? 'r' : ''}:${Number.isFinite(oldest) && oldest > 0 ? oldest : ''}`;
}

function useShown(active: boolean): { restored: boolean; asOf?: number } {
  const cache = useQueryClient().getQueryCache();
  // Followed only while it matters (offline, or something restored): online the notice costs nothing.
  const subscribeShown = useCallback(
    (onChange: () => void) => (active ? cache.subscribe(() => onChange()) : () => undefined),
    [cache, active],
  );
  const state = useSyncExternalStore(
    subscribeShown,
    () => (active ? shownState(cache) : ':'),
    () => ':',
  );
  const [flag, time] = state.split(':');
  return { restored: flag === 'r', asOf: time ? Number(time) : undefined };
}

export function OfflineNotice() {
  const online = useOnline();
  const anyRestored = useSyncExternalStore(restoredQueries.subscribe, restoredQueries.any, () => false);
  const { restored, asOf } = useShown(!online || anyRestored);
  if (online && !restored) return null;
  const title =
    restored && asOf !== undefined
      ? `Offline — shown as of ${formatDate(new Date(asOf), true)}`
      : 'You are offline';
  // One line (issue 34: it took ~230 px of a phone's screen): what is shown, and where a change goes, in the
  // punch form's words. The longer story is in docs/offline.md.
  return (
    <Alert
      role="status"
      aria-live="polite"
      color="yellow"
      variant="light"
      py={6}
      px="sm"
      mb="md"
      className="pm-no-print"
    >
      <Text fz={{ base: 'xs', xs: 'sm' }} span fw={600}>
        {title}
      </Text>
      <Text fz={{ base: 'xs', xs: 'sm' }} span>
        {' '}
        — a change goes to the outbox
      </Text>
    </Alert>
  );
}
