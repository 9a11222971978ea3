// The one way out for every operation request (and every API path that is no operation): the reply — JSON or
// JSONP, an error as the operation's error body — and then the request-log row. See docs/service.md, "Errors".
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringifyWire } from '../../src/contract/codecs';
import type { OperationDef } from '../../src/contract/operations';
import type { RequestLog } from '../core/requestlog';
import { BODY_LIMIT, callbackName, errorBody, writeJson } from '../core/wire';
import { ServiceError } from '../handler';
import type { Who } from './exchange';
import { logRecord } from './log-record';

/** A reply written piece by piece (a RowStream's list): its first part, the rest, the row count when known. */
export interface StreamedReply {
  first: string;
  rest: Iterator<string>;
  count?: number;
}

/**
 * A reply's JSON text, a streamed reply, or what went wrong (a ServiceError, a Fastify client error, or a
 * bug: 500).
 */
export type Outcome = { json: string } | { stream: StreamedReply } | { error: unknown };

export type Respond = (
  request: FastifyRequest,
  reply: FastifyReply,
  op: OperationDef | undefined,
  outcome: Outcome,
  who?: Who,
) => void;

/** `respond` over this service's request log; `development` writes stack traces into error replies. */
export function responder(log: RequestLog, development: boolean): Respond {
  return (request, reply, op, outcome, who = {}) => {
    if ('stream' in outcome) return stream(request, reply, op, outcome.stream, who);
    let status = 200;
    let json: string;
    let error: ServiceError | undefined;
    if ('error' in outcome) {
      error = toServiceError(outcome.error, request);
      status = error.status;
      if (error.headers) reply.headers(error.headers);
      json = stringifyWire(errorBody(op, error, development, (outcome.error as Error)?.stack));
    } else json = outcome.json;

    // A URL the router could not decode has no parsed query.
    const written = writeJson(json, callbackName((request.query ?? {}) as Record<string, unknown>));
    reply.code(status).header('content-type', written.contentType).send(written.text);

    if (op && !op.logged) return;
    log.add(logRecord(request, op, written, error, who), error !== undefined);
  };

  /**
   * Writes a streamed reply to the socket as its pieces are made, in one synchronous pass (see RowStream), then
   * logs it with its beginning as the stored reply (the log keeps a capped preview anyway). Status and headers
   * are gone with the first piece: if the rows fail later, the connection is destroyed so the client sees a
   * truncated, invalid reply rather than a wrong one, and the failure is logged.
   */
  function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    op: OperationDef | undefined,
    streamed: StreamedReply,
    who: Who,
  ): void {
    const callback = callbackName((request.query ?? {}) as Record<string, unknown>);
    const { contentType } = writeJson('', callback);
    const headers: Record<string, string | number | string[] | undefined> = {
      ...reply.getHeaders(),
      'content-type': contentType,
    };
    if (streamed.count !== undefined) headers['x-total-count'] = String(streamed.count);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, headers);
    raw.write(callback ? `${callback}(${streamed.first}` : streamed.first);
    let length = streamed.first.length;
    let failure: unknown;
    try {
      for (let next = streamed.rest.next(); !next.done && !raw.destroyed; next = streamed.rest.next()) {
        raw.write(next.value);
        length += next.value.length;
      }
    } catch (e) {
      failure = e;
    } finally {
      // Closes the rows' statement when the client went away (or on failure).
      streamed.rest.return?.(undefined);
    }
    if (failure === undefined) {
      raw.end(callback ? ')' : '');
      if (op && !op.logged) return;
      const written = { contentType, text: '', json: streamed.first, length };
      log.add(logRecord(request, op, written, undefined, who), false);
      return;
    }
    // What was written goes out, then the connection closes without the end of the chunked body: the client sees
    // a truncated reply (a network error), never one that parses.
    const socket = raw.socket;
    if (socket) {
      socket.end();
      setTimeout(() => socket.destroy(), 10_000).unref();
    } else raw.destroy();
    console.error(
      `${request.method} ${request.url.split('?')[0]}: the reply failed after ${length} characters; the connection was closed.`,
    );
    const error = toServiceError(failure, request);
    if (op && !op.logged) return;
    const json = stringifyWire(errorBody(op, error, development, (failure as Error)?.stack));
    log.add(logRecord(request, op, { contentType, text: '', json }, error, who), true);
  }
}

function toServiceError(e: unknown, request: FastifyRequest): ServiceError {
  if (e instanceof ServiceError) return e;
  if (isFastifyClientError(e)) return fromFastifyError(e);
  request.log.error(e);
  console.error(e);
  return new ServiceError(500, 'InternalServerError', 'The service failed to process the request.');
}

function isFastifyClientError(e: unknown): e is { statusCode: number; code?: string; message: string } {
  const status = (e as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function fromFastifyError(e: { statusCode: number; code?: string; message: string }): ServiceError {
  if (e.statusCode === 413) {
    return new ServiceError(413, 'PayloadTooLarge', `The request body is larger than ${BODY_LIMIT} bytes.`);
  }
  return new ServiceError(e.statusCode, e.code ?? 'BadRequest', e.message);
}
