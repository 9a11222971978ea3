// What never leaves the service in clear: passwords, session keys, API keys, tokens, cookies, authorization.
// Which names and headers carry secrets is one rule, shared with the console (src/contract/secrets.ts): any case,
// any separators (`access_token`, `X-Auth-Token`, `newPassword`, `client_secret`, …). Masking works on what the
// service understood, not on the raw text: a parameter name is decoded (percent escapes, `+`, JSON `\u`
// escapes) before it is compared, whatever carried it (query string, form body, JSON body at any depth,
// `additionalInfo` pairs, headers). As a last guard, every value the service took for a secret is also scrubbed
// from each stored text, in the encodings it may appear in, and so is any value shaped like this install's
// session and API keys (`maskKeys`), whatever name carried it.
import { createHash } from 'node:crypto';
import { formatDateTime } from '../../src/contract/codecs';
import {
  isSecretHeader as isSecretHeaderName,
  isSecretName as isSecretNormalName,
} from '../../src/contract/secrets';

export const MASK = '***';

const isSecretHeader = (name: string) => isSecretHeaderName(decodeName(name));

/** Answers by name: the writer asks for every property and parameter name of every row, mostly the same few. */
const secretByName = new Map<string, boolean>();

export function isSecretName(name: string): boolean {
  let secret = secretByName.get(name);
  if (secret === undefined) {
    secret = isSecretNormalName(decodeName(name));
    if (name.length <= 100) {
      if (secretByName.size >= 10_000) secretByName.clear();
      secretByName.set(name, secret);
    }
  }
  return secret;
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
  if (key && isFilled(value) && isSecretName(key)) return MASK;
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

/**
 * What every secret name holds (src/contract/secrets.ts: each listed name, each ending, `passw(or)d`), perhaps
 * with separators between its letters (`pass_word`, `to-ken`): a name without one of these is no secret, and text
 * without one is stored as it is without a closer look.
 */
const SECRET_FRAGMENTS = ['pass', 'pwd', 'token', 'secret', 'key', 'ssid', 'sspid'];
const FRAGMENT = SECRET_FRAGMENTS.map((f) => [...f].join('[-_.\\s]*')).join('|');
const MAY_HOLD_SECRET = new RegExp(`${FRAGMENT}|\\\\u|%|propertyname`, 'i');

/**
 * `"name": value` in JSON, and in text that is not quite JSON: the name in double or single quotes or bare, the
 * value in quotes or bare (`{"authSessionKey": abc}`). Only names holding a fragment above are matched; whether
 * one is a secret is the shared rule's call (`isSecretName`). A value that opens an object or a list is left to
 * the caller (`nested`).
 */
const NAME_CHAR = `(?:[^"'\\\\\\n]|\\\\.)`;
const NAME_VALUE = new RegExp(
  `(?:(["'])(${NAME_CHAR}{0,200}?(?:${FRAGMENT})${NAME_CHAR}{0,200}?)\\1` +
    `|(?<![\\w$.-])((?=[A-Za-z_$])[\\w$.-]{0,200}?(?:${FRAGMENT})[\\w$.-]{0,200}?))` +
    `(\\s*:\\s*)(?!null\\b)("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|[[{]|[^\\s,}\\]&"'[{]+)`,
  'gi',
);

/** Masks `"password": "…"`-style pairs and `name=value` pairs (names decoded) in free text. */
export function maskText(text: string): string {
  return maskKeys(maskTextNames(text).text);
}

/** `maskText` by names only; `nested` when a secret name opens an object or a list (the text cannot mask it). */
function maskTextNames(text: string): { text: string; nested: boolean } {
  if (!MAY_HOLD_SECRET.test(text)) return { text, nested: false };
  let nested = false;
  const out = text
    .replace(
      NAME_VALUE,
      (
        whole,
        quote: string | undefined,
        quoted: string | undefined,
        bare: string | undefined,
        colon: string,
        value: string,
      ) => {
        const name = quoted ?? bare ?? '';
        if (!isSecretName(name)) return whole;
        if (value === '{' || value === '[') {
          nested = true;
          return whole;
        }
        return `${quote ? `${quote}${quoted}${quote}` : bare}${colon}"${MASK}"`;
      },
    )
    // A name starts the text or follows a separator, so the scan stays linear on long runs without one.
    .replace(/(^|[&?;\s])([^\s&?=;,"'{}]+)=([^&\s"'#]*)/g, (whole, before: string, name: string) =>
      isSecretName(name) ? `${before}${name}=${MASK}` : whole,
    );
  return { text: out, nested };
}

/**
 * A value shaped like this install's session and API keys (`randomKey`: 24 random bytes in base64url, 32
 * characters), bounded by characters base64url does not use. A run with no upper-case or no lower-case letter
 * (`sess-<16 hex>` log ids, hashes, numbers) or that reads as words joined by `-` or `_`, each a CamelCase
 * word, all capitals, all lower case or digits (`ProjectGetRequest…`, `LHP-MOB-22-site-walk`), is left: a random
 * key is one of those less than once in ten million (tests/service/masking-keys.test.ts).
 */
const KEY_LENGTH = 32;
const WORD = '(?:(?:[A-Z][a-z]{2,})+[0-9]*|[A-Z]+[0-9]*|[a-z]+[0-9]*|[0-9]+)';
const WORDS = new RegExp(`^${WORD}(?:[-_]+${WORD})*$`);

/** Base64url characters by char code (a table: `maskKeys` looks at every character of every stored text). */
const BASE64URL = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')
  BASE64URL[c.charCodeAt(0)] = 1;

function keyLike(run: string): boolean {
  return /[a-z]/.test(run) && /[A-Z]/.test(run) && !WORDS.test(run);
}

/** Text with every key-shaped value masked, whatever name or none carried it. */
export function maskKeys(text: string): string {
  const n = text.length;
  if (n < KEY_LENGTH) return text;
  let out: string | undefined;
  let copied = 0;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 0;
    if (c < 128 && BASE64URL[c] === 1) continue;
    if (i - start === KEY_LENGTH) {
      const run = text.slice(start, i);
      if (keyLike(run)) {
        out = (out ?? '') + text.slice(copied, start) + MASK;
        copied = i;
      }
    }
    start = i + 1;
  }
  return out === undefined ? text : out + text.slice(copied);
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
 * Each string of a JSON text, with what follows it when it is a property name: the colon and the value's first
 * token (a string, a number or literal, or the opening of an object or a list). One cheap pattern over valid
 * JSON, so every name is seen and no value is taken for one.
 */
const JSON_STRING_BODY = '[^"\\\\]*(?:\\\\.[^"\\\\]*)*';
const JSON_PAIR = new RegExp(
  `"(${JSON_STRING_BODY})"(?:(\\s*:\\s*)("${JSON_STRING_BODY}"|[-+\\w.]+|[[{]))?`,
  'g',
);

/** A JSON property name as written (between its quotes), decoded. */
function jsonName(written: string): string {
  if (!written.includes('\\')) return written;
  try {
    return JSON.parse(`"${written}"`) as string;
  } catch {
    return written;
  }
}

/** Valid JSON text with the values of secret names masked; `nested` when one holds an object or a list. */
function maskJsonText(text: string): { text: string; nested: boolean } {
  let nested = false;
  const out = text.replace(JSON_PAIR, (whole, name: string, colon?: string, value?: string) => {
    if (colon === undefined || value === 'null' || !isSecretName(jsonName(name))) return whole;
    if (value === '{' || value === '[') {
      nested = true;
      return whole;
    }
    return `"${name}"${colon}"${MASK}"`;
  });
  return { text: out, nested };
}

/**
 * A request body the service parsed, for the log. A form body is masked pair by pair on decoded names; a JSON
 * body (valid: the service parsed it) name by name (`JSON_PAIR`), so it is stored as sent but for its secrets —
 * unless it may hold a secret the names as written cannot show (`\u` escapes, `additionalInfo` pairs, a secret
 * name holding an object or a list): then it is re-written from its parse with secrets masked. Key-shaped values
 * are masked either way. A body the service could not parse is never passed here (log-row.ts stores a note of
 * its type and size); text that is no JSON falls back to `maskText`.
 */
export function maskBody(raw: string, contentType?: string): string {
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return maskKeys(maskPairs(raw));
  if (!MAY_HOLD_SECRET.test(raw)) return maskKeys(raw);
  const masked = maskJsonText(raw);
  if (masked.nested || /\\u|propertyname/i.test(raw)) {
    try {
      return maskKeys(JSON.stringify(maskJson(JSON.parse(raw))));
    } catch {
      return maskText(raw);
    }
  }
  return maskKeys(masked.text);
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
/** The strings of a secret's value: the value itself, or every string in it at any depth (an object or a list). */
function addSecret(v: unknown, out: Set<string>, depth = 0): void {
  if (typeof v === 'string') {
    if (v.length >= 4) out.add(v);
  } else if (v && typeof v === 'object' && depth < 32) {
    for (const item of Object.values(v)) addSecret(item, out, depth + 1);
  }
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

/**
 * Text with every occurrence of each secret value, as written raw, percent-, form- or JSON-encoded, masked; and
 * every key-shaped value (`maskKeys`).
 */
export function scrub(text: string, secrets: Set<string>): string;
export function scrub(text: string | undefined, secrets: Set<string>): string | undefined;
export function scrub(text: string | undefined, secrets: Set<string>): string | undefined {
  if (text === undefined) return text;
  if (secrets.size === 0) return maskKeys(text);
  let out = text;
  for (const secret of secrets) {
    for (const form of encodings(secret)) {
      if (out.includes(form)) out = out.split(form).join(MASK);
    }
  }
  return maskKeys(out);
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
