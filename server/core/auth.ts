import { ServiceError, type User } from '../handler';
import { verifyPassword } from '../passwords';
import type { Sessions } from './sessions';
import type { RequestOf, ResponseOf } from '../../src/contract/operations';

// Verifying against a fixed hash when the user is unknown keeps the answer time the same either way.
const DUMMY_HASH =
  'scrypt$00000000000000000000000000000000$0000000000000000000000000000000000000000000000000000000000000000';

const invalidCredentials = () =>
  new ServiceError(401, 'InvalidCredentials', 'Invalid user name or password.');

export function signIn(
  request: RequestOf<'InternalUserAuthenticationRequest'>,
  sessions: Sessions,
): { response: ResponseOf<'InternalUserAuthenticationRequest'>; user: User; sessionKey: string } {
  const { userName, password } = request;
  if (!userName || !password) throw invalidCredentials();
  const found = sessions.findForSignIn(userName.trim());
  const ok = verifyPassword(password, found?.passwordHash ?? DUMMY_HASH) && found !== undefined;
  if (!ok) throw invalidCredentials();
  const sessionKey = sessions.create(found.user.id);
  return {
    response: { authSessionKey: sessionKey, apiKey: found.user.apiKey },
    user: found.user,
    sessionKey,
  };
}

/** The request log's caller: `Authorization: Bearer <APIKey>` of an admin. */
export function requireAdmin(authorization: string | undefined, sessions: Sessions): User {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!key) {
    throw new ServiceError(
      401,
      'Unauthorized',
      'The request log needs an admin API key (Authorization: Bearer).',
    );
  }
  const user = sessions.userByApiKey(key);
  if (!user) throw new ServiceError(401, 'Unauthorized', 'The API key is not valid.');
  if (!user.isAdmin) throw new ServiceError(403, 'Forbidden', 'Only admins may read the request log.');
  return user;
}
