// The reference service's Fastify app: wires the parts together. Every operation of the contract answers at both
// route styles (server/http/operation.ts: binding, session, read cache, handler; server/http/respond.ts: reply
// and request-log row); every reply carries the security headers (server/http/headers.ts); the built console is
// served with SPA fallback (server/http/static.ts).
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Database } from 'better-sqlite3';
import { JSON_REPLY_PREFIX, operations, operationNames } from '../src/contract/operations';
import { ReadCache } from './core/read-cache';
import type { Tracking } from '../src/contract/requestLog';
import { RequestLog, type LogLimits } from './core/requestlog';
import { Sessions } from './core/sessions';
import { BODY_LIMIT } from './core/wire';
import { ServiceError, type HandlerTable } from './handler';
import { cors, isApiUrl, replyHeaders } from './http/headers';
import { operationHandler } from './http/operation';
import { COMPRESS_OVER_BYTES } from './http/compress';
import { responder } from './http/respond';
import { consoleDir, sendPageOrNotFound, serveConsole } from './http/static';
import { slowClientServer } from './http/timeouts';

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

const ALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
const TEXT_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];

export function buildApp(options: AppOptions) {
  const { db, handlers } = options;
  const sessions = new Sessions(db, options.sessionTtlMs ?? 8 * 3600_000);
  const log = new RequestLog(
    db,
    { retention: options.logRetention ?? 1_000_000, ...options.logLimits },
    options.tracking,
  );
  const dir = consoleDir(options.staticDir);
  const headers = replyHeaders(dir, options.cspConnectSrc);
  const allowCors = cors(options.corsOrigins ?? []);
  const respond = responder(log, options.development === true);
  const readCache = new ReadCache();
  const handleOperation = operationHandler({ db, handlers, sessions, log, readCache, respond });

  const app = Fastify({
    serverFactory: slowClientServer(options.requestTimeoutMs ?? 30_000),
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: false,
    logger: false,
    // A URL the router cannot decode (`/api/internal/%ZZ`) gets our error body too, not Fastify's own.
    frameworkErrors: (_error, request, reply) => {
      if (!request.startedAt) request.startedAt = process.hrtime.bigint();
      reply.headers(isApiUrl(request.url) ? headers.api : headers.page);
      const error = new ServiceError(400, 'BadRequest', 'The request URL is not valid.');
      respond(request, reply, undefined, { error });
    },
  });

  app.decorateRequest('startedAt', 0n);
  // The headers are set for every request before routing, so no route can miss them.
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = process.hrtime.bigint();
    reply.headers(isApiUrl(request.url) ? headers.api : headers.page);
    if (allowCors(request, reply)) return reply.code(204).send();
    done();
  });

  // Every body is read as text; the operation decides how to parse it, so bad JSON gets our error body. The
  // types clients send are also named: Fastify remembers the parser of a named type per Content-Type header,
  // but looks for the catch-all one again on every request.
  app.removeAllContentTypeParsers();
  const asText = (request: FastifyRequest, body: string | Buffer, done: (e: null, body: unknown) => void) => {
    request.rawBody = body as string;
    done(null, body);
  };
  app.addContentTypeParser(TEXT_BODY_TYPES, { parseAs: 'string' }, asText);
  app.addContentTypeParser('*', { parseAs: 'string' }, asText);

  // Replies over 1 KB are compressed (br or gzip, as the request's Accept-Encoding asks; none without it) on every
  // route declared after it: hence the routes below are declared once it is registered (`after`). Operations opt
  // out: `respond` compresses their replies without the plugin's per-request hooks (./http/compress.ts). The console's
  // hashed files are precompressed by the build and pass through as they are. A reply written to the socket
  // piece by piece (reply.hijack) skips it and streams as before. Requests are not decompressed.
  app.register(fastifyCompress, { threshold: COMPRESS_OVER_BYTES, globalDecompression: false });
  app.after(() => {
    for (const name of operationNames) {
      const op = operations[name];
      const urls = [op.path, `${op.path}.json`, JSON_REPLY_PREFIX + name, `${JSON_REPLY_PREFIX}${name}.json`];
      for (const url of new Set(urls)) {
        app.route({
          method: ALL_METHODS,
          url,
          config: { op: name },
          // Operation replies are compressed by `respond` (./http/compress.ts), not by the plugin's hooks.
          compress: false,
          handler: (request, reply) => handleOperation(name, request, reply),
        });
      }
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const op = request.routeOptions.config?.op;
    respond(request, reply, op ? operations[op] : undefined, { error });
  });

  if (dir) serveConsole(app, dir);

  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url)) {
      const path = request.url.split('?')[0].toLowerCase();
      const error = new ServiceError(
        405,
        'UnknownOperation',
        `No operation answers ${request.method} ${path}.`,
      );
      return respond(request, reply, undefined, { error });
    }
    return sendPageOrNotFound(request, reply, dir);
  });

  app.addHook('onClose', () => log.close());

  return { app, log, sessions };
}
