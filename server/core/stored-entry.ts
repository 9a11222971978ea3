// A request-log row as stored (`StoredEntry`, read as an array of COLUMNS by `stored`), what it costs a reply's
// byte budget, and its reply JSON written straight from the stored text (`entryJson`), or decoded (`toEntry`). The
// query that reads the rows is requestlog-query.ts. See docs/service.md, "Request log".
import { encode, formatTimeSpan, stringifyWire } from '../../src/contract/codecs';
import { RequestLogEntry as RequestLogEntrySchema, type RequestLogEntry } from '../../src/contract/dtos';
import type { Schema } from '../../src/contract/schema';

const parse = (s: string | null) => (s === null ? undefined : JSON.parse(s));

/** A request-log row as stored. */
export interface StoredEntry {
  id: number;
  date_ms: number;
  http_method: string;
  absolute_uri: string | null;
  path_info: string | null;
  request_body: string | null;
  request_dto: string | null;
  user_auth_id: string | null;
  session_id: string | null;
  ip_address: string | null;
  forwarded_for: string | null;
  referer: string | null;
  headers: string | null;
  form_data: string | null;
  items: string | null;
  session: string | null;
  response_dto: string | null;
  error_response: string | null;
  duration_ms: number;
}

/** The columns of a StoredEntry, in the order `stored` reads them. */
export const COLUMNS =
  'id, date_ms, http_method, absolute_uri, path_info, request_body, request_dto, user_auth_id, session_id, ' +
  'ip_address, forwarded_for, referer, headers, form_data, items, session, response_dto, error_response, duration_ms';

/** A raw row (the values of COLUMNS) as a StoredEntry. */
export function stored(v: unknown[]): StoredEntry {
  return {
    id: v[0],
    date_ms: v[1],
    http_method: v[2],
    absolute_uri: v[3],
    path_info: v[4],
    request_body: v[5],
    request_dto: v[6],
    user_auth_id: v[7],
    session_id: v[8],
    ip_address: v[9],
    forwarded_for: v[10],
    referer: v[11],
    headers: v[12],
    form_data: v[13],
    items: v[14],
    session: v[15],
    response_dto: v[16],
    error_response: v[17],
    duration_ms: v[18],
  } as StoredEntry;
}

/** What a row costs one reply's byte budget: its stored text, field by field. */
export function storedBytes(r: StoredEntry): number {
  // The row's text, field by field (Object.values over 10,000 rows cost ~50 ms a page).
  return (
    100 +
    r.http_method.length +
    (r.absolute_uri?.length ?? 0) +
    (r.path_info?.length ?? 0) +
    (r.request_body?.length ?? 0) +
    (r.request_dto?.length ?? 0) +
    (r.user_auth_id?.length ?? 0) +
    (r.session_id?.length ?? 0) +
    (r.ip_address?.length ?? 0) +
    (r.forwarded_for?.length ?? 0) +
    (r.referer?.length ?? 0) +
    (r.headers?.length ?? 0) +
    (r.form_data?.length ?? 0) +
    (r.items?.length ?? 0) +
    (r.session?.length ?? 0) +
    (r.response_dto?.length ?? 0) +
    (r.error_response?.length ?? 0)
  );
}

export function toEntry(r: StoredEntry): RequestLogEntry {
  return {
    id: r.id,
    dateTime: new Date(r.date_ms),
    httpMethod: r.http_method,
    absoluteUri: r.absolute_uri ?? undefined,
    pathInfo: r.path_info ?? undefined,
    requestBody: r.request_body ?? undefined,
    requestDto: parse(r.request_dto),
    userAuthId: r.user_auth_id ?? undefined,
    sessionId: r.session_id ?? undefined,
    ipAddress: r.ip_address ?? undefined,
    forwardedFor: r.forwarded_for ?? undefined,
    referer: r.referer ?? undefined,
    headers: parse(r.headers),
    formData: parse(r.form_data),
    items: parse(r.items),
    session: parse(r.session),
    responseDto: parse(r.response_dto),
    errorResponse: parse(r.error_response),
    requestDuration: r.duration_ms,
  };
}

/** A string as the wire writes it (stringifyWire: a "/Date(…)/" string has its slashes escaped). */
const wireString = (v: string) => (v.includes('/Date(') ? stringifyWire(v) : JSON.stringify(v));

/**
 * A stored JSON column as `stringifyWire(encode(schema, JSON.parse(text)))` writes it. The log stores what
 * JSON.stringify made, so the text is that already, unless it holds a null (encode leaves null properties out)
 * or a "/Date(…)/" string (escaped on the wire): those two go the long way.
 */
function jsonColumn(text: string, schema: Schema): string | undefined {
  if (!text.includes('null') && !text.includes('/Date(')) return text;
  const value = encode(schema, JSON.parse(text));
  return value === undefined ? undefined : stringifyWire(value);
}

const ENTRY = RequestLogEntrySchema.fields;

/** `,"name":"text"` of a text column, or '' for a null. */
const textField = (name: string, v: string | null) => (v === null ? '' : `,"${name}":${wireString(v)}`);

/** `,"name":<json>` of a JSON column, or '' for a null (or a value encode leaves out). */
function jsonField(name: keyof typeof ENTRY, v: string | null): string {
  const wire = v === null ? undefined : jsonColumn(v, ENTRY[name]);
  return wire === undefined ? '' : `,"${name}":${wire}`;
}

/**
 * One row of the reply of operation 20, written straight from the stored row: the same text as
 * `stringifyWire(encode(RequestLogEntry, toEntry(row)))` (tests/service pin it), without decoding and encoding
 * its JSON columns — most of the service's work for a page of 10,000 rows. The DateTime is written as
 * `stringifyWire(formatDateTime(…))` would (`"\/Date(ms-0000)\/"`), without the regular expression.
 */
export function entryJson(r: StoredEntry): string {
  return (
    `{"id":${r.id},"dateTime":"\\/Date(${Math.trunc(r.date_ms)}-0000)\\/","httpMethod":${wireString(r.http_method)}` +
    textField('absoluteUri', r.absolute_uri) +
    textField('pathInfo', r.path_info) +
    textField('requestBody', r.request_body) +
    jsonField('requestDto', r.request_dto) +
    textField('userAuthId', r.user_auth_id) +
    textField('sessionId', r.session_id) +
    textField('ipAddress', r.ip_address) +
    textField('forwardedFor', r.forwarded_for) +
    textField('referer', r.referer) +
    jsonField('headers', r.headers) +
    jsonField('formData', r.form_data) +
    jsonField('items', r.items) +
    jsonField('session', r.session) +
    jsonField('responseDto', r.response_dto) +
    jsonField('errorResponse', r.error_response) +
    `,"requestDuration":"${formatTimeSpan(r.duration_ms)}"}`
  );
}
