// The Mantine stylesheet is split in two (src/app/styles): together the two lists must hold every core file
// exactly once, each list in the order of Mantine's own styles.css.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLES = 'node_modules/@mantine/core/styles';
const imported = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((m) => m[1]);

const base = imported('src/app/styles/mantineBase.ts');
const rest = imported('src/app/styles/mantineRest.ts');
const all = readdirSync(STYLES)
  .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
  .map((f) => f.replace(/\.css$/, ''));

// Position of each file's first rule in the full bundle.
const full = readFileSync('node_modules/@mantine/core/styles.css', 'utf8');
function position(name: string): number {
  const css = readFileSync(join(STYLES, `${name}.css`), 'utf8');
  const head = css.trim().slice(0, 120);
  const at = full.indexOf(head);
  if (at >= 0) return at;
  const firstClass = /\.m_[0-9a-f]+/.exec(css)?.[0];
  return firstClass ? full.indexOf(firstClass) : -1;
}

describe('Mantine styles split', () => {
  it('covers every core stylesheet exactly once', () => {
    expect([...base, ...rest].sort()).toEqual([...all].sort());
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
});
