// What never leaves the service in clear: passwords, session keys, API keys, cookies, authorization.
import { createHash } from 'node:crypto';
import { formatDateTime } from '../../src/contract/codecs';

export const MASK = '***';

const SECRET_KEY = /^(password|authsessionkey|apikey|sessionkey|ss-id|ss-pid|secret|token)$/i;
const SECRET_HEADER = /^(authorization|cookie|set-cookie|x-auth-session-key|x-api-key|proxy-authorization)$/i;

/** A deep copy of a JSON value with secret-named properties masked. */
export function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEY.test(k) && v !== null && v !== undefined && v !== '' ? MASK : maskJson(v);
    }
    return out;
  }
  return value;
}

/** JSON text of a decoded request for the log: secrets masked, dates in wire form; one pass. */
export function maskedDtoJson(dto: unknown): string | undefined {
  if (dto === undefined) return undefined;
  return JSON.stringify(dto, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    if (raw instanceof Date) return formatDateTime(raw);
    if (key && SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '') return MASK;
    return value;
  });
}

const MAY_HOLD_SECRET = /password|sessionkey|apikey|secret|token|\\u/i;

/**
 * `"password": "…"` in JSON, and in text that is not quite JSON: the name in single quotes or none, the value in
 * single quotes or bare (`{"authSessionKey": abc}` is malformed, yet its body is logged).
 */
const SECRET_PAIR =
  /((["']?)(?:password|authSessionKey|apiKey|sessionKey|secret|token)\2\s*:\s*)(?!null\b)(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,}\]&"']+)/gi;

/** Masks `"password": "…"`-style pairs in raw request text, JSON or not. */
export function maskText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  return text
    .replace(SECRET_PAIR, `$1"${MASK}"`)
    .replace(/\b(password|authSessionKey|apiKey|sessionKey)=([^&\s]*)/gi, `$1=${MASK}`);
}

export function maskHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(', ') : v;
    if (SECRET_HEADER.test(k)) {
      const scheme = /^(Bearer|Basic)\s/i.exec(value)?.[1];
      out[k] = scheme ? `${scheme} ${MASK}` : MASK;
    } else out[k] = maskText(value);
  }
  return out;
}

/** A request body for the log: JSON re-written with secrets masked (whatever escapes its names use), else text. */
export function maskBody(raw: string): string {
  // Without \u escapes the names are written plainly, and the text pattern finds them all.
  if (!raw.includes('\\u')) return maskText(raw);
  try {
    return JSON.stringify(maskJson(JSON.parse(raw)));
  } catch {
    return maskText(raw);
  }
}

const logIds = new Map<string, string>();

/** The id the log keeps for a session: a short one-way hash, so the log never holds a usable key. */
export function sessionLogId(sessionKey: string): string {
  let id = logIds.get(sessionKey);
  if (!id) {
    if (logIds.size > 10_000) logIds.clear();
    id = 'sess-' + createHash('sha256').update(sessionKey).digest('hex').slice(0, 16);
    logIds.set(sessionKey, id);
  }
  return id;
}
