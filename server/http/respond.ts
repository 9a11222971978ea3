// The one way out for every operation request (and every API path that is no operation): the reply — JSON or
// JSONP, an error as the operation's error body — and then the request-log row. See docs/service.md, "Errors".
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringifyWire } from '../../src/contract/codecs';
import type { OperationDef } from '../../src/contract/operations';
import type { RequestLog } from '../core/requestlog';
import { BODY_LIMIT, callbackName, errorBody, writeJson } from '../core/wire';
import { ServiceError } from '../handler';
import type { Who } from './exchange';
import { logFacts } from './log-record';

/** A reply's JSON text, or what went wrong (a ServiceError, a Fastify client error, or a bug: 500). */
export type Outcome = { json: string } | { error: unknown };

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
    log.add(logFacts(request, op, written, error, who));
  };
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
