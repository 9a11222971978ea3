// Which names carry secrets: one rule for the reference service, which masks their values before a request is
// stored in its request log (server/core/masking.ts), and for the console's request-log screen, which masks
// again what it shows, in case another service lets one through (docs/console-decisions.md "Request log").
//
// A name is compared normalized: lower case, with `-`, `_`, `.` and white space dropped, so `access_token`,
// `Access-Token`, `accessToken` and `ACCESS.TOKEN` are one name. It is a secret when it is one of SECRET_NAMES,
// or ends with one of SECRET_NAME_ENDINGS (`newPassword`, `client_secret`, `X-Auth-Token`, `x_api_key`,
// `authSessionKey`). Of the contract's own fields, exactly `password`, `authSessionKey` and `apiKey` match
// (tests/unit/contract-secrets.test.ts walks them all).

/** Secret names as written by clients; compared normalized (`normalizeName`). */
export const SECRET_NAMES: readonly string[] = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'secret',
  'client_secret',
  'password',
  'passwd',
  'pwd',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'api_key',
  'apiKey',
  'authSessionKey',
  'sessionKey',
  'ss-id',
  'ss-pid',
];

/** A normalized name ending with one of these is a secret too (`confirmPassword`, `x_csrf_token`, `appSecret`). */
export const SECRET_NAME_ENDINGS: readonly string[] = [
  'password',
  'passwd',
  'pwd',
  'token',
  'secret',
  'apikey',
  'sessionkey',
];

/**
 * Header names (lower case) whose values are secrets, besides headers named by the rule above and any header
 * named `*-token`, `*-key` or `*-secret` (`X-Csrf-Token`, `X-Client-Key`, `X-Webhook-Secret`).
 */
export const SECRET_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
  'x-session-key',
  'x-access-token',
  'x-auth-session-key',
];

/** A name as the rule compares it: lower case, without `-`, `_`, `.` and white space. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

const NAME_SET = new Set(SECRET_NAMES.map(normalizeName));
const HEADER_SET = new Set(SECRET_HEADERS);
const ENDING = new RegExp(`(?:${SECRET_NAME_ENDINGS.join('|')})$|passw(?:or)?d`);
const HEADER_ENDING = /[-_](?:token|key|secret)$/;

/** True for a parameter, property or cookie name whose value is a secret (any case, any separators). */
export function isSecretName(name: string): boolean {
  const n = normalizeName(name);
  return NAME_SET.has(n) || ENDING.test(n);
}

/** True for a header whose value is a secret: SECRET_HEADERS, `*-Token` / `*-Key` / `*-Secret`, or a secret name. */
export function isSecretHeader(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return HEADER_SET.has(lower) || HEADER_ENDING.test(lower) || isSecretName(lower);
}
