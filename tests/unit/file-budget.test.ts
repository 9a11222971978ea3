// A room cannot regrow silently (issue 35): every source file of the console and the service stays within a line
// budget — 350 lines for a screen component, 400 for anything else — except the files named below, each held to
// the length it has now (splitting one lowers its entry; growing one fails here). A new entry needs a reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const COMPONENT_MAX = 350;
const FILE_MAX = 400;

/** Files over their budget, each with the most lines it may have, and why it is allowed for now. */
const ALLOWED: Record<string, { max: number; why: string }> = {
  'src/contract/dtos.ts': { max: 480, why: 'one declaration per DTO of the interface, in its order' },
};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts'))
      out.push(path);
  }
  return out;
}

describe('file length budget', () => {
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'server'))].map((path) => ({
    file: relative(root, path).split('\\').join('/'),
    lines: readFileSync(path, 'utf8').split('\n').length - 1,
  }));

  it('keeps every file within its budget, or within its named allowance', () => {
    const over = files
      .filter(({ file, lines }) => {
        const allowed = ALLOWED[file];
        if (allowed) return lines > allowed.max;
        const max = file.startsWith('src/features/') && file.endsWith('.tsx') ? COMPONENT_MAX : FILE_MAX;
        return lines > max;
      })
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it('names no file in the allowance that is back within the budget (lower or drop its entry)', () => {
    const stale = Object.keys(ALLOWED).filter((file) => {
      const found = files.find((f) => f.file === file);
      if (!found) return true;
      const max = file.startsWith('src/features/') && file.endsWith('.tsx') ? COMPONENT_MAX : FILE_MAX;
      return found.lines <= max;
    });
    expect(stale).toEqual([]);
  });
});
