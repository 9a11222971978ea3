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
  it('refuses server/handlers in server/db', async () => {
    const messages = await restrictedImports(
      'server/db/x.ts',
      "import { stmt } from '../handlers/common';\nexport const s = stmt;\n",
    );
    expect(messages).toEqual([expect.stringContaining('server/db is the lowest layer')]);
  });

  it('refuses server/handlers, server/http and app.ts in files below server/db', async () => {
    for (const source of ['../../handlers/common', '../../http/headers', '../../app']) {
      const messages = await restrictedImports(
        'server/db/seed/x.ts',
        `import * as m from '${source}';\nexport const n = m;\n`,
      );
      expect(messages, source).toEqual([expect.stringContaining('server/db is the lowest layer')]);
    }
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
