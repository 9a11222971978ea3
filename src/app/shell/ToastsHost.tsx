// Loads the toasts' container (Toasts) once the signed-in shell has rendered and the page is idle (at most a second
// later), so it is neither on the shell's own download nor in the way of the first screen's code and data. A toast
// asked for before then waits for it (the store is in the entry). If that download fails (offline), the next change
// of the toasts (one more asked for) tries again.
import { useEffect, useState, type ComponentType } from 'react';
import { useNotifications } from '@mantine/notifications';
import { retryableImport } from '../../ui/retryableImport';
import { whenIdle } from './idle';

const loadToasts = retryableImport(() => import('./Toasts'));

export function ToastsHost() {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const list = useNotifications().notifications;

  useEffect(() => {
    if (!failed) return;
    setFailed(false);
    setAttempt((a) => a + 1);
    // Only a change of the toasts (not the failure itself) starts the next attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);

  useEffect(() => {
    let current = true;
    const load = () => {
      loadToasts()
        .then((m) => current && setLoaded(() => m.Toasts))
        .catch(() => current && setFailed(true));
    };
    const cancel = attempt === 0 ? whenIdle(load) : (load(), undefined);
    return () => {
      current = false;
      cancel?.();
    };
  }, [attempt]);

  return Loaded ? <Loaded /> : null;
}
