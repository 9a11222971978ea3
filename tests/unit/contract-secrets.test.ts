// Issue 33, point 5: one rule for secret names (src/contract/secrets.ts), shared by the service's request-log
// masking and the console's on-screen masking. Names compare case- and separator-insensitively; the rule
// generalises to names ending in a secret word; and of the contract's own request and response fields it
// matches exactly the secret ones.
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';
import type { Schema } from '../../src/contract/schema';
import { isSecretHeader, isSecretName, normalizeName, SECRET_NAMES } from '../../src/contract/secrets';
import { maskDeep, maskHeaders } from '../../src/features/requestlog/model/masking';

describe('secret names', () => {
  it('normalizes case and separators', () => {
    expect(normalizeName('Access-Token')).toBe('accesstoken');
    expect(normalizeName('client_secret')).toBe('clientsecret');
    expect(normalizeName('API.Key')).toBe('apikey');
    expect(normalizeName('session key')).toBe('sessionkey');
  });

  it('matches every listed name in any case and with any separator', () => {
    const names = [
      'access_token',
      'refresh_token',
      'id_token',
      'token',
      'secret',
      'client_secret',
      'password',
      'passwd',
      'pwd',
      'newPassword',
      'oldPassword',
      'currentPassword',
      'api_key',
      'apiKey',
      'authSessionKey',
      'sessionKey',
      'ss-id',
      'ss-pid',
    ];
    expect([...SECRET_NAMES].sort()).toEqual([...names].sort());
    for (const name of names) {
      for (const written of [
        name,
        name.toUpperCase(),
        name.toLowerCase(),
        name.replace(/[-_]/g, ''),
        name.replace(/[-_]/g, '.'),
        name.replace(/([a-z])([A-Z])/g, '$1_$2'),
        name.replace(/([a-z])([A-Z])/g, '$1-$2').toUpperCase(),
      ]) {
        expect(isSecretName(written), written).toBe(true);
      }
    }
  });

  it('generalises to names ending in a secret word, and to any name holding "password"', () => {
    for (const name of [
      'Access-Token',
      'accessToken',
      'x_csrf_token',
      'confirmPassword',
      'new_passwd',
      'appSecret',
      'CLIENT-SECRET',
      'x_api_key',
      'stripeApiKey',
      'userSessionKey',
      'oldPwd',
      'passwordConfirmation',
      'password2',
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
  });

  it('leaves ordinary names alone', () => {
    for (const name of [
      'projectId',
      'sessionId',
      'userAuthId',
      'enableSessionTracking',
      'author',
      'tokenCount',
      'keywords',
      'monkey',
      'secretary',
      'sortKey',
      'passage',
      'ssid2',
      'propertyName',
      'propertyValue',
      'folderDescription',
    ]) {
      expect(isSecretName(name), name).toBe(false);
    }
  });

  it('names the secret headers, and any *-Token, *-Key, *-Secret header', () => {
    for (const header of [
      'Authorization',
      'Proxy-Authorization',
      'Cookie',
      'Set-Cookie',
      'X-Api-Key',
      'X-Auth-Token',
      'X-Session-Key',
      'X-Access-Token',
      'X-Auth-Session-Key',
      'X-Csrf-Token',
      'X-Client-Key',
      'X-Webhook-Secret',
      'x_custom_key',
    ]) {
      expect(isSecretHeader(header), header).toBe(true);
    }
    for (const header of [
      'Accept',
      'Content-Type',
      'Referer',
      'User-Agent',
      'X-Forwarded-For',
      'Host',
      'Keep-Alive',
    ]) {
      expect(isSecretHeader(header), header).toBe(false);
    }
  });

  it('is the rule the console masks by on screen', () => {
    expect(
      maskHeaders({ 'X-Auth-Token': 't', 'X-Session-Key': 'k', 'X-Access-Token': 'a', Accept: '*/*' }),
    ).toEqual([
      ['X-Auth-Token', '***'],
      ['X-Session-Key', '***'],
      ['X-Access-Token', '***'],
      ['Accept', '*/*'],
    ]);
    expect(
      maskDeep({
        access_token: 'a',
        nested: { client_secret: 'c', newPassword: 'n', api_key: 'k' },
        projectId: 1,
      }),
    ).toEqual({
      access_token: '***',
      nested: { client_secret: '***', newPassword: '***', api_key: '***' },
      projectId: 1,
    });
  });
});

/** Every field name of the contract's requests and responses, at any depth. */
function contractFieldNames(): Set<string> {
  const names = new Set<string>();
  const seen = new Set<Schema>();
  const walk = (s: Schema) => {
    if (seen.has(s)) return;
    seen.add(s);
    if (s.kind === 'object') {
      for (const [name, field] of Object.entries(s.fields)) {
        names.add(name);
        walk(field);
      }
    } else if (s.kind === 'list' || s.kind === 'dict') walk(s.of);
  };
  for (const op of Object.values(operations)) {
    walk(op.request);
    walk(op.response);
  }
  return names;
}

describe("the contract's fields", () => {
  it('has exactly its secret fields matched: password, authSessionKey, apiKey', () => {
    const names = contractFieldNames();
    expect(names.size).toBeGreaterThan(200);
    const matched = [...names].filter((name) => isSecretName(name) || isSecretHeader(name)).sort();
    expect(matched).toEqual(['apiKey', 'authSessionKey', 'password']);
  });
});
