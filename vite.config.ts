import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { manifestPathFor } from './scripts/manifest-path.mjs';

// In dev the console talks to a locally running reference service through this proxy, so config.json's
// default baseUrl "" (same origin) works unchanged. `npm run serve` starts the service on :8080.
const service = process.env.PM_SERVICE_URL ?? 'http://127.0.0.1:8080';

// What the build stamps into the console (the About dialog) and into version.json.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
function commit(): string {
  if (process.env.PM_COMMIT) return process.env.PM_COMMIT.trim().slice(0, 12);
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}
const build = { version: pkg.version, commit: commit() };

/**
 * The published build (docs/deploy.md, "What a build publishes"):
 * - `version.json` next to index.html: `{version, commit, builtAt}` (builtAt only here, not in the code, so the
 *   same commit builds the same chunks);
 * - the Vite manifest moved out of the output folder (scripts/manifest-path.mjs says where);
 * - `.br` and `.gz` beside every `.js`, `.css`, `.svg`, `.html` and `.json` file over 1 KB (for nginx's
 *   `gzip_static`, @fastify/static's `preCompressed`, an object store's Content-Encoding), when smaller —
 *   except index.html and config.json, which a deployment rewrites or edits: a compressed copy would go stale
 *   and be served instead of the edit.
 */
function publish(): Plugin {
  const COMPRESS = /\.(js|css|svg|html|json)$/;
  const EDITED = new Set(['index.html', 'config.json']);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  let outDir: string | undefined;
  return {
    name: 'pm-publish',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ ...build, builtAt: new Date().toISOString() })}\n`,
      });
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options) {
        outDir = options.dir!;
        const viteDir = join(outDir, '.vite');
        const manifest = join(viteDir, 'manifest.json');
        try {
          const target = manifestPathFor(outDir);
          mkdirSync(join(target, '..'), { recursive: true });
          renameSync(manifest, target);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
        rmSync(viteDir, { recursive: true, force: true });
      },
    },
    // After vite-plugin-pwa's closeBundle has written sw.js and workbox-<hash>.js, so they are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!outDir) return;
        for (const file of walk(outDir)) {
          const name = relative(outDir, file).replace(/\\/g, '/');
          if (!COMPRESS.test(name) || EDITED.has(name) || statSync(file).size <= 1024) continue;
          const body = readFileSync(file);
          const gz = gzipSync(body, { level: 9 });
          const br = brotliCompressSync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            },
          });
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
        }
      },
    },
  };
}

/**
 * The signed-in shell's code in one chunk (`shell`): what src/app/shell/AppLayout.tsx imports statically, less what
 * the entry has. Every signed-in screen is opened inside the shell, so a module the shell shares with a screen is
 * loaded already when the screen needs it; left to itself Rolldown split the shell into 19 files by which screens
 * share each part. Package entry files that only re-export (`@mantine/*`, TanStack Query) are followed only to
 * the names the importing file takes from them: through their whole list the shell would take every component any
 * screen uses.
 */
const SHELL = resolve('src/app/shell/AppLayout.tsx');
const DASHBOARD = resolve('src/features/projects/DashboardPage.tsx');
const IMPORT_FROM = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_FROM = /export\s*\*\s*from\s*["']([^"']+)["']/g;
const isBarrel = (id: string) =>
  /node_modules[\\/](@mantine[\\/][\w-]+[\\/]esm[\\/]index\.mjs|@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/]index\.js)$/.test(
    id,
  );
const names = (list: string) =>
  list
    .split(',')
    .map((n) => n.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((n) => {
      const [local, alias] = n.split(/\s+as\s+/);
      return { local: local.trim(), exported: (alias ?? local).trim() };
    });

/** The modules `root` imports statically (transitively), barrels followed only to the names taken from them. */
function staticImports(root: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const idOf = (from: string, spec: string) => {
    const info = ctx.getModuleInfo(from);
    if (!info) return undefined;
    if (spec.startsWith('.')) {
      const target = resolve(from, '..', spec);
      return info.importedIds.find((i) => i === target) ?? info.importedIds.find((i) => i.startsWith(target));
    }
    return info.importedIds.find(
      (i) => i.includes(`${spec.replace(/\//g, '[\\/]')}`) || i.includes(`/${spec}/`),
    );
  };
  // The module that defines `name` as a barrel exports it.
  const throughBarrel = (barrel: string, name: string, depth = 0): string | undefined => {
    const code = ctx.getModuleInfo(barrel)?.code ?? '';
    for (const m of code.matchAll(IMPORT_FROM)) {
      const found = names(m[1]).find((n) => n.exported === name || n.local === name);
      if (found) {
        const target = idOf(barrel, m[2]);
        return target && isBarrel(target) && depth < 3
          ? throughBarrel(target, found.local, depth + 1)
          : target;
      }
    }
    for (const m of code.matchAll(STAR_FROM)) {
      const target = idOf(barrel, m[1]);
      const found = target && depth < 3 ? throughBarrel(target, name, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const walk = (m: string) => {
    if (seen.has(m)) return;
    seen.add(m);
    const info = ctx.getModuleInfo(m);
    if (!info) return;
    const barrels = new Set<string>();
    for (const match of (info.code ?? '').matchAll(IMPORT_FROM)) {
      const target = idOf(m, match[2]);
      if (!target || !isBarrel(target)) continue;
      barrels.add(target);
      for (const n of names(match[1])) {
        const real = throughBarrel(target, n.local);
        if (real) walk(real);
      }
    }
    for (const next of info.importedIds) if (!barrels.has(next) && !isBarrel(next)) walk(next);
  };
  walk(root);
  return seen;
}

/**
 * The signed-in console's start (src/app/startConsole.tsx: React Router, TanStack Query, the route table, the
 * providers) in one chunk, `console`, built the same way: what it imports statically beyond the entry. The
 * sign-in page of a signed-out visit needs none of it (src/main.tsx); every signed-in page needs all of it, so
 * Rolldown must not share its parts with the screens in small chunks. The shell's group comes after it.
 */
const START_CONSOLE = resolve('src/app/startConsole.tsx');
let consoleModules: Set<string> | undefined;
function consoleGroup(id: string, ctx: ChunkingContext): string | null {
  consoleModules ??= staticImports(START_CONSOLE, ctx);
  // startConsole itself stays the dynamic entry's own (small) chunk, which main.tsx imports and the size checks
  // (scripts/chunks.ts) find by its name; it imports `console`.
  return id !== START_CONSOLE && consoleModules.has(id) ? 'console' : null;
}

let shellModules: Set<string> | undefined;
function shellGroup(id: string, ctx: ChunkingContext): string | null {
  shellModules ??= staticImports(SHELL, ctx);
  // AppLayout itself stays the dynamic entry's own (small) chunk, which the router imports and the size checks
  // (scripts/chunks.ts) find by its name; it imports `shell`.
  return id !== SHELL && shellModules.has(id) ? 'shell' : null;
}

/**
 * The shell's late parts (src/app/shell/late.ts: the navigation, the colour scheme's popover, the sign-out dialog,
 * loaded once the page is idle) in one chunk, `shell-late`, built the same way: what late.ts imports statically
 * beyond the entry and the shell. Left to itself Rolldown would share their parts (Floating UI, Popover, Modal,
 * ScrollArea) with the screens that use them in small chunks; as one chunk it is loaded once, at idle, on every
 * signed-in page, and the screens find it loaded (scripts/chunks.ts counts it with the shell).
 */
const SHELL_LATE = resolve('src/app/shell/late.ts');
let lateModules: Set<string> | undefined;
function shellLateGroup(id: string, ctx: ChunkingContext): string | null {
  lateModules ??= staticImports(SHELL_LATE, ctx);
  // late.ts itself stays the dynamic entry's own (tiny) chunk, as AppLayout does (scripts/chunks.ts finds it).
  return id !== SHELL_LATE && lateModules.has(id) ? 'shell-late' : null;
}

/**
 * The same for the project dashboard (the screen a project's links and bookmarks open): what
 * src/features/projects/DashboardPage.tsx imports statically beyond the entry and the shell (the groups above
 * take those first) in one chunk, `dashboard-deps`. Left to itself Rolldown split it into ~15 small chunks by
 * which other screens share each part (Skeleton, SimpleGrid, Field, the RFI and meeting queries…), each a request
 * after the entry on the dashboard's path. A screen that shares a part of it loads the whole (a few KB).
 */
const PANELS = resolve('src/features/projects/work') + '/';
let dashboardModules: Set<string> | undefined;
function dashboardGroup(id: string, ctx: ChunkingContext): string | null {
  dashboardModules ??= staticImports(DASHBOARD, ctx);
  return id !== DASHBOARD && dashboardModules.has(id) && !id.startsWith(PANELS) ? 'dashboard-deps' : null;
}

/**
 * The signed-in shell's and the dashboard's code requested while the entry downloads, not after it has run
 * (docs/performance.md, Lighthouse, part 4, fourth step). The entry finds a route's chunks only once it has
 * arrived (~150 KB gzip), been evaluated, read config.json and created the router: on a slow link that was a
 * second round of downloads after the first. `index.html` gets a small script of its own (after
 * color-scheme.js and like it a classic script in the head, so it runs before the entry does: an async one is
 * fetched at low priority and ran after the entry in some loads; a file, not an inline script: CSP
 * `script-src 'self'`) that, on a signed-in tab (a session in
 * sessionStorage) at a signed-in address, adds `<link rel="modulepreload">` for the shell's chunks (and a
 * stylesheet preload for its CSS), and for the dashboard's at a project's address. The entry's own `import()`s
 * then find them fetched or on their way (Vite's preload helper skips a link it finds; the module map dedupes).
 * Nothing changes for the sign-in page or a signed-out visit (or where sessionStorage is blocked: the script then
 * does nothing). Its name carries the hash of its text.
 */
const BOOT_SESSION_KEY = 'pm-console.session'; // src/api/session.ts
function routePreload(): Plugin {
  return {
    name: 'pm-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = (id: string) => chunks.find((c) => c.facadeModuleId === id);
      const byFile = (file: string) => chunks.find((c) => c.fileName === file);
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const closure = (start: string[], skip = new Set<string>()) => {
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file) || skip.has(file)) return;
          seen.add(file);
          byFile(file)?.imports.forEach(walk);
        };
        start.forEach(walk);
        return seen;
      };
      const inEntry = closure([entry.fileName]);
      const filesOf = (id: string, skip: Set<string>) => {
        const chunk = byModule(id);
        if (!chunk) throw new Error(`route preload: no chunk for ${id}`);
        const js = [...closure([chunk.fileName], skip)];
        const css = js.flatMap((f) => [
          ...((byFile(f) as { viteMetadata?: { importedCss: Set<string> } })?.viteMetadata?.importedCss ??
            []),
        ]);
        return [...js, ...css];
      };
      const start = filesOf(START_CONSOLE, inEntry);
      const shell = filesOf(SHELL, new Set([...inEntry, ...start])).filter((f) => !start.includes(f));
      const dashboard = filesOf(DASHBOARD, new Set([...inEntry, ...start, ...shell])).filter(
        (f) => !start.includes(f) && !shell.includes(f),
      );
      const source = `// A signed-in page's code, requested with the entry (vite.config.ts, routePreload).
(function () {
  try {
    if (!window.sessionStorage.getItem(${JSON.stringify(BOOT_SESSION_KEY)})) return;
    var base = new URL('.', document.baseURI).pathname;
    var path = window.location.pathname;
    if (path.toLowerCase().indexOf(base.toLowerCase()) !== 0) return;
    path = '/' + path.slice(base.length);
    var files = ${JSON.stringify(start)};
    // At /signin with a session the console starts too (it sends the tab on to its next= page).
    if (!/^\\/signin\\/?$/i.test(path)) files = files.concat(${JSON.stringify(shell)});
    if (/^\\/projects\\/\\d+\\/?$/.test(path)) files = files.concat(${JSON.stringify(dashboard)});
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      var css = /\\.css$/.test(files[i]);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      link.crossOrigin = '';
      link.href = new URL(files[i], document.baseURI).href;
      document.head.appendChild(link);
    }
  } catch (e) {}
})();
`;
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      html.source = String(html.source).replace(
        '<script type="module"',
        `<script src="./${fileName}"></script>\n    <script type="module"`,
      );
    },
  };
}

/**
 * The service worker (docs/offline.md, "The app shell and the service worker"): Workbox's generated `sw.js`
 * (+ its runtime `workbox-<hash>.js`) precaches the app shell and every screen's code, so the console starts with
 * no network; src/app/serviceWorker.ts registers it lazily and asks before a new build takes over (UpdatePrompt).
 * Every URL in it is relative to the worker's own location (the build's folder, under any sub-path): Workbox
 * resolves the precache list and the fallback against `self.location`, and the scope is the worker's folder.
 * It never answers the service's calls: it routes only GET navigations (page addresses, never the API paths) and
 * config.json; every other request goes to the network as if there were no worker.
 */
/**
 * exceljs's bare build is a browserify bundle whose module loader asks for a global `require` it never gets in a
 * browser (`"function"==typeof require&&require`). Left in, Rolldown adds its `__require` shim to the runtime
 * chunk every page loads (~0.2 KB gzip on the sign-in route); the test is always false in a browser, so it is
 * written as false.
 */
function excelWithoutRequire(): Plugin {
  const TEST = '"function"==typeof require&&require';
  return {
    name: 'pm-exceljs-without-require',
    apply: 'build',
    transform(code, id) {
      if (!/exceljs[\\/]dist[\\/]exceljs\.bare\.min\.js$/.test(id) || !code.includes(TEST)) return null;
      return { code: code.replaceAll(TEST, '!1'), map: null };
    },
  };
}

/** The chunk exceljs is built into (the `exceljs` group below), by its file name. */
const EXCEL_CHUNK_GLOB = 'assets/exceljs-*.js';
const API_PATHS = [/\/api\/internal\//, /\/json\/reply\//, /\/requestlogs(?:\.json)?(?:[/?]|$)/];
const pwaOptions = {
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false, // src/app/serviceWorker.ts, after the first render
  manifest: false, // public/manifest.webmanifest, linked from index.html
  // `PM_SERVICE_WORKER=off npm run build`: a sw.js that removes itself and its caches from every browser that
  // installed an earlier one (docs/offline.md, "Removing the worker"). Deleting sw.js would leave them in place.
  // Such a build does not register a worker either.
  selfDestroying: process.env.PM_SERVICE_WORKER === 'off',
  workbox: {
    // What the build writes, less the compressed copies (other extensions), version.json (what the host
    // publishes now: read from the network, never from the worker) and config.json (a deployment edits it).
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,webmanifest}'],
    // The Excel chunk (exceljs, ~250 KB gzip: src/ui/xlsx/excel.ts) is not precached: every install and update
    // would fetch it for the few who export or import a workbook. It is cached on first use instead (below).
    globIgnores: ['**/node_modules/**', EXCEL_CHUNK_GLOB],
    // The largest screen chunk is ~0.5 MB; a larger file would be left out (the build fails instead: the plugin's
    // default), so allow some room.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // Page addresses (deep links, reloads) get the precached index.html; the service's routes and files never.
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [...API_PATHS, /\/[^/?]+\.[a-z0-9]+(?:\?|$)/i],
    // A new build waits until the user says Reload (UpdatePrompt sends SKIP_WAITING); the first install takes the
    // open page at once, so it works offline without a reload (nothing older controlled it).
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // The Excel chunk, the first time a workbook is exported or imported online; from the cache afterwards,
        // offline too (its name carries its hash, so a cached file is never stale; the last two builds' kept).
        // (The pattern written out: the function is copied into sw.js as text, without this file's constants.)
        urlPattern: ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
          sameOrigin && /\/assets\/exceljs-[\w-]+\.js$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'pm-excel',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 2 },
        },
      },
      {
        // config.json: always the deployment's current file when online, the last one read when offline.
        urlPattern: ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
          sameOrigin && url.pathname.endsWith('/config.json'),
        handler: 'NetworkFirst',
        options: { cacheName: 'pm-config', cacheableResponse: { statuses: [200] } },
      },
    ],
  },
} satisfies Partial<VitePWAOptions>;

export default defineConfig({
  // Every URL the build writes is relative: index.html's to its <base href> (docs/deploy.md, "Sub-paths"), a
  // chunk's imports, CSS url()s and the decode worker to the file that names them. So one build runs at any path.
  base: './',
  plugins: [react(), excelWithoutRequire(), VitePWA(pwaOptions), routePreload(), publish()],
  define: {
    __PM_VERSION__: JSON.stringify(build.version),
    __PM_COMMIT__: JSON.stringify(build.commit),
    // src/main.tsx registers the worker unless the build removes it (PM_SERVICE_WORKER=off, below).
    __PM_SERVICE_WORKER__: JSON.stringify(process.env.PM_SERVICE_WORKER !== 'off'),
  },
  resolve: {
    // exceljs's package entry for browsers (dist/exceljs.min.js) carries core-js and regenerator polyfills the
    // console's browsers do not need; the bare build is the same library without them (~90 KB less).
    alias: [{ find: /^exceljs$/, replacement: resolve('node_modules/exceljs/dist/exceljs.bare.min.js') }],
  },
  server: {
    proxy: {
      '/api/internal': service,
      '/json/reply': service,
      '/requestlogs': service,
    },
  },
  build: {
    // scripts/size.mjs and scripts/chunks.ts read the manifest to find the routes' chunks; publish() moves it
    // out of the output folder.
    manifest: true,
    // React, ReactDOM and the scheduler in one chunk: left to itself Rolldown splits them into several small
    // chunks (once enough lazy screens share them), which costs the sign-in first load ~2 KB of gzip overhead.
    // Then the rest of what the entry imports statically in the entry chunk itself (`$initial`): left to itself
    // Rolldown put every part of it that a lazy screen shares into a chunk of its own (the entry came in 11
    // files), though every page loads them all at start; on a slow link each file costs a round trip (the browser
    // opens 6 connections per host: docs/performance.md, Lighthouse). 3 files now, and 4 KB less gzip.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // exceljs in a chunk of its own with a name the service worker's rules and scripts/chunks.ts know.
            { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/, priority: 6 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            { name: 'index', tags: ['$initial'], priority: 4 },
            { name: consoleGroup, priority: 3 },
            { name: shellGroup, priority: 2 },
            { name: dashboardGroup, priority: 1 },
            { name: shellLateGroup, priority: 0 },
          ],
        },
      },
    },
  },
});
