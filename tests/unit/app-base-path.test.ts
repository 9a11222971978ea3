// The console's base path (src/config/base.ts): one build served at /, /console/ or /a/b/ reads where it is from
// index.html's <base href>, whatever the depth of the address it was loaded at.
import { describe, expect, it } from 'vitest';
import { appUrl, basePath, publishedFile, routePathOf, routerBasename } from '../../src/config/base';

const at = (base: string) => `https://pm.example.com${base}`;

describe('base path', () => {
  it('is the <base href> path, with a trailing slash, and so is the router basename', () => {
    expect(basePath(at('/'))).toBe('/');
    expect(routerBasename(at('/'))).toBe('/');
    expect(basePath(at('/console/'))).toBe('/console/');
    expect(routerBasename(at('/console/'))).toBe('/console/');
    expect(basePath(at('/a/b/'))).toBe('/a/b/');
    expect(routerBasename(at('/a/b/'))).toBe('/a/b/');
    // A base naming a file (or no <base>: the document's own URL) counts its folder.
    expect(basePath(at('/console/index.html'))).toBe('/console/');
  });

  it('finds config.json and version.json next to index.html', () => {
    expect(publishedFile('config.json', at('/'))).toBe('https://pm.example.com/config.json');
    expect(publishedFile('config.json', at('/a/b/'))).toBe('https://pm.example.com/a/b/config.json');
    expect(publishedFile('/version.json', at('/console/'))).toBe(
      'https://pm.example.com/console/version.json',
    );
  });

  it('shares a route under the base', () => {
    expect(appUrl('/api-explorer?op=ProjectGetRequest', at('/console/'))).toBe(
      'https://pm.example.com/console/api-explorer?op=ProjectGetRequest',
    );
    expect(appUrl('/projects/1', at('/'))).toBe('https://pm.example.com/projects/1');
  });

  it('turns an address into the route path that sign-in’s next= carries', () => {
    const url = (path: string) => new URL(`https://pm.example.com${path}`);
    expect(routePathOf(url('/projects/1/rfis/4/5?tab=2'), at('/'))).toBe('/projects/1/rfis/4/5?tab=2');
    expect(routePathOf(url('/console/projects/1/rfis/4/5?tab=2'), at('/console/'))).toBe(
      '/projects/1/rfis/4/5?tab=2',
    );
    expect(routePathOf(url('/a/b/admin/request-log'), at('/a/b/'))).toBe('/admin/request-log');
    expect(routePathOf(url('/console'), at('/console/'))).toBe('/');
    expect(routePathOf(url('/console/'), at('/console/'))).toBe('/');
    // The router compares the basename without regard to case.
    expect(routePathOf(url('/Console/projects/1'), at('/console/'))).toBe('/projects/1');
    // Outside the base (not reachable through the router): unchanged.
    expect(routePathOf(url('/elsewhere'), at('/console/'))).toBe('/elsewhere');
  });
});
