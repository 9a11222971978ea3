// Which names carry secrets, for the request log. The reference service masks the values of these names before
// a request is stored; the console's request-log screen masks again what it shows, in case another service lets
// one through (docs/console-decisions.md "Request log").

/** Parameter names (lower case, compared after the binder's decoding) whose values the service masks. */
export const SECRET_NAMES: readonly string[] = [
  'password',
  'authsessionkey',
  'apikey',
  'sessionkey',
  'ss-id',
  'ss-pid',
  'secret',
  'token',
];

/** Header names (lower case) whose values the service masks (as well as headers named like SECRET_NAMES). */
export const SECRET_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-auth-session-key',
  'x-api-key',
];

/**
 * Further spellings the console also masks on screen. Its rule is broader than the service's: a name that
 * *contains* any secret name, header name or one of these, in any case (`newPassword`, `X-Session-Key`,
 * `refresh_token`), so a secret another service stored under a variant is still not shown.
 */
export const SECRET_NAME_VARIANTS: readonly string[] = ['passwd', 'api-key', 'session-key'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SECRET_PART = new RegExp(
  [...SECRET_NAMES, ...SECRET_HEADERS, ...SECRET_NAME_VARIANTS].map(escape).join('|'),
  'i',
);

/** The console's display rule: true for a key or header name that contains a secret name (any case). */
export function looksSecret(name: string): boolean {
  return SECRET_PART.test(name);
}
