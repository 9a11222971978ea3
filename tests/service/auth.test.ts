// Sessions and sign-in (docs/service.md#sessions-and-keys): operation 1, the session key of operations 2–19, the
// admin API key of operation 20, expiry and its sliding renewal, sessions surviving a restart.
import { describe, expect, it } from 'vitest';
import { sessionCases } from './cases';
import { expectError, expectStatus, sleep, useHarness, useSeedIds, type HttpResult } from './harness';

const h = useHarness();
const ids = useSeedIds(h);

function expectNoSecrets(res: HttpResult) {
  expect(res.json.authSessionKey).toBeUndefined();
  expect(res.json.apiKey).toBeUndefined();
  expect(res.json.responseStatus.stackTrace).toBeUndefined();
}

describe('InternalUserAuthenticationRequest (operation 1)', () => {
  it('signs pm in: a session key, the API key and a clean error block', async () => {
    const res = await h.call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'pm' });
    expectStatus(res, 200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(typeof res.json.authSessionKey).toBe('string');
    expect(res.json.authSessionKey.length).toBeGreaterThanOrEqual(16);
    expect(typeof res.json.apiKey).toBe('string');
    expect(res.json.apiKey.length).toBeGreaterThanOrEqual(16);
    expect(res.json.errorOccured).toBe(false);
    expect(res.json.numberOfRecordsEffected).toBe(0);
    expect(res.json).not.toHaveProperty('APIKey');
    expect(res.json).not.toHaveProperty('AuthSessionKey');
    // The key works.
    const project = await h.call('ProjectGetRequest', {
      authSessionKey: res.json.authSessionKey,
      projectId: 1,
    });
    expectStatus(project, 200);
  });

  it('gives a new session key per sign-in and the same API key of the user', async () => {
    const a = await h.signIn('pm');
    const b = await h.signIn('pm');
    const admin = await h.signIn('admin');
    expect(a.sessionKey).not.toBe(b.sessionKey);
    expect(a.apiKey).toBe(b.apiKey);
    expect(admin.apiKey).not.toBe(a.apiKey);
    expect(admin.sessionKey).not.toBe(a.sessionKey);
  });

  it('answers at the JSON reply route and binds PascalCase fields', async () => {
    const res = await h.call(
      'InternalUserAuthenticationRequest',
      { UserName: 'admin', Password: 'admin' },
      { style: 'reply' },
    );
    expectStatus(res, 200);
    expect(res.json.authSessionKey).toEqual(expect.any(String));
    expect(res.json.apiKey).toEqual(expect.any(String));
  });

  it('refuses a wrong password with 401 InvalidCredentials and gives no key', async () => {
    const res = await h.call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'wrong' });
    const rs = expectError(res, 401, 'InvalidCredentials');
    expect(res.json.errorOccured).toBe(true);
    expect(res.json.uiErrorMessage).toEqual(expect.any(String));
    expect(res.json.uiDevErrorMessage).toEqual(expect.any(String));
    expect(rs.message).toEqual(expect.any(String));
    expectNoSecrets(res);
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const wrong = await h.call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'nope' });
    const unknown = await h.call('InternalUserAuthenticationRequest', {
      userName: 'nobody',
      password: 'nope',
    });
    expectError(unknown, 401, 'InvalidCredentials');
    expect(unknown.text).toBe(wrong.text);
  });

  it.each([
    ['no fields', {}],
    ['no password', { userName: 'pm' }],
    ['no user name', { password: 'pm' }],
    ['empty password', { userName: 'pm', password: '' }],
    ['password of another user', { userName: 'pm', password: 'admin' }],
  ])('refuses %s with 401 InvalidCredentials', async (_label, body) => {
    const res = await h.call('InternalUserAuthenticationRequest', body);
    expectError(res, 401, 'InvalidCredentials');
    expectNoSecrets(res);
  });

  it('refuses a password given with the wrong case', async () => {
    const res = await h.call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'PM' });
    expectError(res, 401, 'InvalidCredentials');
  });

  it('names the field of a badly typed sign-in (400)', async () => {
    const res = await h.call('InternalUserAuthenticationRequest', {
      userName: { first: 'pm' },
      password: 'pm',
    });
    const rs = expectError(res, 400);
    expect(rs.errors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['userName']);
  });
});

describe('session key of operations 2–19', () => {
  it.each(sessionCases.map((c) => [c.name, c] as const))('%s: works with a live key', async (_name, c) => {
    const res = await h.as('pm', c.name, c.valid(ids));
    expectStatus(res, 200);
    expect(res.json.errorOccured).toBe(false);
  });

  it.each(sessionCases.map((c) => [c.name, c] as const))(
    '%s: 401 Unauthorized without a key',
    async (_name, c) => {
      for (const style of ['internal', 'reply'] as const) {
        const res = await h.call(c.name, c.valid(ids), { style });
        const rs = expectError(res, 401, 'Unauthorized');
        expect(res.json.errorOccured).toBe(true);
        expect(res.json.uiErrorMessage).toEqual(expect.any(String));
        expect(rs.stackTrace).toBeUndefined();
      }
    },
  );

  it.each(sessionCases.map((c) => [c.name, c] as const))(
    '%s: 401 Unauthorized with a bogus or empty key',
    async (_name, c) => {
      for (const authSessionKey of ['bogus-session-key', '', 'x'.repeat(500)]) {
        const res = await h.call(c.name, { ...c.valid(ids), authSessionKey });
        expectError(res, 401, 'Unauthorized');
      }
    },
  );

  it('does not take the API key as a session key', async () => {
    const { apiKey } = await h.session('pm');
    const res = await h.call('ProjectGetRequest', { authSessionKey: apiKey, projectId: 1 });
    expectError(res, 401, 'Unauthorized');
  });

  it('does not take the session key from an Authorization header', async () => {
    const { sessionKey } = await h.session('pm');
    const res = await h.call(
      'ProjectGetRequest',
      { projectId: 1 },
      { headers: { authorization: `Bearer ${sessionKey}` } },
    );
    expectError(res, 401, 'Unauthorized');
  });

  it('keeps sessions across a restart of the service', async () => {
    const { sessionKey } = await h.signIn('pm');
    await h.restart();
    const res = await h.call('ProjectGetRequest', { authSessionKey: sessionKey, projectId: 1 });
    expectStatus(res, 200);
    expect(res.json.project.projectId).toBe(1);
  });
});

describe('admin API key of the request log (operation 20)', () => {
  it('answers 401 without an Authorization header', async () => {
    const res = await h.request('GET', '/requestlogs');
    const rs = expectError(res, 401, 'Unauthorized');
    expect(rs.message).toEqual(expect.any(String));
    // The request-log reply carries only ResponseStatus of the error block.
    expect(res.json.errorOccured).toBeUndefined();
    expect(res.json.uiErrorMessage).toBeUndefined();
    expect(res.json.results).toBeUndefined();
  });

  it('answers 401 for an unknown API key, a session key or another scheme', async () => {
    const admin = await h.session('admin');
    for (const authorization of [
      'Bearer not-a-key',
      `Bearer ${admin.sessionKey}`,
      `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      admin.apiKey,
      'Bearer',
    ]) {
      const res = await h.request('GET', '/requestlogs', { headers: { authorization } });
      expectError(res, 401, 'Unauthorized');
    }
  });

  it('answers 403 Forbidden for the API key of a non-admin', async () => {
    const pm = await h.session('pm');
    for (const path of ['/requestlogs', '/json/reply/RequestLogs']) {
      const res = await h.request('GET', path, { headers: { authorization: `Bearer ${pm.apiKey}` } });
      expectError(res, 403, 'Forbidden');
      expect(res.json.results).toBeUndefined();
    }
  });

  it('answers an admin', async () => {
    const res = await h.logs({ take: 1 });
    expectStatus(res, 200);
    expect(Array.isArray(res.json.results)).toBe(true);
  });

  it('takes the scheme name in any case', async () => {
    const admin = await h.session('admin');
    const res = await h.request('GET', '/requestlogs', {
      headers: { authorization: `bearer ${admin.apiKey}` },
    });
    expectStatus(res, 200);
  });
});

describe('expiry (sessionTtlSeconds: 1)', () => {
  const short = useHarness({ sessionTtlSeconds: 1 });
  const shortIds = useSeedIds(short);

  it('answers 401 Unauthorized for an expired key on every session operation', async () => {
    const { sessionKey } = await short.signIn('pm');
    const first = await short.call('ProjectGetRequest', { authSessionKey: sessionKey, projectId: 1 });
    expectStatus(first, 200);
    await sleep(1300);
    for (const c of sessionCases) {
      const res = await short.call(c.name, { ...c.valid(shortIds), authSessionKey: sessionKey });
      expectError(res, 401, 'Unauthorized');
      expect(res.json.errorOccured, c.name).toBe(true);
    }
    // A new sign-in works again.
    const again = await short.signIn('pm');
    const res = await short.call('ProjectGetRequest', { authSessionKey: again.sessionKey, projectId: 1 });
    expectStatus(res, 200);
  });

  it('slides the expiry on while the key is used', async () => {
    const { sessionKey } = await short.signIn('pm');
    const use = () => short.call('ProjectGetRequest', { authSessionKey: sessionKey, projectId: 1 });
    await sleep(600);
    expectStatus(await use(), 200);
    await sleep(600);
    // 1.2 s after sign-in: alive only because the use at 0.6 s renewed it.
    expectStatus(await use(), 200);
    await sleep(1300);
    expectError(await use(), 401, 'Unauthorized');
  });

  it('keeps an expired key expired across a restart', async () => {
    const { sessionKey } = await short.signIn('pm');
    await sleep(1300);
    await short.restart();
    const res = await short.call('ProjectGetRequest', { authSessionKey: sessionKey, projectId: 1 });
    expectError(res, 401, 'Unauthorized');
  });
});
