// The headers every reply carries (security headers, the console's CSP, the version) and CORS for the origins
// allowed to call the API from a console hosted elsewhere. See docs/service.md, "Security headers and CORS".
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { versionText } from '../version';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'x-pm-version': versionText,
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

/**
 * The policy of an API reply (JSON, JSONP, its errors): nothing in it may load or run anything, and no page may
 * frame it. A JSON reply is never a page; a JSONP reply is a script another page loads, under that page's policy.
 * Shorter than the console's (~40 bytes instead of ~330) on every API reply.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Paths that are the API's (`/api/`, `/json/`, `/requestlogs`, any case): an operation's, or one no operation
 * answers (405 `UnknownOperation`), never the console's.
 */
const API_PATH = /^\/(?:api\/|json\/|requestlogs)/i;

/** Whether a request URL (path and query) is an API path. */
export const isApiUrl = (url: string) => API_PATH.test(url);

/**
 * The headers of every reply: index.html from any address, the SPA fallback, static files and error pages get
 * the console's policy (`page`); API replies the common headers with API_CSP (`api`). `consoleDir`: the served
 * console, whose config.json may name the service's origin for `connect-src`.
 */
export function replyHeaders(
  consoleDir: string | undefined,
  cspConnectSrc: string[] = [],
): { page: Record<string, string>; api: Record<string, string> } {
  return {
    page: {
      ...SECURITY_HEADERS,
      'content-security-policy': contentSecurityPolicy([
        ...(consoleDir ? [configuredServiceOrigin(consoleDir)].filter((o) => o !== undefined) : []),
        ...cspConnectSrc,
      ]),
    },
    api: { ...SECURITY_HEADERS, 'content-security-policy': API_CSP },
  };
}

/**
 * CORS for the listed origins (exact match): sets the CORS headers on a request from one of them and returns true
 * when it is a preflight, which the caller answers with 204 at once.
 */
export function cors(origins: string[]): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const allowed = new Set(origins);
  return (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return false;
    reply.headers({
      'access-control-allow-origin': origin,
      'access-control-allow-headers': 'Content-Type, Authorization',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
      'access-control-max-age': '600',
      'access-control-expose-headers': 'Retry-After, X-PM-Version, X-Total-Count',
      vary: 'Origin',
    });
    return request.method === 'OPTIONS';
  };
}
