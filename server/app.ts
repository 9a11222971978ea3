// The reference service: routes every operation of the contract at both route styles, binds and checks the
// request, resolves the session, runs the handler, writes the reply and logs the request.
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Database } from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeStrict, encode, stringifyWire } from '../src/contract/codecs';
import {
  JSON_REPLY_PREFIX,
  operations,
  operationNames,
  type OperationDef,
  type OperationName,
} from '../src/contract/operations';
import { requireAdmin, signIn } from './core/auth';
import { maskBody, maskedDtoJson, maskHeaders, maskJson, maskText, sessionLogId } from './core/masking';
import { RequestLog, requestLogUsage, type LogRecord, type Tracking } from './core/requestlog';
import { Sessions } from './core/sessions';
import {
  BODY_LIMIT,
  callbackName,
  checkFormat,
  errorBody,
  parseBody,
  queryToRequest,
  writeJson,
} from './core/wire';
import { ServiceError, type Handler, type HandlerTable, type User } from './handler';

export interface AppOptions {
  db: Database;
  handlers: HandlerTable;
  sessionTtlMs?: number;
  logRetention?: number;
  tracking?: Partial<Tracking>;
  /** Origins allowed to call the API from a console hosted elsewhere (exact match). */
  corsOrigins?: string[];
  /** The built console to serve with SPA fallback. */
  staticDir?: string;
  /** Writes stack traces into error replies. */
  development?: boolean;
  /** Extra `connect-src` sources of the console's CSP (besides 'self' and the origin of config.json's baseUrl). */
  cspConnectSrc?: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    startedAt: bigint;
    rawBody?: string;
  }
  interface FastifyContextConfig {
    op?: OperationName;
  }
}

const API_PREFIXES = ['/api/', '/json/', '/requestlogs'];

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};
// Mantine writes its CSS variables in <style> tags, so style-src allows inline styles; scripts never.
export function contentSecurityPolicy(connectSrc: string[] = []): string {
  const connect = ["'self'", ...new Set(connectSrc)].join(' ');
  return (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; " +
    `connect-src ${connect}; font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'`
  );
}

/** The origin of the served console's config.json `baseUrl` when it names another host (else nothing). */
export function configuredServiceOrigin(staticDir: string): string | undefined {
  try {
    const config = JSON.parse(readFileSync(join(staticDir, 'config.json'), 'utf8')) as { baseUrl?: unknown };
    if (typeof config.baseUrl !== 'string' || !/^https?:\/\//i.test(config.baseUrl)) return undefined;
    return new URL(config.baseUrl).origin;
  } catch {
    return undefined;
  }
}

export function buildApp(options: AppOptions) {
  const { db, handlers } = options;
  const sessions = new Sessions(db, options.sessionTtlMs ?? 8 * 3600_000);
  const log = new RequestLog(db, options.logRetention ?? 1_000_000, options.tracking);
  const corsOrigins = new Set(options.corsOrigins ?? []);
  const readCache = new Map<string, string>();
  let cachedChars = 0;

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: false,
    logger: false,
    // A URL the router cannot decode (`/api/internal/%ZZ`) gets our error body too, not Fastify's own.
    frameworkErrors: (_error, request, reply) => {
      if (!request.startedAt) request.startedAt = process.hrtime.bigint();
      reply.headers(SECURITY_HEADERS);
      const error = new ServiceError(400, 'BadRequest', 'The request URL is not valid.');
      respond(request, reply, undefined, { error }, {});
    },
  });

  app.decorateRequest('startedAt', 0n);
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = process.hrtime.bigint();
    reply.headers(SECURITY_HEADERS);
    const origin = request.headers.origin;
    if (!origin || !corsOrigins.has(origin)) return done();
    {
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-headers': 'Content-Type, Authorization',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      if (request.method === 'OPTIONS') return reply.code(204).send();
    }
    done();
  });

  // Every body is read as text; the operation decides how to parse it, so bad JSON gets our error body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, body);
  });

  const elapsedMs = (request: FastifyRequest) => Number(process.hrtime.bigint() - request.startedAt) / 1e6;

  /** Writes the reply and the log row; the one way out for every operation request. */
  function respond(
    request: FastifyRequest,
    reply: FastifyReply,
    op: OperationDef | undefined,
    outcome: { body: Record<string, unknown> } | { json: string } | { error: unknown },
    who: { user?: User; sessionKey?: string; dto?: unknown; formData?: Record<string, string> },
  ) {
    // A URL the router could not decode has no parsed query.
    const query = (request.query ?? {}) as Record<string, unknown>;
    let status = 200;
    let body: Record<string, unknown> | undefined;
    let error: ServiceError | undefined;
    if ('json' in outcome) body = undefined;
    else if ('error' in outcome) {
      const e = outcome.error;
      if (e instanceof ServiceError) error = e;
      else if (isFastifyClientError(e)) error = fromFastifyError(e);
      else {
        error = new ServiceError(500, 'InternalServerError', 'The service failed to process the request.');
        request.log.error(e);
        console.error(e);
      }
      status = error.status;
      if (error.headers) reply.headers(error.headers);
      body = errorBody(op, error, options.development === true, (outcome.error as Error)?.stack);
    } else body = outcome.body;

    const written = writeJson('json' in outcome ? outcome.json : stringifyWire(body), callbackName(query));
    reply.code(status).header('content-type', written.contentType).send(written.text);

    if (op?.name === 'RequestLogs') return;
    const isSignIn = op?.name === 'InternalUserAuthenticationRequest';
    const headers = request.headers as Record<string, string | string[] | undefined>;
    const record: LogRecord = {
      dateMs: Date.now(),
      httpMethod: request.method,
      absoluteUri: maskText(`${request.protocol}://${request.host}${request.url}`),
      pathInfo: request.url.split('?')[0],
      requestBody: isSignIn || !request.rawBody ? undefined : maskBody(request.rawBody),
      requestDto: isSignIn || !op ? undefined : maskedDtoJson(who.dto),
      userAuthId: who.user?.userName,
      sessionId: who.sessionKey ? sessionLogId(who.sessionKey) : undefined,
      ipAddress: request.ip,
      forwardedFor: headerText(headers['x-forwarded-for']),
      referer: maskOptional(headerText(headers.referer)),
      headers: maskHeaders(headers),
      formData: isSignIn ? undefined : (maskJson(who.formData) as Record<string, string>),
      items: op ? { operation: op.name } : undefined,
      session:
        who.user && who.sessionKey
          ? {
              id: sessionLogId(who.sessionKey),
              userAuthId: who.user.userName,
              userAuthName: who.user.userName,
              displayName: who.user.fullName,
              roles: who.user.isAdmin ? ['Admin'] : ['Staff'],
            }
          : undefined,
      responseJson: error ? undefined : isSignIn ? maskBody(written.json) : written.json,
      errorJson: error ? written.json : undefined,
      durationMs: elapsedMs(request),
    };
    log.add(record, error !== undefined);
  }

  async function handleOperation(name: OperationName, request: FastifyRequest, reply: FastifyReply) {
    const op: OperationDef = operations[name];
    const who: Parameters<typeof respond>[4] = {};
    try {
      const query = request.query as Record<string, string | string[] | undefined>;
      checkFormat(query);
      if (op.method === 'POST' && request.method !== 'POST') {
        throw new ServiceError(405, 'MethodNotAllowed', `${op.name} answers POST only.`);
      }
      const { body, formData } = parseBody(request.rawBody, request.headers['content-type']);
      who.formData = formData;
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
      const dto = decoded.value as Record<string, unknown>;

      // Reads of the same request by the same user answer from the cache until the next successful write.
      const cacheKey =
        op.effect === 'read' && op.auth === 'session'
          ? `${name}\u0000${user!.id}\u0000${cacheText(dto)}`
          : '';
      const cached = cacheKey ? readCache.get(cacheKey) : undefined;
      if (cached !== undefined) {
        respond(request, reply, op, { json: cached }, who);
        return reply;
      }

      let payload: Record<string, unknown>;
      if (name === 'InternalUserAuthenticationRequest') {
        const result = await signIn(dto, sessions, request.ip);
        who.user = result.user;
        who.sessionKey = result.sessionKey;
        payload = result.response;
      } else if (name === 'RequestLogs') {
        payload = await requestLogs(dto);
      } else {
        const handler = handlers[name] as Handler<OperationName> | undefined;
        if (!handler) throw new ServiceError(405, 'NotImplemented', `${name} is not implemented.`);
        payload = handler(dto, { db, user: user!, sessionKey: who.sessionKey!, now: new Date() }) as Record<
          string,
          unknown
        >;
      }
      const full =
        name === 'RequestLogs'
          ? payload
          : { numberOfRecordsEffected: 0, ...payload, errorOccured: false, logMessageType: 'DEBUG' };
      const json = stringifyWire(encode(op.response, full));
      if (op.effect === 'write') {
        readCache.clear();
        cachedChars = 0;
      } else if (cacheKey && json.length <= CACHE_MAX_TEXT) {
        if (cachedChars + json.length > CACHE_MAX_CHARS) {
          readCache.clear();
          cachedChars = 0;
        }
        readCache.set(cacheKey, json);
        cachedChars += json.length;
      }
      respond(request, reply, op, { json }, who);
    } catch (error) {
      respond(request, reply, op, { error }, who);
    }
    return reply;
  }

  async function requestLogs(q: Record<string, unknown>) {
    const changed: string[] = [];
    for (const key of ['enableSessionTracking', 'enableResponseTracking', 'enableErrorTracking'] as const) {
      const value = q[key];
      if (typeof value === 'boolean' && log.tracking[key] !== value) {
        log.tracking[key] = value;
        changed.push(`${key.replace(/^enable|Tracking$/g, '')} tracking is now ${value ? 'on' : 'off'}`);
      }
    }
    const results = await log.query(q);
    return {
      results,
      usage: requestLogUsage,
      responseStatus: {
        message: changed.length ? `${changed.join('; ')} for the running service.` : undefined,
        meta: Object.fromEntries(Object.entries(log.tracking).map(([k, v]) => [k, String(v)])),
      },
    };
  }

  for (const name of operationNames) {
    const op = operations[name];
    const urls = [op.path, `${op.path}.json`, JSON_REPLY_PREFIX + name, `${JSON_REPLY_PREFIX}${name}.json`];
    for (const url of new Set(urls)) {
      app.route({
        method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'],
        url,
        config: { op: name },
        handler: (request, reply) => handleOperation(name, request, reply),
      });
    }
  }

  app.setErrorHandler((error, request, reply) => {
    const op = request.routeOptions.config?.op;
    respond(request, reply, op ? operations[op] : undefined, { error }, {});
  });

  const staticDir = options.staticDir;
  const hasConsole = staticDir !== undefined && existsSync(join(staticDir, 'index.html'));
  const CSP = contentSecurityPolicy([
    ...(hasConsole ? [configuredServiceOrigin(staticDir)].filter((o) => o !== undefined) : []),
    ...(options.cspConnectSrc ?? []),
  ]);
  if (hasConsole) {
    app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false });
    app.get('/', (_request, reply) => reply.header('content-security-policy', CSP).sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0].toLowerCase();
    if (API_PREFIXES.some((p) => path.startsWith(p))) {
      const error = new ServiceError(
        405,
        'UnknownOperation',
        `No operation answers ${request.method} ${path}.`,
      );
      return respond(request, reply, undefined, { error }, {});
    }
    if (
      hasConsole &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/\.[a-z0-9]+$/i.test(path)
    ) {
      return reply
        .header('content-security-policy', CSP)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
  });

  app.addHook('onClose', () => log.close());

  return { app, log, sessions };
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/** The read cache holds at most this much reply text (then starts again), each reply at most CACHE_MAX_TEXT. */
const CACHE_MAX_CHARS = 64 * 1024 * 1024;
const CACHE_MAX_TEXT = 256 * 1024;

/** The request without its session fields, as a cache key. */
function cacheText(dto: Record<string, unknown>): string {
  const { authSessionKey: _key, additionalInfo: _info, ...rest } = dto;
  return JSON.stringify(rest);
}

function readSessionKey(input: Record<string, unknown>): string | undefined {
  for (const [k, v] of Object.entries(input)) {
    if (k.toLowerCase() === 'authsessionkey' && typeof v === 'string' && v) return v;
  }
  return undefined;
}

const maskOptional = (v: string | undefined) => (v === undefined ? undefined : maskText(v));

function headerText(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
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
