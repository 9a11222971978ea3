// Wire rules (docs/service.md, "Routes and wire"): body parsing, format negotiation, JSONP, the JSON writer and the error body.
import { encode, fieldIndex, stringifyWire, type FieldError } from '../../src/contract/codecs';
import type { OperationDef } from '../../src/contract/operations';
import type { ListSchema } from '../../src/contract/schema';
import { RowStream, ServiceError } from '../handler';

export const BODY_LIMIT = 1024 * 1024;

/** Parses a request body (JSON object, form-urlencoded, or empty) into a plain object. */
export function parseBody(
  raw: string | undefined,
  contentType: string | undefined,
): { body: Record<string, unknown>; formData?: Record<string, string> } {
  if (raw === undefined || raw.trim() === '') return { body: {} };
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    const formData = Object.fromEntries(new URLSearchParams(raw));
    return { body: formData, formData };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new ServiceError(
      400,
      'SerializationException',
      'The request body is not valid JSON.',
      [],
      `Could not parse the request body as JSON: ${jsonSyntaxMessage(e)}`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ServiceError(400, 'SerializationException', 'The request body must be a JSON object.');
  }
  return { body: parsed as Record<string, unknown> };
}

/**
 * JSON.parse's message without the excerpt of the body V8 quotes in it (`Unexpected token 'S', ..."assword":
 * Sekrit-Pas"... is not valid JSON`): the body may hold a password or a session key, and the error reply is
 * kept in the request log.
 */
export function jsonSyntaxMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const position = /\bposition (\d+)/.exec(message)?.[1];
  if (/^Unexpected token/.test(message) || message.includes('"')) {
    return `Unexpected token in JSON${position ? ` at position ${position}` : ''}`;
  }
  return message;
}

/** Query-string values for the request: comma lists split where the field is a list. */
export function queryToRequest(
  op: OperationDef,
  query: Record<string, string | string[] | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = fieldIndex(op.request);
  for (const [k, v] of Object.entries(query)) {
    const key = fields.get(k.toLowerCase());
    if (!key || v === undefined) continue;
    const schema = op.request.fields[key];
    if (schema.kind === 'list') {
      out[key] = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== '');
    } else out[key] = Array.isArray(v) ? v[v.length - 1] : v;
  }
  return out;
}

/** Only JSON is served; `?format=xml` and the like are refused with 406. */
export function checkFormat(query: Record<string, unknown>): void {
  const format = query.format;
  if (typeof format === 'string' && format.toLowerCase() !== 'json') {
    throw new ServiceError(406, 'NotAcceptable', `The format '${format}' is not supported; use json.`);
  }
}

/** JSONP callback name, sanitised to [A-Za-z0-9._]; undefined when absent or empty after sanitising. */
export function callbackName(query: Record<string, unknown>): string | undefined {
  const raw = query.callback;
  if (typeof raw !== 'string') return undefined;
  const clean = raw.replace(/[^A-Za-z0-9._]/g, '');
  return clean || undefined;
}

export interface Written {
  contentType: string;
  /** What goes on the wire (JSON, or JSONP around it); '' for a streamed reply (written piece by piece). */
  text: string;
  /** The reply's JSON; of a streamed reply only its beginning (`length` is the whole reply's). */
  json: string;
  /** The length of the whole JSON when `json` is only its beginning. */
  length?: number;
}

export function writeJson(json: string, callback: string | undefined): Written {
  return callback
    ? { contentType: 'text/javascript; charset=utf-8', text: `${callback}(${json})`, json }
    : { contentType: 'application/json; charset=utf-8', text: json, json };
}

/** The RowStream of a payload (at most one list of a reply streams), or undefined. */
export function rowStreamOf(payload: Record<string, unknown>): RowStream | undefined {
  for (const key in payload) if (payload[key] instanceof RowStream) return payload[key];
  return undefined;
}

/** Rows encoded and written per piece: one `JSON.stringify` per batch, not per row. */
const ROWS_PER_PIECE = 256;

/**
 * The JSON of a reply, piece by piece: one piece for an ordinary payload (the text of `stringifyWire(encode(…))`);
 * for a payload with a RowStream, its other fields first (so a reader learns them before the rows), then the
 * list, a batch of rows per piece as they are read, then the stream's trailer fields. The same JSON value either
 * way: each row goes through the contract's `encode` and `stringifyWire` for the list's schema (or the stream's
 * own writer of that same text, RowStream.json).
 */
export function* wireTexts(op: OperationDef, payload: Record<string, unknown>): Generator<string, void> {
  const key = Object.keys(payload).find((k) => payload[k] instanceof RowStream);
  if (key === undefined) {
    yield stringifyWire(encode(op.response, payload));
    return;
  }
  const { [key]: list, ...head } = payload;
  const stream = list as RowStream;
  const field = op.response.fields[key];
  const schema: ListSchema = field?.kind === 'list' ? field : { kind: 'list', of: { kind: 'any' } };
  const headText = stringifyWire(encode(op.response, head));
  const name = JSON.stringify(key);
  let piece = headText === '{}' ? `{${name}:[` : `${headText.slice(0, -1)},${name}:[`;
  let batch: unknown[] = [];
  let first = true;
  const { json } = stream;
  const rows = () => {
    const text = json ? batch.map(json).join(',') : stringifyWire(encode(schema, batch)).slice(1, -1);
    const out = first ? text : `,${text}`;
    first = false;
    batch = [];
    return out;
  };
  for (const row of stream.rows) {
    batch.push(row);
    if (batch.length === ROWS_PER_PIECE) {
      yield piece + rows();
      piece = '';
    }
  }
  if (batch.length) piece += rows();
  const trailer = stream.trailer ? stringifyWire(encode(op.response, stream.trailer())) : '{}';
  yield `${piece}]${trailer === '{}' ? '}' : `,${trailer.slice(1)}`}`;
}

/**
 * Reads pieces of a reply until their text passes `budget` characters or the reply ends; `done` says it ended
 * (`json` is then the whole reply). An error of the handler's rows is thrown here, before anything is written.
 */
export function readUpTo(texts: Iterator<string>, budget: number): { json: string; done: boolean } {
  const parts: string[] = [];
  let length = 0;
  for (;;) {
    const next = texts.next();
    if (next.done) return { json: parts.join(''), done: true };
    parts.push(next.value);
    length += next.value.length;
    if (length > budget) return { json: parts.join(''), done: false };
  }
}

/** The error body of an operation: its response type with the error block filled in. */
export function errorBody(
  op: OperationDef | undefined,
  error: ServiceError,
  includeStack: boolean,
  stack?: string,
): Record<string, unknown> {
  const responseStatus = {
    errorCode: error.errorCode,
    message: error.message,
    stackTrace: includeStack ? stack : undefined,
    errors: error.fieldErrors.map((e: FieldError) => ({
      errorCode: e.errorCode,
      fieldName: e.fieldName,
      message: e.message,
    })),
  };
  if (op && !op.enveloped) return { responseStatus };
  const body = {
    uiErrorMessage: error.message,
    uiDevErrorMessage: error.devMessage ?? error.message,
    errorOccured: true,
    logMessageType: 'ERROR',
    responseStatus,
    numberOfRecordsEffected: 0,
  };
  return op ? (encode(op.response, body) as Record<string, unknown>) : body;
}
