// Issue 33, point 5: no secret reaches the request log through any carrier. Each case sends one request with a
// value of its own (that cannot turn up by chance), then the request log is read as admin (operation 20, every
// column it shows) and the stored table is read directly (every column): the value must be in neither. Before
// the fix these were stored in clear: a body the service could not parse (XML, multipart, unterminated JSON),
// OAuth-style names (`access_token`, `client_secret`, `newPassword`, `passwd`, …), `X-Auth-Token`-style headers,
// and `?access_token=` in the URL or the Referer. Also: a value shaped like this install's session and API keys
// is masked wherever it appears, even under a name no rule knows.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomKey } from '../../server/passwords';
import { useHarness, type HttpInit } from './harness';

const PATH = '/api/internal/project/get';

let n = 0;
/** A value no request or reply holds by chance. */
const unique = (tag: string) => `Zq${tag}${++n}x${Math.random().toString(36).slice(2, 10)}Wv`;

interface Case {
  name: string;
  /** The request: a path (with its query) and the rest; `key` is pm's session key, `value` the secret. */
  send: (key: string, value: string) => { path?: string } & HttpInit;
  /** The value to send; by default a unique one. */
  value?: () => string;
}

const json = (key: string, extra: Record<string, unknown>) => ({
  body: { authSessionKey: key, projectId: 1, ...extra },
});

const cases: Case[] = [
  {
    name: 'an XML body (application/xml)',
    send: (_, v) => ({
      body: `<ProjectGetRequest><AuthSessionKey>${v}</AuthSessionKey><ProjectId>1</ProjectId></ProjectGetRequest>`,
      headers: { 'content-type': 'application/xml' },
    }),
  },
  {
    name: 'a multipart body with a password field',
    send: (key, v) => ({
      body: [
        '--XyZbound',
        'Content-Disposition: form-data; name="authSessionKey"',
        '',
        key,
        '--XyZbound',
        'Content-Disposition: form-data; name="password"',
        '',
        v,
        '--XyZbound--',
        '',
      ].join('\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=XyZbound' },
    }),
  },
  {
    name: 'an unterminated JSON body',
    send: (_, v) => ({ body: `{"projectId":1,"password":"${v}` }),
  },
  {
    name: 'an unparsable JSON body with the key in it',
    send: (_, v) => ({ body: `{"projectId":1, "note": "${v}" "x"}` }),
  },
  ...['access_token', 'refresh_token', 'newPassword', 'api_key', 'passwd', 'client_secret', 'id_token'].map(
    (name): Case => ({ name: `JSON "${name}"`, send: (key, v) => json(key, { [name]: v }) }),
  ),
  {
    name: 'JSON "client_secret" nested deep',
    send: (key, v) => json(key, { outer: [{ inner: { oauth: { client_secret: v } } }] }),
  },
  {
    name: 'JSON "currentPassword" holding an object',
    send: (key, v) => json(key, { currentPassword: { value: v } }),
  },
  {
    name: 'form "refresh_token"',
    send: (key, v) => ({
      body: `authSessionKey=${key}&projectId=1&refresh_token=${v}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  ...[
    'X-Auth-Token',
    'X-Session-Key',
    'X-Access-Token',
    'X-Csrf-Token',
    'X-Client-Key',
    'X-Webhook-Secret',
  ].map((header): Case => ({
    name: `header ${header}`,
    send: (key, v) => ({ ...json(key, {}), headers: { [header]: v } }),
  })),
  {
    name: '?access_token= in the URL',
    send: (key, v) => ({ path: `${PATH}?access_token=${v}`, ...json(key, {}) }),
  },
  {
    name: '?ACCESS-TOKEN= in the URL',
    send: (key, v) => ({ path: `${PATH}?projectId=1&ACCESS-TOKEN=${v}`, ...json(key, {}) }),
  },
  {
    name: "?access_token= in the Referer's query",
    send: (key, v) => ({
      ...json(key, {}),
      headers: { referer: `https://console.example/cb?state=1&access_token=${v}` },
    }),
  },
  {
    name: 'a key-shaped value under a name no rule knows',
    value: () => randomKey(24),
    send: (key, v) => json(key, { note: `see ${v}.` }),
  },
  {
    name: 'a key-shaped value in a header no rule knows',
    value: () => randomKey(24),
    send: (key, v) => ({ ...json(key, {}), headers: { 'x-trace': `t=${v}` } }),
  },
];

describe('no secret reaches the request log, whatever carries it (issue 33, point 5)', () => {
  const h = useHarness();
  let key: string;
  let db: Database.Database;
  beforeAll(async () => {
    key = (await h.signIn('pm')).sessionKey;
    await h.logs({ enableSessionTracking: true, enableResponseTracking: true, enableErrorTracking: true });
    db = new Database(join(h.dataDir, 'pm.sqlite'), { readonly: true });
  });
  afterAll(() => {
    db?.close();
  });

  for (const c of cases) {
    it(`${c.name}: the value is stored nowhere`, async () => {
      const value = c.value ? c.value() : unique('s');
      const { path = PATH, ...init } = c.send(key, value);
      await h.request('POST', path, init);
      await h.service.app.log.written();
      const table = JSON.stringify(db.prepare('SELECT * FROM request_log ORDER BY id DESC LIMIT 3').all());
      expect(table, 'the request was logged').toContain('project/get');
      expect(table.includes(value), `${value} in the request_log table: ${table.slice(0, 3000)}`).toBe(false);
      const log = await h.logs({ take: 3 });
      expect(log.status).toBe(200);
      expect(log.text.includes(value), `${value} in the request log read by admin`).toBe(false);
    });
  }

  it('stores a body it could not parse as a note of its type and size', async () => {
    const body = '<a>ünparsed</a>';
    await h.request('POST', PATH, { body, headers: { 'content-type': 'application/xml; charset=utf-8' } });
    await h.service.app.log.written();
    const row = db.prepare('SELECT request_body FROM request_log ORDER BY id DESC LIMIT 1').get() as {
      request_body: string;
    };
    expect(row.request_body).toBe(`[unparsed application/xml body, ${Buffer.byteLength(body)} bytes]`);
  });

  it('keeps what is no secret: the session log id, operation names, ordinary words', async () => {
    const note = 'InternalUserAuthenticationRequest plain words and-a-rather-long-hyphenated-slug';
    await h.logs({ enableSessionTracking: true });
    await h.request('POST', PATH, json(key, { note }));
    await h.service.app.log.written();
    const row = db.prepare('SELECT * FROM request_log ORDER BY id DESC LIMIT 1').get() as Record<
      string,
      string
    >;
    expect(row.request_body).toContain(note);
    expect(row.session_id).toMatch(/^sess-[0-9a-f]{16}$/);
    expect(row.session).toContain(row.session_id);
  });
});
