// The reference service: routes every operation of the contract at both route styles, binds and checks the
// request, resolves the session, runs the handler, writes the reply and logs the request.
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createServer } from 'node:http';
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
import {
  maskBody,
  maskedDtoJson,
  maskHeaders,
  maskJson,
  maskText,
  maskUrl,
  scrub,
  secretValues,
  sessionLogId,
} from './core/masking';
import {
  canonicalPath,
  capJson,
  capText,
  RequestLog,
  requestLogUsage,
  type LogLimits,
  type LogRecord,
  type Tracking,
} from './core/requestlog';
import { versionText } from './version';
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
  /** Byte budgets of the request log (rows kept, one reply); see LogLimits. */
  logLimits?: Partial<Omit<LogLimits, 'retention'>>;
  tracking?: Partial<Tracking>;
  /** A request (headers and body) must arrive within this time; default 30 s. Headers within a third of it. */
  requestTimeoutMs?: number;
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
  'x-pm-version': versionText,
};

/** Failures that come before the request is bound to a known user: their body and DTO are never stored. */
const REFUSED_BEFORE_BINDING = new Set([401, 405, 406, 413, 429]);
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
  const log = new RequestLog(
    db,
    { retention: options.logRetention ?? 1_000_000, ...options.logLimits },
    options.tracking,
  );
  const corsOrigins = new Set(options.corsOrigins ?? []);
  const readCache = new Map<string, string>();
  let cachedChars = 0;

  const staticDir = options.staticDir;
  const hasConsole = staticDir !== undefined && existsSync(join(staticDir, 'index.html'));
  // Every reply carries the security headers and the console's CSP: index.html from any address, the SPA
  // fallback, static files, error pages and API replies alike (a JSON reply is never rendered as a page).
  const headers = {
    ...SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy([
      ...(hasConsole ? [configuredServiceOrigin(staticDir)].filter((o) => o !== undefined) : []),
      ...(options.cspConnectSrc ?? []),
    ]),
  };

  // A slow client (headers or a body sent a byte at a time) is cut off: the whole request must arrive within
  // requestTimeoutMs, its headers within a third of it; Node checks open connections every second.
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout,
          headersTimeout: Math.min(Math.ceil(requestTimeout / 3), 10_000),
          connectionsCheckingInterval: Math.min(1_000, requestTimeout / 2),
          keepAliveTimeout: 5_000,
        },
        handler,
      ),
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: false,
    logger: false,
    // A URL the router cannot decode (`/api/internal/%ZZ`) gets our error body too, not Fastify's own.
    frameworkErrors: (_error, request, reply) => {
      if (!request.startedAt) request.startedAt = process.hrtime.bigint();
      reply.headers(headers);
      const error = new ServiceError(400, 'BadRequest', 'The request URL is not valid.');
      respond(request, reply, undefined, { error }, {});
    },
  });

  app.decorateRequest('startedAt', 0n);
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = process.hrtime.bigint();
    reply.headers(headers);
    const origin = request.headers.origin;
    if (!origin || !corsOrigins.has(origin)) return done();
    {
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-headers': 'Content-Type, Authorization',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
        'access-control-max-age': '600',
        'access-control-expose-headers': 'Retry-After, X-PM-Version',
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
    who: {
      user?: User;
      sessionKey?: string;
      dto?: unknown;
      formData?: Record<string, string>;
      /** The parsed body (JSON object or form fields), for finding the secrets it carried. */
      body?: unknown;
    },
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
    // What a request may cost the log is bounded: a request refused before it was bound to a user stores no
    // body; anything stored is capped (a preview, its length and a flag in Items).
    const keepBody = !isSignIn && op !== undefined && !(error && REFUSED_BEFORE_BINDING.has(error.status));
    const path = request.url.split('?')[0];
    const pathInfo = canonicalPath(path);
    const items: Record<string, string> = op ? { operation: op.name } : {};
    if (pathInfo !== path) items.rawPathInfo = path;
    const secrets = secretValues({ query, body: who.body, headers });
    const contentType = headerText(headers['content-type']);
    const requestBody =
      keepBody && request.rawBody
        ? capText(
            scrub(maskBody(request.rawBody, contentType), secrets),
            'requestBody',
            items,
            undefined,
            request.rawBody.length,
          )
        : undefined;
    const formData =
      keepBody && who.formData && !items.requestBodyTruncated
        ? scrub(JSON.stringify(maskJson(who.formData)), secrets)
        : undefined;
    const record: LogRecord = {
      dateMs: Date.now(),
      httpMethod: request.method,
      absoluteUri: capText(
        scrub(`${request.protocol}://${request.host}${maskUrl(request.url)}`, secrets),
        'absoluteUri',
        items,
      )!,
      pathInfo,
      requestBody,
      requestDto: keepBody ? capJson(scrub(maskedDtoJson(who.dto), secrets), 'requestDto', items) : undefined,
      userAuthId: who.user?.userName,
      sessionId: who.sessionKey ? sessionLogId(who.sessionKey) : undefined,
      ipAddress: request.ip,
      forwardedFor: headerText(headers['x-forwarded-for']),
      referer: maskOptional(scrub(headerText(headers.referer), secrets)),
      headers: scrubValues(maskHeaders(headers), secrets),
      formData: capJson(formData, 'formData', items),
      items,
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
      responseJson: error
        ? undefined
        : capJson(isSignIn ? maskBody(written.json) : written.json, 'responseDto', items),
      errorJson: error ? capJson(scrub(written.json, secrets), 'errorResponse', items) : undefined,
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
    const { results, cut } = await log.query(q);
    const messages = changed.length ? [`${changed.join('; ')} for the running service.`] : [];
    const meta: Record<string, string> = Object.fromEntries(
      Object.entries(log.tracking).map(([k, v]) => [k, String(v)]),
    );
    if (cut) {
      messages.push(
        `The reply stopped at ${results.length} rows (${Math.round(cut.bytes / 1024 / 1024)} MiB, the limit of one reply); ask again with BeforeId=${cut.nextBeforeId} for the rest.`,
      );
      meta.truncated = 'true';
      meta.nextBeforeId = String(cut.nextBeforeId);
    }
    return {
      results,
      usage: requestLogUsage,
      responseStatus: { message: messages.length ? messages.join(' ') : undefined, meta },
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

  if (hasConsole) {
    // As a static host would: hashed assets (and their precompressed .br / .gz written by the build) cached for
    // a year; index.html, config.json and the other unhashed files checked on every load.
    app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = /[\\/]assets[\\/]/.test(path);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
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
      return reply.sendFile('index.html');
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

function scrubValues(record: Record<string, string>, secrets: Set<string>): Record<string, string> {
  if (secrets.size === 0) return record;
  for (const k of Object.keys(record)) record[k] = scrub(record[k], secrets);
  return record;
}

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
