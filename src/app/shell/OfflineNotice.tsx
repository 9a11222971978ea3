// Says so while the browser is offline. Reads pause meanwhile (react-query's onlineManager) and carry on, with
// a refetch of what is shown, once the connection is back; saves fail at once with a message at the form.
import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      role="status"
      aria-live="polite"
      color="yellow"
      variant="light"
      title="You are offline"
      mb="md"
      className="pm-no-print"
    >
      The page shows what was loaded before. Pages you open load, and changes can be saved, once the
      connection is back.
    </Alert>
  );
}
