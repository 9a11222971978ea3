// What never leaves the service in clear: passwords, session keys, API keys, cookies, authorization.
// Masking works on what the service understood, not on the raw text: a parameter name is decoded (percent
// escapes, `+`, JSON `\u` escapes) and lower-cased the way the binder does before it is compared, whatever
// carried it (query string, form body, JSON body, `additionalInfo` pairs, headers). As a last guard, every value
// the service took for a secret is also scrubbed from each stored text, in the encodings it may appear in.
import { createHash } from 'node:crypto';
import { formatDateTime } from '../../src/contract/codecs';
import { SECRET_HEADERS, SECRET_NAMES } from '../../src/contract/secrets';

export const MASK = '***';

/** Parameter names (lower case, as the binder compares them) whose values are secrets. */
const SECRET_NAME_SET = new Set(SECRET_NAMES);
const SECRET_HEADER_SET = new Set(SECRET_HEADERS);
const isSecretHeader = (name: string) => SECRET_HEADER_SET.has(name.toLowerCase());

export function isSecretName(name: string): boolean {
  return SECRET_NAME_SET.has(decodeName(name).trim().toLowerCase());
}

/** A parameter name as the service reads it: `+` is a space, percent escapes decoded (bad ones left as they are). */
function decodeName(name: string): string {
  if (!name.includes('%') && !name.includes('+')) return name;
  const plus = name.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

const isFilled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** `additionalInfo`-style pair whose name is a secret: `{propertyName: "password", propertyValue: "…"}`. */
function secretPairValueKey(o: Record<string, unknown>): string | undefined {
  let name: unknown;
  let valueKey: string | undefined;
  for (const k of Object.keys(o)) {
    const lower = k.toLowerCase();
    if (lower === 'propertyname') name = o[k];
    else if (lower === 'propertyvalue') valueKey = k;
  }
  return typeof name === 'string' && valueKey && isSecretName(name) ? valueKey : undefined;
}

/** A deep copy of a JSON value with secret-named properties (and secret `additionalInfo` pairs) masked. */
export function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const o = value as Record<string, unknown>;
    const pairValue = secretPairValueKey(o);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      out[k] = (k === pairValue || isSecretName(k)) && isFilled(v) ? MASK : maskJson(v);
    }
    return out;
  }
  return value;
}

/** JSON text of a decoded request for the log: secrets masked, dates in wire form; one pass. */
export function maskedDtoJson(dto: unknown): string | undefined {
  if (dto === undefined) return undefined;
  return JSON.stringify(dto, maskingReplacer);
}

/** The replacer of `maskedDtoJson` (one function, not a closure per call: it runs for every request). */
function maskingReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return formatDateTime(raw);
  if (key && isFilled(value) && typeof value !== 'object' && isSecretName(key)) return MASK;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const pairValue = secretPairValueKey(value as Record<string, unknown>);
    if (pairValue && isFilled((value as Record<string, unknown>)[pairValue])) {
      return { ...(value as Record<string, unknown>), [pairValue]: MASK };
    }
  }
  return value;
}

/** `name=value&…` text (a query string or a form body) with the values of secret names masked; raw otherwise. */
export function maskPairs(text: string): string {
  if (!text) return text;
  let changed = false;
  const parts = text.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || eq === pair.length - 1 || !isSecretName(name)) return pair;
    changed = true;
    return `${name}=${MASK}`;
  });
  return changed ? parts.join('&') : text;
}

/** A URL (path and query) with the query's secret values masked. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
  const masked = maskPairs(query);
  return masked === query ? url : url.slice(0, q + 1) + masked + (hash < 0 ? '' : url.slice(hash));
}

const MAY_HOLD_SECRET = /password|sessionkey|apikey|secret|token|\\u|%|propertyname/i;

/**
 * `"password": "…"` in JSON, and in text that is not quite JSON: the name in single quotes or none, the value in
 * single quotes or bare (`{"authSessionKey": abc}` is malformed, yet its body is logged).
 */
const SECRET_PAIR =
  /((["']?)(?:password|authSessionKey|apiKey|sessionKey|secret|token)\2\s*:\s*)(?!null\b)(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,}\]&"']+)/gi;

/** Masks `"password": "…"`-style pairs and `name=value` pairs (names decoded) in free text. */
export function maskText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  return (
    text
      .replace(SECRET_PAIR, `$1"${MASK}"`)
      // A name starts the text or follows a separator, so the scan stays linear on long runs without one.
      .replace(/(^|[&?;\s])([^\s&?=;,"'{}]+)=([^&\s"'#]*)/g, (whole, before: string, name: string) =>
        isSecretName(name) ? `${before}${name}=${MASK}` : whole,
      )
  );
}

export function maskHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(', ') : v;
    if (isSecretHeader(k) || isSecretName(k)) {
      const scheme = /^(Bearer|Basic)\s/i.exec(value)?.[1];
      out[k] = scheme ? `${scheme} ${MASK}` : MASK;
    } else out[k] = maskText(value);
  }
  return out;
}

/**
 * A request body for the log. A form body is masked pair by pair on decoded names; a JSON body that may hold a
 * secret the text pattern cannot see (escaped names, `additionalInfo` pairs) is re-written from its parse with
 * secrets masked; anything else by the text pattern.
 */
export function maskBody(raw: string, contentType?: string): string {
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) return maskPairs(raw);
  if (!MAY_HOLD_SECRET.test(raw)) return raw;
  if (/\\u|propertyname/i.test(raw)) {
    try {
      return JSON.stringify(maskJson(JSON.parse(raw)));
    } catch {
      // not JSON: the text pattern below
    }
  }
  return maskText(raw);
}

/**
 * The values the service took for secrets in a request: secret-named query and form parameters, JSON
 * properties (at any depth) and `additionalInfo` pairs, and secret headers. Values under 4 characters are left
 * to the name-based masking (scrubbing them from free text would mask ordinary words).
 */
export function secretValues(
  sources: { query?: Record<string, unknown>; body?: unknown; headers?: Record<string, unknown> },
  out = new Set<string>(),
): Set<string> {
  collectSecrets(sources.query, 0, out);
  collectSecrets(sources.body, 0, out);
  for (const [k, v] of Object.entries(sources.headers ?? {})) {
    if (!isSecretHeader(k) && !isSecretName(k)) continue;
    addSecret(v, out);
    if (typeof v === 'string') {
      const token = /^(?:Bearer|Basic)\s+(\S+)/i.exec(v)?.[1];
      if (token) addSecret(token, out);
    }
  }
  return out;
}

// Module functions, not closures per call: `secretValues` runs for every logged request.
function addSecret(v: unknown, out: Set<string>): void {
  if (typeof v === 'string' && v.length >= 4) out.add(v);
  else if (Array.isArray(v)) for (const item of v) addSecret(item, out);
}

function collectSecrets(value: unknown, depth: number, out: Set<string>): void {
  if (depth > 32 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectSecrets(v, depth + 1, out);
    return;
  }
  const o = value as Record<string, unknown>;
  const pairValue = secretPairValueKey(o);
  if (pairValue) addSecret(o[pairValue], out);
  for (const k in o) {
    if (!Object.prototype.hasOwnProperty.call(o, k)) continue;
    if (isSecretName(k)) addSecret(o[k], out);
    else collectSecrets(o[k], depth + 1, out);
  }
}

/** Text with every occurrence of each secret value, as written raw, percent-, form- or JSON-encoded, masked. */
export function scrub(text: string, secrets: Set<string>): string;
export function scrub(text: string | undefined, secrets: Set<string>): string | undefined;
export function scrub(text: string | undefined, secrets: Set<string>): string | undefined {
  if (text === undefined || secrets.size === 0) return text;
  let out = text;
  for (const secret of secrets) {
    for (const form of encodings(secret)) {
      if (out.includes(form)) out = out.split(form).join(MASK);
    }
  }
  return out;
}

/** Characters no encoding below changes: a secret made of them (a session or API key) is its only form. */
const SAME_IN_EVERY_ENCODING = /^[A-Za-z0-9_.*-]*$/;

function encodings(secret: string): string[] {
  if (SAME_IN_EVERY_ENCODING.test(secret)) return secret.length >= 4 ? [secret] : [];
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  forms.add(new URLSearchParams({ v: secret }).toString().slice(2));
  return [...forms].filter((f) => f.length >= 4);
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
