// The import boundaries of eslint.config.js bite: a file of server/db importing the handlers (or the HTTP layer)
// is an error, a file of the handlers importing server/db is not (issue 20: the data layer is the lowest).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('eslint import boundaries', () => {
  it.each([
    ['server/db/x.ts', '../handlers/common'],
    ['server/db/seed/x.ts', '../../handlers/common'],
    ['server/db/seed/x.ts', '../../http/headers'],
    ['server/db/seed/x.ts', '../../app'],
  ])('refuses in %s an import of %s', async (filePath, source) => {
    const messages = await restrictedImports(
      filePath,
      `import * as m from '${source}';\nexport const n = m;\n`,
    );
    expect(messages).toEqual([expect.stringContaining('server/db is the lowest layer')]);
  });

  it('keeps the console out of server/db too', async () => {
    const messages = await restrictedImports(
      'server/db/x.ts',
      "import { call } from '../../src/api/client';\nexport const c = call;\n",
    );
    expect(messages).toEqual([expect.stringContaining('server/ imports only src/contract')]);
  });

  it('lets server/db import its own modules and the contract, and the handlers import server/db', async () => {
    expect(
      await restrictedImports(
        'server/db/x.ts',
        "import { dayMs } from './text-dates';\nimport { folderTypes } from '../../src/contract/codes';\nexport const d = [dayMs, folderTypes];\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'server/handlers/x.ts',
        "import { dayMs } from '../db/text-dates';\nexport const d = dayMs;\n",
      ),
    ).toEqual([]);
  });
});
