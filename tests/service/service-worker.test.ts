// The service worker's files (sw.js and Workbox's runtime workbox-<hash>.js, written by vite-plugin-pwa next to
// index.html) are revalidated on every load: a cached sw.js would hide a new deployment from the browser's update
// check, and the update prompt would never show (docs/deploy.md, docs/offline.md). Served as written, compressed
// copies included, never replaced by index.html.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';

const SW = `define(["./workbox-4a5b6c7d"],function(s){${'s.precacheAndRoute([]);'.repeat(100)}});`;
const RUNTIME = `define(["exports"],function(t){${'t.x=1;'.repeat(300)}});`;

async function builtConsole(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pm-console-sw-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body>console</body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ baseUrl: '' }));
  for (const [name, body] of [
    ['sw.js', SW],
    ['workbox-4a5b6c7d.js', RUNTIME],
  ]) {
    await writeFile(join(dir, name), body);
    await writeFile(join(dir, `${name}.gz`), gzipSync(body));
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(body));
  }
  return dir;
}

describe('the service worker files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await builtConsole();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const h = useHarness(() => ({ staticDir: dir }));

  it('serves sw.js and workbox-<hash>.js with Cache-Control: no-cache, plain or compressed', async () => {
    for (const [path, body] of [
      ['/sw.js', SW],
      ['/workbox-4a5b6c7d.js', RUNTIME],
    ]) {
      for (const encoding of ['identity', 'gzip', 'br, gzip']) {
        const res = await fetch(h.url + path, { headers: { 'accept-encoding': encoding } });
        expect(res.status, `${path} ${encoding}`).toBe(200);
        expect(res.headers.get('cache-control'), `${path} ${encoding}`).toBe('no-cache');
        expect(res.headers.get('content-type'), path).toMatch(/^(text|application)\/javascript/);
        expect(res.headers.get('content-encoding'), `${path} ${encoding}`).toBe(
          encoding === 'identity' ? null : encoding.split(',')[0],
        );
        expect(await res.text(), path).toBe(body);
      }
    }
  });

  it('answers a HEAD of sw.js (the browser revalidates it) and a missing worker with 404, not index.html', async () => {
    const head = await fetch(`${h.url}/sw.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${h.url}/registerSW.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('console');
  });
});
