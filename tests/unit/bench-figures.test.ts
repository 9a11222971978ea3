// The figures `npm run bench` computes itself (bench/roundtrips.ts, bench/chunks.ts): sequential round trips
// from a network log, and the lazily loaded size of each route from a Vite manifest.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyScreens, routeGroups } from '../../bench/chunks';
import { FOLLOW_TOLERANCE_MS, idKind, longestChain, replyIdsOf } from '../../bench/roundtrips';

const req = (name: string, start: number, end: number) => ({ name, start, end });
const names = (chain: { name: string }[]) => chain.map((r) => r.name);

describe('sequential round trips (longestChain)', () => {
  it('counts requests sent together as one round trip', () => {
    const chain = longestChain([req('project', 0, 310), req('folder', 2, 305), req('children', 3, 320)]);
    expect(chain).toHaveLength(1);
  });

  it('counts a request sent after another one ended as the next round trip', () => {
    const log = [req('project', 0, 300), req('containers', 301, 600), req('rfi', 1, 290)];
    expect(names(longestChain(log))).toEqual(['project', 'containers']);
  });

  it('finds the longest chain through a waterfall with side requests', () => {
    const log = [
      req('folder', 0, 300),
      req('parent', 305, 610),
      req('statuses', 10, 320),
      req('root', 620, 900),
      req('late', 700, 1000),
    ];
    expect(names(longestChain(log))).toEqual(['folder', 'parent', 'root']);
  });

  it('treats a request sent just before the end is logged as following it, but not one sent well before', () => {
    const within = FOLLOW_TOLERANCE_MS - 2;
    expect(longestChain([req('a', 0, 300), req('b', 300 - within, 600)])).toHaveLength(2);
    expect(longestChain([req('a', 0, 300), req('b', 200, 600)])).toHaveLength(1);
  });

  it('is 0 for a screen without data calls', () => {
    expect(longestChain([])).toHaveLength(0);
  });
});

describe('sequential round trips: where a request’s ids came from', () => {
  const call = (name: string, start: number, end: number, ids: string[], reply: unknown) => ({
    name,
    start,
    end,
    ids,
    replyIds: replyIdsOf(reply),
  });

  it('tells ids apart by their kind', () => {
    expect(['folderId', 'folderParentId', 'parentFolderId', 'rootFolderId'].map(idKind)).toEqual(
      Array(4).fill('folder'),
    );
    expect(idKind('folderProjectId')).toBe('project');
    expect(idKind('meetingMinuteId')).toBe('meetingminute');
    expect(idKind('id')).toBe('');
    expect([...replyIdsOf({ a: [{ folderId: 4, meetingMinuteId: 101 }], childIds: [7] })].sort()).toEqual([
      'child:7',
      'folder:4',
      'meetingminute:101',
    ]);
  });

  it('does not count a request that started late, after a reply that did not tell its ids', () => {
    // The RFI list on a loaded machine: the RFI reads go out after the containers' reply ended, but their ids
    // came from the RFI container's list, sent beside the project.
    const log = [
      call('project', 0, 300, ['project:1'], { projectId: 1, rootFolderId: 1 }),
      call('rfi container', 10, 320, ['folder:4'], { folders: [{ folderId: 101 }, { folderId: 102 }] }),
      call('containers', 305, 610, ['folder:1'], { folders: [{ folderId: 4 }, { folderId: 8 }] }),
      call('rfi 101', 640, 950, ['folder:101'], {}),
      call('rfi 102', 650, 960, ['folder:102'], {}),
    ];
    expect(names(longestChain(log))).toEqual(['project', 'containers']);
    // By the time alone the late RFI reads follow the containers.
    expect(longestChain(log.map(({ start, end }) => ({ start, end })))).toHaveLength(3);
  });

  it('takes the first reply that told an id, not a later one that told it again', () => {
    const log = [
      call('list', 0, 300, ['folder:4'], { folders: [{ folderId: 134 }] }),
      call('minutes', 5, 600, ['folder:3700'], {
        minutes: [{ linkedIssueFolderId: 134, meetingMinuteId: 134 }],
      }),
      call('rfi 134', 700, 1000, ['folder:134'], {}),
    ];
    expect(names(longestChain(log))).toEqual(['list', 'rfi 134']);
  });

  it('counts a waterfall of ids as one round trip each', () => {
    const log = [
      call('project', 0, 300, ['project:1'], { rootFolderId: 1 }),
      call('containers', 305, 600, ['folder:1'], { folders: [{ folderId: 8 }] }),
      call('meetings', 605, 900, ['folder:8'], { folders: [{ folderId: 3900 }] }),
      call('meeting', 905, 1200, ['folder:3900'], {}),
    ];
    expect(names(longestChain(log))).toEqual(['project', 'containers', 'meetings', 'meeting']);
  });

  it('judges by the time alone a request without ids, or one sent after a reply it could not read', () => {
    const unread = { name: 'unread', start: 0, end: 300 };
    expect(longestChain([unread, call('next', 310, 600, ['folder:9'], {})])).toHaveLength(2);
    expect(
      longestChain([
        call('a', 0, 300, ['folder:1'], { folderId: 2 }),
        { name: 'no ids', start: 310, end: 600 },
      ]),
    ).toHaveLength(2);
  });
});

const router = `
  { path: 'signin', lazy: { Component: async () => (await import('../features/auth/SignInPage')).SignInPage } },
  { id: 'signed-in', lazy: { Component: async () => (await import('./shell/AppLayout')).AppLayout },
    children: [
      { path: 'rfis/:id', lazy: {
          loader: async () => (await import('../features/rfis/loader')).rfiLoader,
          Component: async () => (await import('../features/rfis/RfiPage')).RfiPage } },
      { path: 'folders/:id', loader: folderLoader },
    ] },
`;

describe('lazily loaded screens (bench/chunks.ts)', () => {
  it('groups each route’s lazy modules, relative to src/app', () => {
    expect(routeGroups(router)).toEqual([
      { route: "path: 'signin'", modules: ['src/features/auth/SignInPage'] },
      { route: "id: 'signed-in'", modules: ['src/app/shell/AppLayout'] },
      { route: "path: 'rfis/:id'", modules: ['src/features/rfis/loader', 'src/features/rfis/RfiPage'] },
    ]);
  });

  const dist = mkdtempSync(join(tmpdir(), 'bench-chunks-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('counts a screen’s chunks and CSS beyond the entry’s and the shell’s, gzip', () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    mkdirSync(join(dist, 'assets'), { recursive: true });
    // Incompressible-ish content of a given length, so sizes differ per file.
    const body = (n: number, seed: number) =>
      Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 7919 + seed * 104729) % 90))).join(
        '',
      );
    const files: Record<string, string> = {
      'assets/index.js': body(4000, 1),
      'assets/react.js': body(3000, 2),
      'assets/mantine.js': body(2000, 3),
      'assets/SignInPage.js': body(500, 4),
      'assets/AppLayout.js': body(1500, 5),
      'assets/AppLayout.css': body(800, 6),
      'assets/loader.js': body(300, 7),
      'assets/RfiPage.js': body(2500, 8),
      'assets/Table.js': body(1200, 9),
    };
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dist, f), text);
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_mantine.js': { file: 'assets/mantine.js', imports: ['_react.js'] },
      '_Table.js': { file: 'assets/Table.js', imports: ['_mantine.js'] },
      'src/features/auth/SignInPage.tsx': {
        file: 'assets/SignInPage.js',
        isDynamicEntry: true,
        imports: ['_mantine.js'],
      },
      'src/app/shell/AppLayout.tsx': {
        file: 'assets/AppLayout.js',
        isDynamicEntry: true,
        imports: ['_mantine.js'],
        css: ['assets/AppLayout.css'],
      },
      'src/features/rfis/loader.ts': { file: 'assets/loader.js', isDynamicEntry: true },
      'src/features/rfis/RfiPage.tsx': {
        file: 'assets/RfiPage.js',
        isDynamicEntry: true,
        imports: ['_Table.js', '_mantine.js', 'src/features/rfis/loader.ts'],
      },
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const gz = (f: string) => gzipSync(Buffer.from(files[f]), { level: 9 }).length;

    const screens = lazyScreens(dist, router);
    const by = (route: string) => screens.find((s) => s.route === route)!;

    // Sign-in is outside the shell: its page and Mantine (not in the entry).
    expect(by("path: 'signin'").totalGzip).toBe(gz('assets/SignInPage.js') + gz('assets/mantine.js'));
    // The shell: its chunk, its CSS and Mantine.
    expect(by("id: 'signed-in'")).toMatchObject({
      shell: true,
      jsGzip: gz('assets/AppLayout.js') + gz('assets/mantine.js'),
      cssGzip: gz('assets/AppLayout.css'),
    });
    // The RFI route: loader + page + Table; Mantine came with the shell, React with the entry.
    expect(by("path: 'rfis/:id'")).toMatchObject({
      shell: false,
      jsGzip: gz('assets/loader.js') + gz('assets/RfiPage.js') + gz('assets/Table.js'),
      cssGzip: 0,
      files: ['assets/RfiPage.js', 'assets/Table.js', 'assets/loader.js'],
    });
    // Largest first.
    expect(screens.map((s) => s.totalGzip)).toEqual(
      [...screens.map((s) => s.totalGzip)].sort((a, b) => b - a),
    );
  });

  it('reports the console’s start on its own and counts it as loaded for the shell and the screens', () => {
    const path = join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { imports?: string[] }>;
    // The router's chunk (with Mantine in it) is what main.tsx imports on every signed-in page.
    writeFileSync(join(dist, 'assets/startConsole.js'), 'x'.repeat(300));
    manifest['src/app/startConsole.tsx'] = {
      file: 'assets/startConsole.js',
      isDynamicEntry: true,
      imports: ['_mantine.js', '_Table.js'],
    } as never;
    writeFileSync(path, JSON.stringify(manifest));
    const gz = (f: string) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
    const screens = lazyScreens(dist, router);
    const by = (route: string) => screens.find((s) => s.route === route)!;
    expect(by('console')).toMatchObject({
      console: true,
      shell: false,
      jsGzip: gz('assets/startConsole.js') + gz('assets/mantine.js') + gz('assets/Table.js'),
    });
    // Mantine and Table came with the console's start: the shell is its own chunk and CSS, the RFI route its
    // loader and page.
    expect(by("id: 'signed-in'")).toMatchObject({
      jsGzip: gz('assets/AppLayout.js'),
      cssGzip: gz('assets/AppLayout.css'),
    });
    expect(by("path: 'rfis/:id'").files).toEqual(['assets/RfiPage.js', 'assets/loader.js']);
  });
});
