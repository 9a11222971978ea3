import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { sessionStore, type Session } from '../../api/session';
import { checkAdmin } from '../../session/adminCheck';

/**
 * Operation 1; the session is stored as soon as it is granted, then whether the user is an admin is asked
 * (`checkAdmin`: one request-log call with the new API key) before the caller moves on, so the first page
 * already shows the admin's links. A check cut off (the page left) or failed is asked again by the signed-in
 * shell until answered. Signing in again as the same user with the same API key (after an expiry) keeps the
 * answer and asks nothing.
 */
export async function signIn(userName: string, password: string, signal?: AbortSignal): Promise<Session> {
  const reply = await call('InternalUserAuthenticationRequest', { userName, password }, { signal });
  if (!reply.authSessionKey || !reply.apiKey) {
    throw new ApiError({
      status: 502,
      errorCode: 'InvalidResponse',
      message: 'The service accepted the sign-in but sent no session key.',
    });
  }
  const before = sessionStore.get();
  const known = before?.userName === userName && before.apiKey === reply.apiKey ? before.isAdmin : undefined;
  const session: Session = {
    sessionKey: reply.authSessionKey,
    apiKey: reply.apiKey,
    userName,
    isAdmin: known,
    confirmed: true,
  };
  sessionStore.set(session);
  if (session.isAdmin === undefined) {
    const isAdmin = await checkAdmin(session);
    if (signal?.aborted) throw signal.reason;
    return { ...session, isAdmin };
  }
  return session;
}
