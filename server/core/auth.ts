import { ServiceError, type User } from '../handler';
import { checkPassword } from '../passwords';
import type { Sessions } from './sessions';
import type { RequestOf, ResponseOf } from '../../src/contract/operations';
import { limitsFromEnv, retryAfterSeconds, SignInThrottle, VerifyGate, waitText } from './throttle';

const invalidCredentials = () =>
  new ServiceError(401, 'InvalidCredentials', 'Invalid user name or password.');

function tooManyAttempts(retryAfterMs: number): ServiceError {
  const seconds = retryAfterSeconds(retryAfterMs);
  return new ServiceError(
    429,
    'TooManyAttempts',
    `Too many failed sign-ins. Try again in ${waitText(seconds)}.`,
    [],
    undefined,
    { 'retry-after': String(seconds) },
  );
}

const BUSY_RETRY_SECONDS = 2;
const busy = () =>
  new ServiceError(
    503,
    'ServiceBusy',
    `The service is busy signing other users in. Try again in ${waitText(BUSY_RETRY_SECONDS)}.`,
    [],
    undefined,
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  );

// One throttle per service instance (its Sessions), so each app built in a process counts on its own, with its
// known pairs in the service's database; one gate per process, since the threadpool it protects is the process's.
const throttles = new WeakMap<Sessions, SignInThrottle>();
export function signInThrottle(sessions: Sessions): SignInThrottle {
  let throttle = throttles.get(sessions);
  if (!throttle) {
    throttle = new SignInThrottle(limitsFromEnv(), sessions.db);
    throttles.set(sessions, throttle);
  }
  return throttle;
}
export const verifyGate = new VerifyGate();

/** Refusals held back at once, at most (beyond that they are sent at once: a timer each is cheap, not free). */
const MAX_HELD = 10_000;
let held = 0;

/** Sends a refusal after the throttle's hold for this address (0 within its burst). */
async function refuse(throttle: SignInThrottle, ip: string | undefined, error: ServiceError): Promise<never> {
  const holdMs = throttle.refusalHold(ip);
  if (holdMs > 0 && held < MAX_HELD) {
    held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, holdMs));
    } finally {
      held--;
    }
  }
  throw error;
}

/**
 * Operation 1. Order: missing fields (401, nothing counted); the throttle (429 without hashing); a turn at the
 * gate, in the known lane for a (name, address) pair that signed in before, else in the shared one (503 when the
 * lane's queue is full); the throttle again (it may have closed while waiting); exactly one scrypt
 * off the event loop whether the user exists, is disabled or not; then the failure is counted or the pair's
 * counter cleared. Refusals (429 / 503) go out at once, unless the address keeps sending past its burst of
 * refusals: then each is held back a second (`refusalHold`), which slows a client ignoring Retry-After.
 */
export async function signIn(
  request: RequestOf<'InternalUserAuthenticationRequest'>,
  sessions: Sessions,
  ip?: string,
): Promise<{ response: ResponseOf<'InternalUserAuthenticationRequest'>; user: User; sessionKey: string }> {
  const { userName, password } = request;
  if (!userName || !password) throw invalidCredentials();
  const throttle = signInThrottle(sessions);
  const known = throttle.isKnown(userName, ip);
  let verdict = throttle.check(userName, ip, Date.now(), known);
  if (verdict) return refuse(throttle, ip, tooManyAttempts(verdict.retryAfterMs));
  const turn = verifyGate.enter(known ? 'known' : 'shared');
  if (!turn) return refuse(throttle, ip, busy());
  const release = await turn;
  let ok: boolean;
  let found: ReturnType<Sessions['findForSignIn']>;
  try {
    verdict = throttle.check(userName, ip, Date.now(), known);
    if (verdict) throw tooManyAttempts(verdict.retryAfterMs);
    found = sessions.findForSignIn(userName.trim());
    ok = (await checkPassword(password, found?.passwordHash)) && found !== undefined;
  } finally {
    release();
  }
  if (!ok || !found) {
    throttle.failed(userName, ip);
    throw invalidCredentials();
  }
  throttle.succeeded(userName, ip);
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
