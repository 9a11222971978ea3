// The one-way layers (docs/ARCHITECTURE.md, eslint.config.js): ESLint itself, through its Node API, on snippets
// placed in the layers' folders. The files need not exist: lintText only uses the path to pick the rules.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages for `import ... from source` written in filePath. */
async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export { x } from '${source}';\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layers import one way (eslint.config.js)', () => {
  it('fails a feature that imports src/app', { timeout: 30_000 }, async () => {
    const messages = await restricted('src/features/rfis/x.ts', '../../app/router');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/src\/app is the composition root/);
  });

  it('lets a feature import the layers below it', { timeout: 30_000 }, async () => {
    for (const source of [
      '../../routes/routes',
      '../../routes/useRouteIds',
      '../../config/config',
      '../../session/session',
      '../../api/client',
      '../../ui/ErrorAlert',
      './queries',
    ]) {
      expect(await restricted('src/features/rfis/x.ts', source), source).toEqual([]);
    }
  });

  it('fails a feature that imports another feature', { timeout: 30_000 }, async () => {
    expect(await restricted('src/features/rfis/x.ts', '../folders/queries')).toHaveLength(1);
  });

  it('fails a shared layer that imports src/app or a feature', { timeout: 30_000 }, async () => {
    for (const layer of ['ui', 'routes', 'session', 'api', 'config']) {
      expect(await restricted(`src/${layer}/x.ts`, '../app/shell/recentPlaces'), layer).toHaveLength(1);
      expect(await restricted(`src/${layer}/x.ts`, '../features/rfis/queries'), layer).toHaveLength(1);
    }
  });

  it('fails a shared layer that imports a layer above it', { timeout: 30_000 }, async () => {
    expect(await restricted('src/config/x.ts', '../api/client')).toHaveLength(1);
    expect(await restricted('src/api/x.ts', '../session/session')).toHaveLength(1);
    expect(await restricted('src/session/x.ts', '../routes/routes')).toHaveLength(1);
    expect(await restricted('src/routes/x.ts', '../ui/format')).toHaveLength(1);
    // Downwards is fine, and so is a module of the same name inside the layer (src/api/session.ts).
    expect(await restricted('src/routes/x.ts', '../config/config')).toEqual([]);
    expect(await restricted('src/api/x.ts', './session')).toEqual([]);
  });

  it('lets the composition root import the features', { timeout: 30_000 }, async () => {
    expect(await restricted('src/app/x.ts', '../features/rfis/loader')).toEqual([]);
  });
});
