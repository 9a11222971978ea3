import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { sessionStore, type Session } from '../../api/session';

/**
 * Operation 1, then one request-log call with the new API key to learn whether the user is an admin
 * (200 → admin, 401/403 → staff; unknown if the probe fails otherwise). Stores the session on success.
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
  const isAdmin = await probeAdmin(reply.authSessionKey, reply.apiKey, signal);
  const session: Session = { sessionKey: reply.authSessionKey, apiKey: reply.apiKey, userName, isAdmin };
  sessionStore.set(session);
  return session;
}

async function probeAdmin(
  sessionKey: string,
  apiKey: string,
  signal?: AbortSignal,
): Promise<boolean | undefined> {
  try {
    await call('RequestLogs', { take: 1 }, { signal, credentials: { sessionKey, apiKey } });
    return true;
  } catch (e) {
    if (signal?.aborted) throw e;
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return false;
    return undefined;
  }
}
