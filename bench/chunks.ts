// Lazily loaded screens of a build (issue 10, part `chunks` of `npm run bench`): what opening each route
// fetches beyond what is already loaded, JS + CSS gzip (level 9, as scripts/size.mjs counts), from the Vite
// manifest (build.manifest, kept beside the build: scripts/manifest-path.mjs) and the route tree in
// src/app/router.tsx.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findManifest, manifestPathFor } from '../scripts/manifest-path.mjs';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Each route's lazy modules (the import() specifiers between one route's `path:`/`index:`/`id:` and the next).
 * A path is a literal (`path: 'signin'`) or a pattern from src/routes (`path: routes.signIn.pattern`).
 */
export function routeGroups(routerSource: string): { route: string; modules: string[] }[] {
  const marks = [
    ...routerSource.matchAll(/\b(path: (?:'[^']*'|routes\.\w+\.pattern)|index: true|id: '[^']*')/g),
  ];
  return marks
    .map((m, i) => {
      const text = routerSource.slice(m.index, marks[i + 1]?.index ?? routerSource.length);
      const modules = [...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((x) =>
        join('src/app', x[1]).replace(/\\/g, '/'),
      );
      return { route: m[1], modules: [...new Set(modules)] };
    })
    .filter((g) => g.modules.length > 0);
}

/**
 * The signed-in console's start (src/app/startConsole: React Router, TanStack Query, the route table, the
 * providers), imported by src/main.tsx on every signed-in page before any route: loaded for the shell and the
 * screens, and reported on its own (a signed-out visit's sign-in page does not load it).
 */
const CONSOLE_MODULE = 'src/app/startConsole';
const SHELL_MODULE = 'src/app/shell/AppLayout';
/**
 * The shell's late parts (navigation, popover, sign-out dialog): a chunk the shell loads on every signed-in page
 * once it is idle (src/app/shell/idle.ts), so it counts with the shell, and as loaded for the screens inside it.
 */
const SHELL_LATE_MODULE = 'src/app/shell/late';

/** The sign-in route is outside the signed-in shell. */
const isSignIn = (route: string) => route === "path: 'signin'" || route === 'path: routes.signIn.pattern';

/**
 * Each lazy route's own load, JS + CSS gzip (level 9, as scripts/size.mjs): the chunks of its lazy modules and
 * their static imports, less what is already loaded when it is opened — the entry's chunks, the console's start
 * (startConsole) and, for the screens inside the signed-in shell, the shell's (AppLayout, which loads first). The
 * console's start (route `console`) and the shell are reported on their own.
 */
export function lazyScreens(dist: string, routerSource: string) {
  const path = findManifest(dist);
  if (!path) throw new Error(`${manifestPathFor(dist)} is missing: build the console first`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k].imports ?? [], seen);
    }
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const inEntry = closure([entryKey]);
  const gz = new Map<string, number>();
  const gzip = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  const keyOf = (module: string) =>
    ['.tsx', '.ts', ''].map((ext) => module + ext).find((k) => manifest[k]?.isDynamicEntry);
  const consoleKey = keyOf(CONSOLE_MODULE);
  const inConsole = consoleKey ? closure([consoleKey]) : new Set<string>();
  const groups = [
    ...(consoleKey ? [{ route: 'console', modules: [CONSOLE_MODULE] }] : []),
    ...routeGroups(routerSource),
  ];
  const shellKey = keyOf(SHELL_MODULE);
  const lateKey = keyOf(SHELL_LATE_MODULE);
  const shellKeys = [shellKey, lateKey].filter((k): k is string => k !== undefined);
  const inShell = shellKey ? closure(shellKeys) : new Set<string>();
  return groups
    .map(({ route, modules }) => {
      const keys = modules.map(keyOf).filter((k): k is string => k !== undefined);
      const isShell = shellKey !== undefined && keys.includes(shellKey);
      const isConsole = route === 'console';
      const loaded = (k: string) =>
        inEntry.has(k) ||
        (!isConsole && inConsole.has(k)) ||
        (!isShell && !isConsole && !isSignIn(route) && inShell.has(k));
      const own = [...closure(isShell ? [...keys, ...shellKeys] : keys)].filter((k) => !loaded(k));
      const files = new Set<string>();
      for (const k of own) {
        files.add(manifest[k].file);
        for (const c of manifest[k].css ?? []) files.add(c);
      }
      const list = [...files].map((f) => ({ file: f, gzip: gzip(f) }));
      return {
        route,
        shell: isShell,
        console: isConsole,
        modules: modules.map((m) => m.replace(/^src\//, '')),
        jsGzip: list.filter((f) => f.file.endsWith('.js')).reduce((s, f) => s + f.gzip, 0),
        cssGzip: list.filter((f) => f.file.endsWith('.css')).reduce((s, f) => s + f.gzip, 0),
        files: list.map((f) => f.file).sort(),
      };
    })
    .map((s) => ({ ...s, totalGzip: s.jsGzip + s.cssGzip }))
    .sort((a, b) => b.totalGzip - a.totalGzip);
}
