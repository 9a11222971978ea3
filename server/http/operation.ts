// One operation request, from the route to the reply: format and verb checks, binding (body + query string,
// case-insensitive), the session or admin key, field errors, the read cache, the handler (a core handler of
// server/core/core-handlers.ts or a domain handler of the table), the base-response fields, and `respond`.
import type { Database } from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeStrict, encode, stringifyWire } from '../../src/contract/codecs';
import { operations, type OperationDef, type OperationName } from '../../src/contract/operations';
import { requireAdmin } from '../core/auth';
import { coreHandlers, type CoreHandler } from '../core/core-handlers';
import { CACHE_MAX_TEXT, ReadCache } from '../core/read-cache';
import type { RequestLog } from '../core/requestlog';
import type { Sessions } from '../core/sessions';
import { checkFormat, parseBody, queryToRequest, readUpTo, rowStreamOf, wireTexts } from '../core/wire';
import { ServiceError, type Handler, type HandlerTable, type User } from '../handler';
import { headerText } from '../core/log-row';
import type { Who } from './exchange';
import type { Respond } from './respond';

export interface OperationDeps {
  db: Database;
  handlers: HandlerTable;
  sessions: Sessions;
  log: RequestLog;
  readCache: ReadCache;
  respond: Respond;
}

/** A streamed reply that is not cached starts once this much of it is ready (characters). */
const FIRST_PART = 32 * 1024;

/** The route handler of every operation. */
export function operationHandler(deps: OperationDeps) {
  const { readCache, respond } = deps;
  return async function handleOperation(name: OperationName, request: FastifyRequest, reply: FastifyReply) {
    const op: OperationDef = operations[name];
    const who: Who = {};
    try {
      // A read repeated exactly (same body, same session) skips binding; its session is checked all the same.
      const boundKey = ReadCache.boundKey(
        op,
        request.method,
        request.rawBody,
        request.headers['content-type'],
        request.query as object,
      );
      const bound = readCache.bound(boundKey);
      if (bound) {
        const user = deps.sessions.resolve(bound.sessionKey);
        const cached = user?.id === bound.userId ? readCache.get(bound.key) : undefined;
        if (cached !== undefined) {
          Object.assign(who, { body: bound.body, dto: bound.dto, sessionKey: bound.sessionKey, user });
          respond(request, reply, op, { json: cached }, who);
          return reply;
        }
      }

      const { dto, user } = bind(op, request, who, deps.sessions);

      // Reads of the same request by the same user answer from the cache until the next successful write.
      const cacheKey = ReadCache.key(op, user?.id, dto);
      const cached = readCache.get(cacheKey);
      if (cached !== undefined) {
        remember(readCache, boundKey, cacheKey, who);
        respond(request, reply, op, { json: cached }, who);
        return reply;
      }

      const payload = await run(name, dto, user, who, request.ip, deps);
      const full = op.enveloped
        ? { numberOfRecordsEffected: 0, ...payload, errorOccured: false, logMessageType: 'DEBUG' }
        : payload;
      let json: string;
      const stream = rowStreamOf(full);
      if (stream) {
        // A list read row by row: up to the cache's budget (32 KB when it is not cached) the reply is built
        // whole (and cached); beyond it, written as the rows are read. An error before the first byte is still
        // an ordinary error reply.
        const texts = wireTexts(op, full);
        const first = readUpTo(texts, cacheKey ? CACHE_MAX_TEXT : FIRST_PART);
        if (!first.done) {
          respond(
            request,
            reply,
            op,
            { stream: { first: first.json, rest: texts, count: stream.count, pausable: stream.pausable } },
            who,
          );
          return reply;
        }
        json = first.json;
        if (stream.count !== undefined) reply.header('x-total-count', String(stream.count));
      } else json = stringifyWire(encode(op.response, full));
      readCache.settle(op, cacheKey, json);
      remember(readCache, boundKey, cacheKey, who);
      respond(request, reply, op, { json }, who);
    } catch (error) {
      respond(request, reply, op, { error }, who);
    }
    return reply;
  };
}

/**
 * The request as the operation's DTO, and its user: format and verb, body and query string, the session (401)
 * or admin key (401 / 403) — before field errors (400), so a caller without a session learns nothing about the
 * shape of the request. Fills `who` as it goes, for the request log.
 */
function bind(
  op: OperationDef,
  request: FastifyRequest,
  who: Who,
  sessions: Sessions,
): { dto: Record<string, unknown>; user: User | undefined } {
  const query = request.query as Record<string, string | string[] | undefined>;
  checkFormat(query);
  if (op.method === 'POST' && request.method !== 'POST') {
    throw new ServiceError(405, 'MethodNotAllowed', `${op.name} answers POST only.`);
  }
  const { body, formData } = parseBody(request.rawBody, request.headers['content-type']);
  who.formData = formData;
  who.body = body;
  const input = isEmpty(query) ? body : { ...queryToRequest(op, query), ...body };

  const decoded = decodeStrict(op.request, input);
  who.dto = decoded.value;

  let user: User | undefined;
  if (op.auth === 'session') {
    const key = readSessionKey(input);
    user = key ? sessions.resolve(key) : undefined;
    if (!user) {
      throw new ServiceError(
        401,
        'Unauthorized',
        key
          ? 'Your session has expired. Please sign in again.'
          : 'Please sign in (AuthSessionKey is missing).',
      );
    }
    who.sessionKey = key;
    who.user = user;
  } else if (op.auth === 'admin') {
    user = requireAdmin(headerText(request.headers.authorization), sessions);
    who.user = user;
  }

  if (decoded.errors.length) throw ServiceError.validation(decoded.errors);
  return { dto: decoded.value as Record<string, unknown>, user };
}

/** Runs the operation's core handler or domain handler; returns its payload. */
async function run(
  name: OperationName,
  dto: Record<string, unknown>,
  user: User | undefined,
  who: Who,
  ip: string,
  deps: OperationDeps,
): Promise<Record<string, unknown>> {
  const core = coreHandlers[name] as CoreHandler<OperationName> | undefined;
  if (core) {
    const result = await core(dto, { sessions: deps.sessions, log: deps.log, ip });
    if (result.user) who.user = result.user;
    if (result.sessionKey) who.sessionKey = result.sessionKey;
    return result.payload;
  }
  const handler = deps.handlers[name] as Handler<OperationName> | undefined;
  if (!handler) throw new ServiceError(405, 'NotImplemented', `${name} is not implemented.`);
  return handler(dto, { db: deps.db, user: user!, sessionKey: who.sessionKey!, now: new Date() }) as Record<
    string,
    unknown
  >;
}

/** Remembers how a cached read's request was bound, for its repeats (ReadCache.bound). */
function remember(readCache: ReadCache, boundKey: string, cacheKey: string, who: Who): void {
  const { user, sessionKey, body, dto } = who;
  if (!boundKey || !user || !sessionKey || !body || !dto) return;
  readCache.bind(boundKey, {
    sessionKey,
    userId: user.id,
    body: body as Record<string, unknown>,
    dto: dto as Record<string, unknown>,
    key: cacheKey,
  });
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

function readSessionKey(input: Record<string, unknown>): string | undefined {
  for (const [k, v] of Object.entries(input)) {
    if (k.toLowerCase() === 'authsessionkey' && typeof v === 'string' && v) return v;
  }
  return undefined;
}
