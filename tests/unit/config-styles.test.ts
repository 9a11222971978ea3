// Mantine's stylesheets are imported per component file, not as the whole 30 KB bundle: the sign-in route's in
// src/app/styles/mantineBase.ts (the entry), every other component the console uses in mantineRest.ts (with the
// signed-in shell), each package's own styles.css beside the code that uses the package. This test walks the
// import graph from every `@mantine/*` import in src/ down to the components' class-name modules
// (`*.module.mjs`), so a component added anywhere without its stylesheet fails here, naming the file to add.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const MANTINE = 'node_modules/@mantine';
const STYLES = `${MANTINE}/core/styles`;
const imported = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((m) => m[1]);

const base = imported('src/app/styles/mantineBase.ts');
const rest = imported('src/app/styles/mantineRest.ts');
const all = readdirSync(STYLES)
  .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
  .map((f) => f.replace(/\.css$/, ''));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}
const sources = sourceFiles('src').map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** Where each name a package's ESM index exports comes from. */
const exportsOf = new Map<string, Map<string, string>>();
function resolveExport(pkg: string, name: string): string | undefined {
  if (!exportsOf.has(pkg)) {
    const index = join(MANTINE, pkg, 'esm/index.mjs');
    const map = new Map<string, string>();
    for (const m of readFileSync(index, 'utf8').matchAll(/import \{([^}]+)\} from "(\.[^"]+)"/g))
      for (const n of m[1].split(','))
        map.set(
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
          join(dirname(index), m[2]),
        );
    exportsOf.set(pkg, map);
  }
  return exportsOf.get(pkg)!.get(name);
}

const names = (list: string) =>
  list
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x && !x.startsWith('type '))
    .map((x) => x.split(/\s+as\s+/)[0]);

/** The class names (m_…) of every core component reachable from the console's Mantine imports. */
function usedClasses(): Set<string> {
  const seen = new Set<string>();
  const classes = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.module.mjs')) for (const c of text.matchAll(/"(m_[0-9a-f]+)"/g)) classes.add(c[1]);
    for (const m of text.matchAll(/from "(\.[^"]+)"/g)) walk(join(dirname(file), m[1]));
    for (const m of text.matchAll(/import \{([^}]+)\} from "@mantine\/(core|dates)"/g))
      for (const n of names(m[1])) {
        const target = resolveExport(m[2], n);
        if (target) walk(target);
      }
  };
  for (const { text } of sources)
    for (const m of text.matchAll(
      /import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/(core|dates|spotlight|notifications|nprogress)'/g,
    ))
      for (const n of names(m[1])) {
        const target = resolveExport(m[2], n);
        if (target) walk(target);
      }
  return classes;
}

/** The core stylesheets that define any of those classes. */
function neededStylesheets(): string[] {
  const classes = usedClasses();
  return all.filter((name) =>
    [...readFileSync(join(STYLES, `${name}.css`), 'utf8').matchAll(/\.(m_[0-9a-f]+)\b/g)].some((m) =>
      classes.has(m[1]),
    ),
  );
}

// Position of each file's first rule in the full bundle.
const full = readFileSync(`${MANTINE}/core/styles.css`, 'utf8');
function position(name: string): number {
  const css = readFileSync(join(STYLES, `${name}.css`), 'utf8');
  const head = css.trim().slice(0, 120);
  const at = full.indexOf(head);
  if (at >= 0) return at;
  const firstClass = /\.m_[0-9a-f]+/.exec(css)?.[0];
  return firstClass ? full.indexOf(firstClass) : -1;
}

describe('Mantine styles', () => {
  it('imports the stylesheet of every core component the console uses', () => {
    const needed = neededStylesheets();
    // Sanity: the walk finds what the sign-in form and the shell obviously use.
    expect(needed).toEqual(expect.arrayContaining(['Button', 'Input', 'AppShell', 'Table', 'Combobox']));
    const have = new Set([...base, ...rest]);
    expect(needed.filter((n) => !have.has(n))).toEqual([]);
  });

  it('imports no stylesheet that no component the console uses needs', () => {
    const needed = new Set([...neededStylesheets(), 'baseline', 'default-css-variables', 'global']);
    expect([...base, ...rest].filter((n) => !needed.has(n))).toEqual([]);
  });

  it('imports no core stylesheet twice, and only real ones', () => {
    expect(new Set([...base, ...rest]).size).toBe(base.length + rest.length);
    expect([...base, ...rest].filter((n) => !all.includes(n))).toEqual([]);
  });

  it('keeps Mantine order inside each part', () => {
    for (const list of [base, rest]) {
      const positions = list.map(position);
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('starts with the global styles', () => {
    expect(base.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it("imports each package's styles.css beside the code that uses the package", () => {
    for (const pkg of ['dates', 'spotlight', 'notifications', 'nprogress', 'charts']) {
      const users = sources.filter(({ text }) =>
        new RegExp(`import\\s*\\{[^}]*\\b[A-Z]\\w*[^}]*\\}\\s*from\\s*'@mantine/${pkg}'`).test(text),
      );
      const styled = sources.filter(({ text }) => text.includes(`import '@mantine/${pkg}/styles.css'`));
      if (users.length === 0) continue;
      // One import of the package's styles: with the entry's (always loaded), or in a module that uses one of
      // the package's components (so the styles come with that module's chunk).
      expect(
        styled.map((s) => s.file),
        pkg,
      ).toHaveLength(1);
      const at = styled[0].file;
      expect(
        at === join('src/app/styles/mantineBase.ts') || users.some((u) => u.file === at),
        `${pkg}: styles.css in ${relative('.', at)}`,
      ).toBe(true);
    }
  });
});
