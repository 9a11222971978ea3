// Wire rules (docs/service.md, "Routes and wire"): body parsing, format negotiation, JSONP, the JSON writer and the error body.
import { encode, fieldIndex, type FieldError } from '../../src/contract/codecs';
import type { OperationDef } from '../../src/contract/operations';
import { ServiceError } from '../handler';

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
  /** What goes on the wire (JSON, or JSONP around it). */
  text: string;
  json: string;
}

export function writeJson(json: string, callback: string | undefined): Written {
  return callback
    ? { contentType: 'text/javascript; charset=utf-8', text: `${callback}(${json})`, json }
    : { contentType: 'application/json; charset=utf-8', text: json, json };
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
