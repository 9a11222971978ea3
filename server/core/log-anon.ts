// What an anonymous request (no valid session or API key) may cost the request log: at most ~2 KB a row, the
// indexes' copies included. Its facts are cut on the request path, before they wait for the writer, so an
// anonymous flood holds little memory either: the URL (path and query), the host, each header's value (the
// Referer, X-Forwarded-For and User-Agent among them) cut to a few hundred bytes with their original length noted,
// no body and no DTO, and an error reply past 512 bytes kept as a short preview. See docs/service.md, "Request log".
import { headerText, unparsedBody, type LogFacts } from './log-row';

/** UTF-8 bytes kept of an anonymous request's URL (path and query string). */
export const ANON_URL_MAX = 256;
/** UTF-8 bytes kept of its Host header. */
export const ANON_HOST_MAX = 96;
/** UTF-8 bytes kept of one header's value, and of all its headers' names and values together. */
export const ANON_HEADER_MAX = 96;
export const ANON_HEADERS_MAX = 768;
/** Headers kept at most (names past it are summed up in one entry). */
const ANON_HEADER_COUNT = 16;
/** An error reply longer than this (characters) is kept as a preview. */
const ANON_REPLY_MAX = 512;

/** `text` cut to at most `max` UTF-8 bytes, the cut noted with the original length: `abc…[6600 bytes]`. */
export function capBytes(text: string, max: number): string {
  // Every UTF-16 unit is at most 3 UTF-8 bytes: a text this short fits without counting.
  if (text.length * 3 <= max) return text;
  const total = Buffer.byteLength(text);
  if (total <= max) return text;
  const note = `…[${total} bytes]`;
  const room = Math.max(0, max - Buffer.byteLength(note));
  // Cut at a character boundary: decode the kept bytes and drop a partial last character.
  let kept = Buffer.from(text).subarray(0, room).toString('utf8');
  if (kept.endsWith('\uFFFD') && !text.startsWith(kept)) kept = kept.slice(0, -1);
  return kept + note;
}

/** Whether a request's facts are anonymous: no user was bound (no valid session, API key or sign-in). */
export const isAnonymous = (f: LogFacts): boolean => f[16] === null;

/** Cuts an anonymous request's facts down to what its row may keep (in place; returns them). */
export function cheapen(f: LogFacts): LogFacts {
  f[8] = capBytes(f[8], ANON_HOST_MAX);
  const url = capBytes(f[9], ANON_URL_MAX);
  // The parsed query only serves to find secrets to scrub; a cut URL keeps none of the rest anyway.
  if (url !== f[9]) f[12] = null;
  f[9] = url;
  // No body: a body the service could not parse is noted by its type and size, as any row notes it.
  if (f[13] && !f[14]) f[22] = unparsedBody(f[13], headerText(f[11]['content-type']));
  f[11] = cheapHeaders(f[11]);
  f[13] = null;
  f[14] = false;
  f[15] = undefined; // no DTO
  const json = f[20];
  if (json !== null && (f[21] ?? json.length) > ANON_REPLY_MAX) {
    f[20] = JSON.stringify({
      _truncated: true,
      _length: f[21] ?? json.length,
      _preview: capBytes(json, ANON_REPLY_MAX / 2),
    });
    f[21] = null;
  }
  return f;
}

function cheapHeaders(headers: LogFacts[11]): LogFacts[11] {
  const out: Record<string, string> = {};
  let bytes = 0;
  let count = 0;
  let left = 0;
  let leftBytes = 0;
  for (const name in headers) {
    const raw = headers[name];
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    if (typeof value !== 'string') continue; // never from Node's parser
    const key = capBytes(name, 48);
    const kept = capBytes(value, ANON_HEADER_MAX);
    const size = Buffer.byteLength(key) + Buffer.byteLength(kept);
    if (count >= ANON_HEADER_COUNT || bytes + size > ANON_HEADERS_MAX) {
      left++;
      leftBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      continue;
    }
    out[key] = kept;
    bytes += size;
    count++;
  }
  if (left) out['x-log-headers-not-kept'] = `${left} more headers, ${leftBytes} bytes`;
  return out;
}
