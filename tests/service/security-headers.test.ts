// Security headers of the reference service: the console's HTML gets a strict Content-Security-Policy
// (no inline scripts, framing refused, connect-src covering the configured service), API replies one that allows
// nothing, and every reply — HTML, assets, API, errors, JSONP — gets nosniff, a referrer policy and X-Frame-Options.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CSP, contentSecurityPolicy } from '../../server/http/headers';
import { useHarness } from './harness';

/** A minimal built console: index.html, one script asset and config.json. */
async function consoleDir(config: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pm-console-static-'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/app.js"></script></head><body></body></html>',
  );
  await writeFile(join(dir, 'app.js'), 'console.log("console");');
  await writeFile(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

/** Directive name → its sources. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers (console served on the same origin)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await consoleDir({ baseUrl: '' });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const h = useHarness(() => ({ staticDir: dir }));

  for (const path of ['/', '/projects/1/rfis/4/5', '/signin?next=%2F']) {
    it(`GET ${path}: strict CSP and the common headers`, async () => {
      const res = await h.request('GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // No inline script, no eval, no data: or blob: scripts.
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      // Mantine writes <style> elements at run time (documented in docs/deploy.md).
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
    });
  }

  it('the served HTML has no inline script', async () => {
    const res = await h.request('GET', '/');
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(res.text).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('assets, API replies, JSONP and errors carry the common headers', async () => {
    const asset = await h.request('GET', '/app.js');
    expect(asset.status).toBe(200);
    expectCommonHeaders(asset.headers);

    const api = await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    expect(api.status).toBe(200);
    expectCommonHeaders(api.headers);

    const unauthorised = await h.call('ProjectGetRequest', { projectId: 1 });
    expect(unauthorised.status).toBe(401);
    expectCommonHeaders(unauthorised.headers);

    const jsonp = await h.call('ProjectGetRequest', { projectId: 1 }, { query: { callback: 'cb' } });
    expect(jsonp.headers.get('content-type')).toMatch(/^text\/javascript/);
    expectCommonHeaders(jsonp.headers);

    const missing = await h.request('GET', '/missing.js');
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing.headers);

    // API replies (JSON, JSONP, errors, a path no operation answers, in any case) may load and run nothing, and
    // no page may frame them; the console's files and pages keep the console's policy.
    const unknown = await h.request('POST', '/API/internal/nothing');
    expect(unknown.status).toBe(405);
    for (const res of [api, unauthorised, jsonp, unknown]) {
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      expectCommonHeaders(res.headers);
    }
    for (const res of [asset, missing]) {
      expect(directives(res.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"]);
    }
  });
});

describe('connect-src for a service on another host', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await consoleDir({ baseUrl: 'https://pm.example.com/service/' });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const h = useHarness(() => ({ staticDir: dir, cspConnectSrc: ['https://backup.example.com'] }));

  it("lists config.json's baseUrl origin and CSP_CONNECT_SRC besides 'self'", async () => {
    const res = await h.request('GET', '/');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://pm.example.com',
      'https://backup.example.com',
    ]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('contentSecurityPolicy() never repeats a source', () => {
    expect(contentSecurityPolicy(['https://a.example', 'https://a.example'])).toContain(
      "connect-src 'self' https://a.example;",
    );
  });
});
