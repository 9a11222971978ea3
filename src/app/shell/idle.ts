// The shell's parts that are not needed for the first screen wait for the page to be idle (toasts, the header's
// popover and dialog, the navigation behind a phone's burger): they come in a commit after the shell's first.
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../ui/idle';

export { whenIdle };

/**
 * False on the first render, true once the page has been idle after it. Parts set up by Mantine during their
 * commit (Floating UI's references, portals, scroll areas) update their own state there, and such an update
 * makes React re-render synchronously within that commit; mounted with the shell, they made its first commit one
 * long task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  // As a transition: rendered a few ms at a time (all of them at once: idle callbacks come in the same idle period).
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
