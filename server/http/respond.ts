// The one way out for every operation request (and every API path that is no operation): the reply — JSON or
// JSONP, an error as the operation's error body — and then the request-log row. See docs/service.md, "Errors".
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { stringifyWire } from '../../src/contract/codecs';
import type { OperationDef } from '../../src/contract/operations';
import type { RequestLog } from '../core/requestlog';
import { BODY_LIMIT, callbackName, errorBody, writeJson } from '../core/wire';
import { ServiceError } from '../handler';
import type { Who } from './exchange';
import { sendText } from './compress';
import { logFacts } from './log-record';

/** A reply written piece by piece (a RowStream's list): its first part, the rest, and the RowStream's options. */
export interface StreamedReply {
  first: string;
  rest: Iterator<string>;
  count?: number;
  /** The writer may let other requests run between pieces (RowStream.pausable). */
  pausable?: boolean;
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
    if (op && !op.logged) return sendText(request, reply, status, written.contentType, written.text);
    // An authenticated write is answered once its log row is committed; anything else at once.
    const committed = log.record(op, logFacts(request, op, written, error, who));
    if (committed)
      void committed.then(() => sendText(request, reply, status, written.contentType, written.text));
    else sendText(request, reply, status, written.contentType, written.text);
  };

  /**
   * Writes a streamed reply to the socket as its pieces are made, then logs it with its beginning as the stored
   * reply (the log keeps a capped preview anyway). A pausable stream lets other requests run between pieces
   * (about every 10 ms of work) and waits while the client reads slowly; any other is written in one synchronous
   * pass (see RowStream). Status and headers are gone with the first piece: if the rows fail later, the
   * connection is closed without the end of the body, so the client sees a truncated, invalid reply rather than
   * a wrong one, and the failure is logged.
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
    // A client that takes nothing for this long is cut off (the rows' snapshot is held while it waits).
    raw.setTimeout(STALLED_MS, () => raw.destroy());
    raw.writeHead(200, headers);
    raw.write(callback ? `${callback}(${streamed.first}` : streamed.first);
    void pump(raw, streamed, callback ? ')' : '').then(({ length, failure }) =>
      finish(request, op, who, { contentType, first: streamed.first, length, failure }),
    );
  }

  function finish(
    request: FastifyRequest,
    op: OperationDef | undefined,
    who: Who,
    out: { contentType: string; first: string; length: number; failure: unknown },
  ): void {
    const { contentType, first, length, failure } = out;
    if (failure === undefined) {
      if (op && !op.logged) return;
      log.add(logFacts(request, op, { contentType, text: '', json: first, length }, undefined, who));
      return;
    }
    console.error(
      `${request.method} ${request.url.split('?')[0]}: the reply failed after ${length} characters; the connection was closed.`,
    );
    const error = toServiceError(failure, request);
    if (op && !op.logged) return;
    const json = stringifyWire(errorBody(op, error, development, (failure as Error)?.stack));
    log.add(logFacts(request, op, { contentType, text: '', json }, error, who));
  }
}

/** Waits until the response can take more (or is gone). */
function drained(raw: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });
}

/** A streamed reply whose client has taken nothing for this long is given up (ms). */
const STALLED_MS = 60_000;

/** How long a pausable stream works before it lets other requests run (ms). */
const SLICE_MS = 10;

/**
 * Writes the rest of a streamed reply and ends it; on a failure, closes the connection without the end of the
 * chunked body (what was written still goes out). Returns the JSON's length and the failure, if any.
 */
async function pump(
  raw: ServerResponse,
  streamed: StreamedReply,
  suffix: string,
): Promise<{ length: number; failure: unknown }> {
  let length = streamed.first.length;
  let failure: unknown;
  let sliceStart = performance.now();
  try {
    for (let next = streamed.rest.next(); !next.done; next = streamed.rest.next()) {
      if (raw.destroyed) break; // the client went away
      length += next.value.length;
      const more = raw.write(next.value);
      // Node corks the socket until the next tick on a write: a pass that does not pause sends each piece now.
      if (!streamed.pausable) {
        raw.socket?.uncork();
        continue;
      }
      if (!more) await drained(raw);
      else if (performance.now() - sliceStart < SLICE_MS) continue;
      else await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  } catch (e) {
    failure = e;
  } finally {
    // Closes the rows' statement when the client went away (or on failure).
    streamed.rest.return?.(undefined);
  }
  if (failure === undefined) {
    if (!raw.destroyed) raw.end(suffix);
    return { length, failure };
  }
  const socket = raw.socket;
  if (socket) {
    socket.end();
    setTimeout(() => socket.destroy(), 10_000).unref();
  } else raw.destroy();
  return { length, failure };
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
