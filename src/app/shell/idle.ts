// The shell's parts that are not needed for the first screen wait for the page to be idle (toasts, the header's
// popover and dialog, the navigation behind a phone's burger): they come in a commit after the shell's first. The
// navigation, the popover and the dialog have their code in a chunk of their own (late.ts), asked for then, not
// on the first screen's way (their Floating UI, scroll area and modal were ~60% of the shell's chunk).
import { startTransition, useEffect, useState } from 'react';
import { retryableImport } from '../../ui/retryableImport';
import { whenIdle } from '../../ui/idle';

export { whenIdle };

type LateParts = typeof import('./late');
const loadLate = retryableImport(() => import('./late'));
let late: LateParts | undefined;
let loading: Promise<LateParts> | undefined;

/**
 * The shell's late parts (src/app/shell/late.ts): undefined on the first render; their code is asked for, and they
 * are rendered (as a transition), once the page has been idle after it: not on the first screen's way (asked for
 * right after the shell's first paint, it was still downloading with the screen's own code and data). Parts set
 * up by Mantine during their commit (Floating UI's references, portals, scroll areas) update their own state
 * there, and such an update makes React re-render synchronously within that commit; mounted with the shell, they
 * made its first commit one long task. A failed download (offline for a moment) is tried again 5 s later.
 */
export function useLateParts(): LateParts | undefined {
  const [parts, setParts] = useState(late);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (parts) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let idle = attempt > 0;
    let loaded: LateParts | undefined;
    const show = () => {
      if (current && idle && loaded) startTransition(() => setParts(loaded));
    };
    const load = () => {
      loading ??= loadLate().then(
        (m) => (late = m),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      loading.then(
        (m) => {
          loaded = m;
          show();
        },
        () => {
          if (current) retry = setTimeout(() => setAttempt((a) => a + 1), 5000);
        },
      );
    };
    const cancel = idle
      ? (load(), undefined)
      : whenIdle(() => {
          idle = true;
          load();
        });
    return () => {
      current = false;
      cancel?.();
      clearTimeout(retry);
    };
  }, [parts, attempt]);
  return parts;
}
