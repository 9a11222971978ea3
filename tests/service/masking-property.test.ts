// Issue 16, finding 4: masking works on what the service understood. For every secret name, written in any
// casing, percent-encoded or JSON-escaped character by character, and carried in the query string (and so the
// absolute URI), a form body, a JSON body, an additionalInfo pair, a header or the Referer, the secret value
// never appears in any column of the stored log row. Before the fix, `pass%77ord=…` in the query and a
// password in additionalInfo were stored in clear.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';

const SECRET_NAMES = ['password', 'authSessionKey', 'apiKey', 'sessionKey', 'secret', 'token'];
const SECRET_HEADERS = ['authorization', 'cookie', 'x-auth-session-key', 'x-api-key', 'proxy-authorization'];

/** One spelling of a name: each character upper or lower case, and escaped or not, as the carrier allows. */
function spelling(escape: 'percent' | 'json' | 'none') {
  return (name: string) =>
    fc.tuple(...[...name].map(() => fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()))).map((flags) =>
      [...name]
        .map((ch, i) => {
          const [upper, escaped, lowerHex] = flags[i];
          const c = upper ? ch.toUpperCase() : ch.toLowerCase();
          if (!escaped || escape === 'none') return c;
          const hex = c
            .charCodeAt(0)
            .toString(16)
            .padStart(escape === 'json' ? 4 : 2, '0');
          const h = lowerHex ? hex.toLowerCase() : hex.toUpperCase();
          return escape === 'json' ? `\\u${h}` : `%${h}`;
        })
        .join(''),
    );
}

const secretValue = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/);

describe('no secret value reaches the stored log, whatever carries it and however its name is written', () => {
  const h = useHarness();
  let key: string;
  let db: Database.Database;
  beforeAll(async () => {
    key = (await h.signIn('pm')).sessionKey;
    db = new Database(join(h.dataDir, 'pm.sqlite'), { readonly: true });
  });
  afterAll(() => {
    db?.close();
  });

  /** Sends one request and returns the whole stored row as text (every column). */
  async function storedText(send: () => Promise<unknown>): Promise<string> {
    await h.service.app.log.written();
    const before = (db.prepare('SELECT max(id) AS id FROM request_log').get() as { id: number }).id;
    await send();
    await h.service.app.log.written();
    const rows = db.prepare('SELECT * FROM request_log WHERE id > ?').all(before);
    expect(rows.length).toBeGreaterThan(0);
    return JSON.stringify(rows);
  }

  /** The value to carry: the real session key when the name is authSessionKey (so the request binds). */
  const valueFor = (name: string, random: string) => (name === 'authSessionKey' ? key : random);

  const carriers: Record<string, fc.Arbitrary<() => Promise<string>>> = {
    'query string and absolute URI': fc
      .constantFrom(...SECRET_NAMES)
      .chain((name) => fc.tuple(fc.constant(name), spelling('percent')(name), secretValue))
      .map(([name, written, random]) => async () => {
        const value = valueFor(name, random);
        await h.request('POST', `/api/internal/project/get?${written}=${value}&projectId=1`, {
          body: { authSessionKey: key },
        });
        return value;
      }),
    'form body': fc
      .constantFrom(...SECRET_NAMES)
      .chain((name) => fc.tuple(fc.constant(name), spelling('percent')(name), secretValue))
      .map(([name, written, random]) => async () => {
        const value = valueFor(name, random);
        const session = name === 'authSessionKey' ? '' : `authSessionKey=${key}&`;
        await h.request('POST', '/api/internal/project/get', {
          body: `${session}projectId=1&${written}=${value}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        return value;
      }),
    'JSON body (names JSON-escaped)': fc
      .constantFrom(...SECRET_NAMES)
      .chain((name) => fc.tuple(fc.constant(name), spelling('json')(name), secretValue))
      .map(([name, written, random]) => async () => {
        const value = valueFor(name, random);
        const session = name === 'authSessionKey' ? '' : `"authSessionKey": "${key}", `;
        await h.request('POST', '/api/internal/project/get', {
          body: `{${session}"projectId": 1, "${written}": "${value}"}`,
        });
        return value;
      }),
    'additionalInfo pair': fc
      .tuple(
        fc.constantFrom(...SECRET_NAMES).chain(spelling('none')),
        spelling('json')('propertyName'),
        spelling('json')('propertyValue'),
        secretValue,
      )
      .map(([written, nameKey, valueKey, value]) => async () => {
        await h.request('POST', '/api/internal/project/get', {
          body: `{"authSessionKey": "${key}", "projectId": 1, "additionalInfo": [{"${nameKey}": "${written}", "${valueKey}": "${value}"}]}`,
        });
        return value;
      }),
    header: fc
      .tuple(fc.constantFrom(...SECRET_HEADERS).chain(spelling('none')), fc.boolean(), secretValue)
      .map(([header, bearer, value]) => async () => {
        await h.request('POST', '/api/internal/project/get', {
          body: { authSessionKey: key, projectId: 1 },
          headers: { [header]: bearer ? `Bearer ${value}` : value },
        });
        return value;
      }),
    'Referer URL': fc
      .constantFrom(...SECRET_NAMES)
      .chain((name) => fc.tuple(spelling('percent')(name), secretValue))
      .map(([written, value]) => async () => {
        await h.request('POST', '/api/internal/project/get', {
          body: { authSessionKey: key, projectId: 1 },
          headers: { referer: `https://console.example/projects/1?${written}=${value}` },
        });
        return value;
      }),
  };

  for (const [carrier, arbitrary] of Object.entries(carriers)) {
    it(`${carrier}: the value is never stored`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (send) => {
          let value = '';
          const text = await storedText(async () => {
            value = await send();
          });
          expect(text).not.toContain(value);
        }),
        { numRuns: 40 },
      );
    });
  }
});
