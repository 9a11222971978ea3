// The signed-in shell's side of the admin check (adminCheck.ts): apart from it, so the sign-in page's entry
// chunk carries only the check itself.
import { useEffect } from 'react';
import type { Session } from '../api/session';
import { checkAdmin, retryDelayMs } from './adminCheck';

/**
 * The signed-in shell's part: while the answer is unknown, asks now, again whenever `page` changes, and after
 * a growing pause when a check got no answer.
 */
export function useAdminCheck(session: Session | null, page: unknown): void {
  const unknownFor = session && session.isAdmin === undefined ? session : undefined;
  const sessionKey = unknownFor?.sessionKey;
  const apiKey = unknownFor?.apiKey;
  useEffect(() => {
    if (!sessionKey || !apiKey) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      void checkAdmin({ sessionKey, apiKey }).then((answer) => {
        if (live && answer === undefined) timer = setTimeout(() => attempt(n + 1), retryDelayMs(n));
      });
    };
    attempt(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sessionKey, apiKey, page]);
}
