// The request-log row of an answered request, built from what the request path hands over (`LogFacts`: the raw
// request parts, as cheap to copy to another thread as they come) — masked, scrubbed of the secrets it carried,
// capped in bytes, under the operation's canonical path. Runs in the log's writer thread (log-writer.mjs loads
// it), or in the service's own thread for an in-memory database. See docs/service.md, "Request log".
// Free of Fastify and of the writer: the worker loads this module and what it imports (masking, wire, contract).
import { JSON_REPLY_PREFIX, operationNames, operations } from '../../src/contract/operations';
import {
  maskBody,
  maskedDtoJson,
  maskHeaders,
  maskJson,
  maskKeys,
  maskText,
  maskUrl,
  scrub,
  secretValues,
  sessionLogId,
} from './masking';
import type { LogRow } from './log-writer.mjs';
import { parseBody } from './wire';

/** Tracking switches as they were when the request was answered (bits of `LogFacts[2]`). */
export const TRACK_SESSION = 1;
export const TRACK_RESPONSE = 2;
export const TRACK_ERROR = 4;

/**
 * What the request path knows about an answered request, as handed to the writer thread: primitives, the header
 * and query objects as parsed, and the decoded DTO. The parsed body is not handed over: the row builder parses
 * the raw body again (`bodyParsed` says the request path parsed it), which is the same pure function.
 */
export type LogFacts = [
  dateMs: number,
  durationMs: number,
  tracking: number,
  /** The operation's name; null for a path that is no operation. */
  operation: string | null,
  /** The operation stores its request body and DTO (not sign-in). */
  logBody: boolean,
  /** The error's status; null when the request succeeded. */
  errorStatus: number | null,
  method: string,
  protocol: string,
  host: string,
  url: string,
  ip: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  /** The parsed query string; null when there was none. */
  query: Record<string, unknown> | null,
  rawBody: string | null,
  bodyParsed: boolean,
  dto: unknown,
  userName: string | null,
  fullName: string | null,
  isAdmin: boolean,
  sessionKey: string | null,
  /** The reply's JSON (the error body when it failed); null when the row needs nothing of it (`forHandOff`). */
  json: string | null,
  /** The whole reply's length when `json` is only its beginning (a streamed reply); null otherwise. */
  jsonLength: number | null,
  /** What the row stores for a body that was not kept (an anonymous request's: log-anon.ts). */
  bodyNote?: string,
  /**
   * The user name a sign-in tried (trimmed, capped: log-record.ts), stored as `Items.userNameTried` so an admin
   * can see which account is being guessed; only for a failed sign-in, never its password.
   */
  signInName?: string,
];

/** A stored body or DTO longer than this (characters) is kept as a preview of this length, flagged truncated. */
export const LOG_TEXT_MAX = 16 * 1024;

/** Failures that come before the request is bound to a known user: their body and DTO are never stored. */
const REFUSED_BEFORE_BINDING = new Set([401, 405, 406, 413, 429]);

/**
 * The row of an answered request. What a request may cost the log is bounded: a request refused before it was
 * bound to a user stores no body, an operation that does not log its body (sign-in) never does; anything stored
 * is capped (a preview, its length and a flag in Items).
 */
export function logRow(f: LogFacts): LogRow {
  const [
    dateMs,
    durationMs,
    tracking,
    operation,
    logBody,
    errorStatus,
    method,
    protocol,
    host,
    url,
    ip,
    headers,
    rawQuery,
    rawBody,
    bodyParsed,
    dto,
    userName,
    fullName,
    isAdmin,
    sessionKey,
    json,
    jsonLength,
    bodyNote,
    signInName,
  ] = f;
  const failed = errorStatus !== null;
  const query = rawQuery ?? {};
  const contentType = headerText(headers['content-type']);
  const parsed = bodyParsed ? reparse(rawBody, contentType) : undefined;
  const keepBody = keepsBody(operation, logBody, errorStatus);
  const path = url.split('?')[0];
  const pathInfo = canonicalPath(path);
  // The reply's HTTP status, for the analytics page's breakdown (docs/analytics.md).
  const items: Record<string, string> = {
    ...(operation !== null && { operation }),
    statusCode: String(errorStatus ?? 200),
  };
  if (pathInfo !== path) items.rawPathInfo = path;
  if (signInName) items.userNameTried = signInName;
  const secrets = secretValues({ query, body: parsed?.body, headers });
  // A body the service could not parse is never stored as sent: masking works on the parse (unparsedBody).
  const requestBody =
    keepBody && rawBody
      ? capText(
          parsed ? scrub(maskBody(rawBody, contentType), secrets) : unparsedBody(rawBody, contentType),
          'requestBody',
          items,
          undefined,
          rawBody.length,
        )
      : keepBody
        ? bodyNote
        : undefined;
  const formData =
    keepBody && parsed?.formData && !items.requestBodyTruncated
      ? scrub(JSON.stringify(maskJson(parsed.formData)), secrets)
      : undefined;
  const absoluteUri = capText(scrub(`${protocol}://${host}${maskUrl(url)}`, secrets), 'absoluteUri', items)!;
  const requestDto = keepBody ? capJson(scrub(maskedDtoJson(dto), secrets), 'requestDto', items) : undefined;
  const referer = headerText(headers.referer);
  const storedHeaders = JSON.stringify(scrubValues(maskHeaders(headers), secrets));
  const storedFormData = capJson(formData, 'formData', items);
  const session =
    userName !== null && sessionKey !== null
      ? JSON.stringify({
          id: sessionLogId(sessionKey),
          userAuthId: userName,
          userAuthName: userName,
          displayName: fullName,
          roles: isAdmin ? ['Admin'] : ['Staff'],
        })
      : null;
  const responseJson =
    failed || json === null
      ? undefined
      : capJson(
          operation !== null && !logBody ? maskBody(json) : json,
          'responseDto',
          items,
          undefined,
          jsonLength ?? undefined,
        );
  const errorJson =
    failed && json !== null ? capJson(scrub(json, secrets), 'errorResponse', items) : undefined;
  return [
    dateMs,
    method,
    absoluteUri,
    pathInfo,
    requestBody ?? null,
    requestDto ?? null,
    userName,
    sessionKey !== null ? sessionLogId(sessionKey) : null,
    ip ?? null,
    headerText(headers['x-forwarded-for']) ?? null,
    referer === undefined ? null : maskText(scrub(referer, secrets)),
    storedHeaders,
    storedFormData ?? null,
    JSON.stringify(items),
    tracking & TRACK_SESSION ? session : null,
    tracking & TRACK_RESPONSE ? (responseJson ?? null) : null,
    tracking & TRACK_ERROR ? (errorJson ?? null) : null,
    failed ? 1 : 0,
    durationMs,
    // No valid session or API key: the row counts against the anonymous share of retention.
    userName === null ? 1 : 0,
  ];
}

/**
 * Sets the tracking switches of `facts` and drops what its row will not use, so it is not copied to the writer:
 * the reply's text when the row stores no reply — unless its length is noted in Items (a reply over the cap) or
 * masking could change that length (an operation that does not log its body, sign-in) — and the DTO when the
 * row stores no body.
 */
export function forHandOff(facts: LogFacts, tracking: number): LogFacts {
  facts[2] = tracking;
  const [, , , operation, logBody, errorStatus] = facts;
  const failed = errorStatus !== null;
  const stored = tracking & (failed ? TRACK_ERROR : TRACK_RESPONSE);
  const masked = operation !== null && !logBody && !failed;
  if (!stored && !masked && facts[20] !== null && (facts[21] ?? facts[20].length) <= LOG_TEXT_MAX)
    facts[20] = null;
  if (!keepsBody(operation, logBody, errorStatus)) facts[15] = undefined;
  return facts;
}

/** Whether a row stores the request's body and DTO. */
const keepsBody = (operation: string | null, logBody: boolean, errorStatus: number | null) =>
  operation !== null && logBody && !(errorStatus !== null && REFUSED_BEFORE_BINDING.has(errorStatus));

/**
 * Rows built lately, by the request they came from (`sameRequestKey`). A row is a pure function of its facts
 * but for the date and the duration, and clients repeat themselves — a console polling its reads, a script, a
 * load test — so a repeated request's row is the earlier one with its own date and duration: ~2 µs instead of
 * ~7 (parsing the body again, collecting the secrets, masking and scrubbing every text, five JSON texts).
 * Bounded: emptied at MEMO_ROWS rows, and a request whose key is over MEMO_KEY_MAX characters is not kept.
 */
const memo = new Map<string, LogRow>();
const MEMO_ROWS = 1000;
const MEMO_KEY_MAX = 8 * 1024;
/** Where the date and the duration are in a row (the INSERT's order, log-writer.mjs). */
const ROW_DATE = 0;
const ROW_DURATION = 18;

/**
 * Every fact the row is built from but the date and the duration, as one text: the same key, the same row. The
 * DTO is in it as JSON sees it, as `maskedDtoJson` does (it is decoded from the URL and body anyway); undefined
 * (no DTO) is told apart from null. Undefined when the facts do not make a JSON text (never expected).
 */
export function sameRequestKey(f: LogFacts): string | undefined {
  try {
    return JSON.stringify([
      f[2],
      f[3],
      f[4],
      f[5],
      f[6],
      f[7],
      f[8],
      f[9],
      f[10] ?? null,
      f[11],
      f[12],
      f[13],
      f[14],
      f[15] === undefined ? 0 : [f[15]],
      f[16],
      f[17],
      f[18],
      f[19],
      f[20],
      f[21],
      f[22] ?? null,
      f[23] ?? null,
    ]);
  } catch {
    return undefined;
  }
}

/** The row of `f`, from the memo when the same request was logged lately. */
export function memoRow(f: LogFacts): LogRow {
  const key = sameRequestKey(f);
  if (key === undefined || key.length > MEMO_KEY_MAX) return logRow(f);
  const known = memo.get(key);
  if (known) {
    const row = known.slice();
    row[ROW_DATE] = f[0];
    row[ROW_DURATION] = f[1];
    return row;
  }
  const row = logRow(f);
  if (memo.size >= MEMO_ROWS) memo.clear();
  memo.set(key, row);
  return row;
}

/** Rows of a batch of facts; a request whose row cannot be built is left out and reported (a bug, never expected). */
export function rowsOf(batch: LogFacts[]): LogRow[] {
  const rows: LogRow[] = [];
  for (const facts of batch) {
    try {
      rows.push(memoRow(facts));
    } catch (e) {
      console.error('request log: a row could not be built', e);
    }
  }
  return rows;
}

/** The body as the request path parsed it (the same pure function; it succeeded there). */
function reparse(raw: string | null, contentType: string | undefined) {
  try {
    return parseBody(raw ?? undefined, contentType);
  } catch {
    return undefined;
  }
}

/**
 * What the log keeps of a body the service could not parse (not JSON, whatever its declared type, nor a form:
 * XML, multipart, malformed or cut-off JSON): its media type and size in UTF-8 bytes, never its text — names and
 * values cannot be told apart in it, so no masking could be trusted. `[unparsed application/xml body, 120
 * bytes]`; a media type that is not one (`a/b` of token characters), or holds a key-shaped value, is left out.
 */
export function unparsedBody(raw: string, contentType: string | undefined): string {
  const type = contentType?.split(';')[0].trim() ?? '';
  const shown =
    /^[\w.+-]{1,60}\/[\w.+-]{1,60}$/.test(type) && maskKeys(type) === type ? `${type.toLowerCase()} ` : '';
  return `[unparsed ${shown}body, ${Buffer.byteLength(raw, 'utf8')} bytes]`;
}

/** A header's value as one string (repeated headers joined). */
export function headerText(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
}

function scrubValues(record: Record<string, string>, secrets: Set<string>): Record<string, string> {
  if (secrets.size === 0) return record;
  for (const k of Object.keys(record)) record[k] = scrub(record[k], secrets);
  return record;
}

// ---- canonical paths: the log stores (and filters on) the operation's path as the contract declares it ----

const canonicalByLower = new Map<string, string>();
for (const name of operationNames) {
  canonicalByLower.set(operations[name].path.toLowerCase(), operations[name].path);
  canonicalByLower.set((JSON_REPLY_PREFIX + name).toLowerCase(), JSON_REPLY_PREFIX + name);
}

/**
 * The operation path a request path reached, as the contract writes it (`/API/Internal/Project/Get.json`,
 * `/api/internal/project/%67et/` → `/api/internal/project/get`); a path no operation answers is kept as sent.
 */
export function canonicalPath(path: string): string {
  let decoded = path;
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return path;
    }
  }
  const key = decoded
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\.json$/, '');
  return canonicalByLower.get(key) ?? path;
}

// ---- stored text is capped: a preview, its full length and a flag in Items ----

/** Text for the log, cut to LOG_TEXT_MAX with its length and a flag noted in `items` under `name`. */
export function capText(
  text: string | undefined,
  name: string,
  items: Record<string, string>,
  max = LOG_TEXT_MAX,
  /** The length to report (the raw text's, when `text` is its masked copy). */
  length = text?.length ?? 0,
): string | undefined {
  if (text === undefined || text.length <= max) return text;
  items[`${name}Length`] = String(length);
  items[`${name}Truncated`] = 'true';
  return text.slice(0, max);
}

/** JSON text for an object column of the log; past the cap, an object that says so and holds a preview. */
export function capJson(
  json: string | undefined,
  name: string,
  items: Record<string, string>,
  max = LOG_TEXT_MAX,
  /** The whole text's length, when `json` is only its beginning (a streamed reply). */
  length = json?.length ?? 0,
): string | undefined {
  if (json === undefined || length <= max) return json;
  items[`${name}Length`] = String(length);
  items[`${name}Truncated`] = 'true';
  return JSON.stringify({ _truncated: true, _length: length, _preview: json.slice(0, max) });
}
