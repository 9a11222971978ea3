// Whether the signed-in user is an admin. The interface has no field or operation that says so; the request
// log (operation 20) answers only admins' API keys, so the console asks it for one row: 200 → admin, 401/403 →
// not (staff). Asked once per sign-in and shared by everyone who wants the answer; a check that gets no answer
// (the page left, the network or the service failed) is asked again — on the next page and after a backoff —
// until it is answered. The answer is kept in the session (`isAdmin`), so a reload does not ask again.
import { call } from '../api/client';
import { ApiError } from '../api/errors';
import { sessionStore, type Session } from '../api/session';

const asking = new Map<string, Promise<boolean | undefined>>();

/** Backoff between unanswered checks: 2 s, 4 s, 8 s … at most a minute. */
export const retryDelayMs = (attempt: number) => Math.min(60_000, 2_000 * 2 ** attempt);

async function ask(apiKey: string): Promise<boolean | undefined> {
  try {
    await call('RequestLogs', { take: 1 }, { credentials: { apiKey } });
    return true;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return false;
    return undefined;
  }
}

/**
 * Asks whether this session's user is an admin (one request at a time per session) and stores the answer in
 * the session while it is still the current one. Resolves undefined when no answer came.
 */
export function checkAdmin(session: Pick<Session, 'sessionKey' | 'apiKey'>): Promise<boolean | undefined> {
  const pending = asking.get(session.sessionKey);
  if (pending) return pending;
  const answer = ask(session.apiKey).then((isAdmin) => {
    asking.delete(session.sessionKey);
    const current = sessionStore.get();
    if (isAdmin !== undefined && current?.sessionKey === session.sessionKey && current.isAdmin !== isAdmin) {
      sessionStore.update({ isAdmin });
    }
    return isAdmin;
  });
  asking.set(session.sessionKey, answer);
  return answer;
}
