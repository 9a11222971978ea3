#!/usr/bin/env node
// First-load size of the sign-in route: the JS and CSS a browser fetches to show /signin from a cold cache,
// gzip-compressed (level 9, as a static server with precompressed files would send them).
//
//   npm run build && node scripts/size.mjs [DIST_DIR] [--budget 150] [--json] [--route-module KEY | --no-route]
//
// DIST_DIR defaults to dist. --route-module names the first route's lazy module (a manifest key; default the
// sign-in page, counted only when it is a chunk of its own); --no-route measures an app without one
// (bench/baseline: everything is in the entry).
//
// What counts: what dist/index.html loads (entry script, the build's classic scripts in assets/, modulepreload
// links, stylesheets), plus the lazy chunks the router fetches for /signin (the sign-in page module and its static
// imports and CSS, found in Vite's manifest). Not counted: index.html itself, config.json and the favicon (a few
// hundred bytes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findManifest, manifestPathFor } from './manifest-path.mjs';

const SIGN_IN_MODULE = 'src/features/auth/SignInPage.tsx';
const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget') + 1]) || 150;
const asJson = args.includes('--json');
const valued = new Set(['--budget', '--route-module']);
const DIST = args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1])) ?? 'dist';
const routeModule = args.includes('--no-route')
  ? undefined
  : args.includes('--route-module')
    ? args[args.indexOf('--route-module') + 1]
    : SIGN_IN_MODULE;

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
// Beside the build, not in it (vite.config.ts moves it out of the published files; scripts/manifest-path.mjs).
const manifestPath = findManifest(DIST);
if (!manifestPath) {
  console.error(`${manifestPathFor(DIST)} is missing: build with build.manifest (vite.config.ts sets it).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// Each file once, as `/assets/…` from the output folder: index.html names them relative to its <base href>
// (`./assets/…`, vite.config.ts has base './'), a build with the default base from the root (`/assets/…`), the
// manifest from the output folder (`assets/…`).
const files = new Set();
const addFile = (f) => files.add(`/${f.replace(/^\.?\//, '')}`);
const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  if (tag.startsWith('<script') && /type="module"/.test(tag) && attr(tag, 'src')) addFile(attr(tag, 'src'));
  // A classic script the build writes (assets/route-preload-<hash>.js: vite.config.ts, routePreload) loads on every
  // page too.
  if (tag.startsWith('<script') && /assets\//.test(attr(tag, 'src') ?? '')) addFile(attr(tag, 'src'));
  if (tag.startsWith('<link')) {
    const rel = attr(tag, 'rel');
    if (rel === 'modulepreload' || rel === 'stylesheet') addFile(attr(tag, 'href'));
  }
}

// The sign-in route's lazy chunk, its static imports (transitively) and their CSS.
function addChunk(key, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  addFile(chunk.file);
  for (const css of chunk.css ?? []) addFile(css);
  for (const imp of chunk.imports ?? []) addChunk(imp, seen);
}
// A sign-in page bundled into the entry (src/app/router.tsx imports it statically) has no chunk of its own.
if (routeModule && (manifest[routeModule] || args.includes('--route-module'))) addChunk(routeModule);
const entry = Object.values(manifest).find((c) => c.isEntry);
for (const css of entry?.css ?? []) addFile(css);

const rows = [...files]
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => {
    const body = readFileSync(join(DIST, f.slice(1)));
    return { file: f, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const sum = (kind) => rows.filter((r) => r.file.endsWith(kind)).reduce((s, r) => s + r.gzip, 0);
const js = sum('.js');
const css = sum('.css');
const total = js + css;
const kb = (n) => (n / 1024).toFixed(1);

if (asJson) {
  console.log(
    JSON.stringify(
      {
        dist: DIST,
        route: routeModule ? '/signin' : '/',
        jsGzip: js,
        cssGzip: css,
        totalGzip: total,
        budgetKb,
        files: rows,
      },
      null,
      2,
    ),
  );
} else {
  for (const r of rows)
    console.log(`${kb(r.gzip).padStart(7)} KB gz  ${kb(r.raw).padStart(7)} KB  ${r.file}`);
  console.log(
    `Sign-in route first load: JS ${kb(js)} KB + CSS ${kb(css)} KB = ${kb(total)} KB gzip (budget ${budgetKb} KB)`,
  );
}
if (total > budgetKb * 1024) {
  console.error(`Over budget by ${kb(total - budgetKb * 1024)} KB.`);
  process.exit(1);
}
