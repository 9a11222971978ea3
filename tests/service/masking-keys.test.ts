// Issue 33, point 5: a value shaped like this install's session and API keys (`randomKey`: 24 random bytes in
// base64url) is masked in every stored text, whatever name carried it — and nothing else is: not the session
// log ids (`sess-<16 hex>`), hashes, the contract's operation and field names, or ordinary words. Also the
// text masking by names (`maskText`, `maskBody`) for the names the shared rule adds.
import { describe, expect, it } from 'vitest';
import { operationNames, operations } from '../../src/contract/operations';
import { maskBody, maskKeys, maskText, MASK, scrub, sessionLogId } from '../../server/core/masking';
import { unparsedBody } from '../../server/core/log-row';
import { randomKey } from '../../server/passwords';
import { SECRET_NAMES, SECRET_NAME_ENDINGS } from '../../src/contract/secrets';

describe('key-shaped values', () => {
  it('masks every key the install makes, wherever it stands in a text', () => {
    for (let i = 0; i < 20_000; i++) {
      const key = randomKey();
      expect(maskKeys(key), key).toBe(MASK);
      expect(maskKeys(`{"note":"see ${key}, then"}`), key).toBe(`{"note":"see ${MASK}, then"}`);
      expect(maskKeys(`/x?k=${key}&y=1`), key).toBe(`/x?k=${MASK}&y=1`);
    }
  });

  it('masks them in scrubbed text even when the request carried no secret by name', () => {
    const key = randomKey();
    expect(scrub(`Bearer-less ${key}`, new Set())).toBe(`Bearer-less ${MASK}`);
  });

  it('leaves session log ids, hashes, names and words alone', () => {
    const texts = [
      sessionLogId(randomKey()),
      'a'.repeat(64),
      '0123456789abcdef0123456789abcdef',
      '0123456789ABCDEF0123456789ABCDEF',
      'and-a-rather-long-hyphenated-slug',
      'the_quick_brown_fox_jumps_over_a',
      'Project-Alpha-Site-Walkthrough-1',
      'PunchListCreateManyRequestExtras',
      '2025-014-LHP-MOB-22-HDG-2318-aaa',
      ...operationNames,
      ...operationNames.map((name) => operations[name].path),
    ];
    for (const text of texts) expect(maskKeys(text), text).toBe(text);
    // A run longer or shorter than a key is no key.
    const key = randomKey();
    expect(maskKeys(`${key}A`)).toBe(`${key}A`);
    expect(maskKeys(key.slice(1))).toBe(key.slice(1));
  });
});

describe('masking text by the shared rule of names', () => {
  it('masks any secret name in JSON text, quoted, single-quoted or bare', () => {
    expect(maskText(`{"access_token": "abc", "projectId": 1}`)).toBe(
      `{"access_token": "${MASK}", "projectId": 1}`,
    );
    expect(maskText(`{'Client-Secret': 'abc'}`)).toBe(`{'Client-Secret': "${MASK}"}`);
    expect(maskText(`{newPassword: abc}`)).toBe(`{newPassword: "${MASK}"}`);
    expect(maskText('x=1&api_key=abc&passwd=def')).toBe(`x=1&api_key=${MASK}&passwd=${MASK}`);
  });

  it('masks every name of the shared rule, with separators anywhere, in text and in a JSON body', () => {
    const names = [...SECRET_NAMES, ...SECRET_NAME_ENDINGS.map((e) => `x${e}`), 'passwordConfirmation'];
    const spellings = (name: string) => [
      name,
      name.toUpperCase(),
      [...name].join('_'),
      [...name].join('-'),
      [...name].join('.'),
    ];
    for (const name of names) {
      for (const written of spellings(name)) {
        expect(maskText(`{"${written}": "abcdef"}`), written).toBe(`{"${written}": "${MASK}"}`);
        expect(maskText(`${written}: abcdef`), written).toBe(`${written}: "${MASK}"`);
        expect(maskBody(`{"a": {"b": [{"${written}": "abcdef"}]}}`), written).not.toContain('abcdef');
      }
    }
  });

  it('re-writes a JSON body whose secret name holds an object or a list', () => {
    const masked = maskBody(
      '{"currentPassword": {"value": "abcdef"}, "tokens": ["x"], "id_token": ["abcdef"]}',
    );
    expect(JSON.parse(masked)).toEqual({ currentPassword: MASK, tokens: ['x'], id_token: MASK });
  });

  it('notes an unparsed body by type and UTF-8 size only', () => {
    expect(unparsedBody('<a>ü</a>', 'application/xml; charset=utf-8')).toBe(
      '[unparsed application/xml body, 9 bytes]',
    );
    expect(unparsedBody('x', undefined)).toBe('[unparsed body, 1 bytes]');
    expect(unparsedBody('x', 'text/plain; password=abc')).toBe('[unparsed text/plain body, 1 bytes]');
    expect(unparsedBody('x', `a/${randomKey()}`)).toBe('[unparsed body, 1 bytes]');
  });
});
