// docs/deploy.md gives the nginx configuration for a sub-path that the nginx browser tests run
// (tests/e2e/nginx/nginx-conf.ts): the two must not drift apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consoleCsp, consoleLocations } from '../e2e/nginx/nginx-conf';

describe('docs/deploy.md', () => {
  it('gives the nginx sub-path block the browser tests run', () => {
    const doc = readFileSync('docs/deploy.md', 'utf8');
    const block = /<!-- nginx-subpath:begin -->\n```nginx\n([\s\S]*?)```\n<!-- nginx-subpath:end -->/.exec(
      doc,
    )?.[1];
    expect(block).toBe(
      consoleLocations({ prefix: '/console/', root: '/srv/pm-console/dist', csp: consoleCsp() }),
    );
  });

  it('the block keeps index.html’s <base href> rewrite, the deep-link fallback and the cache headers', () => {
    const block = consoleLocations({ prefix: '/a/b/', root: '/x/' });
    expect(block).toContain(`sub_filter '<base href="/"' '<base href="/a/b/"';`);
    expect(block).toContain('try_files $uri /a/b/index.html;');
    expect(block).toContain('alias /x/assets/;');
    expect(block).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
    expect(block).not.toContain('Content-Security-Policy');
    expect(() => consoleLocations({ prefix: '/console', root: '/x' })).toThrow();
  });
});
