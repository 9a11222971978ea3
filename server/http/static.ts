// The built console, served as a static host would: hashed assets (and their precompressed .br / .gz written by
// the build) cached for a year; index.html, config.json, the service worker (sw.js, workbox-*.js) and the other
// unhashed files checked on every load (a cached sw.js would hide a new deployment from the update check); a
// path with no file extension gets index.html (SPA fallback). See docs/service.md, "Static files and slow clients".
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `staticDir` when it holds a built console (index.html), else nothing. */
export function consoleDir(staticDir: string | undefined): string | undefined {
  return staticDir !== undefined && existsSync(join(staticDir, 'index.html')) ? staticDir : undefined;
}

export function serveConsole(app: FastifyInstance, dir: string): void {
  app.register(fastifyStatic, {
    root: dir,
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

/** A path no route answers (and no API path): the console's index.html for a page address, else a plain 404. */
export function sendPageOrNotFound(request: FastifyRequest, reply: FastifyReply, dir: string | undefined) {
  const path = request.url.split('?')[0].toLowerCase();
  if (dir && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path)) {
    return reply.sendFile('index.html');
  }
  reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
}
