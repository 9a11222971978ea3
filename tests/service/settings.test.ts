// server/settings.ts: env → settings or one line per bad setting (issue 17), and the machine checks (data folder,
// port) that run before anything starts.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkDataDir,
  checkPort,
  isHost,
  listenErrorLine,
  MAX_SESSION_TTL_SECONDS,
  parseSettings,
  shown,
  type Env,
  type Settings,
} from '../../server/settings';

const CWD = '/srv/pm';

function ok(env: Env): Settings {
  const r = parseSettings(env, CWD);
  if (!r.ok) throw new Error(`unexpected errors: ${r.errors.join(' | ')}`);
  return r.settings;
}

function errors(env: Env): string[] {
  const r = parseSettings(env, CWD);
  return r.ok ? [] : r.errors;
}

describe('parseSettings', () => {
  it('gives the defaults for an empty environment', () => {
    expect(ok({})).toEqual({
      dataDir: '/srv/pm/data',
      port: 8080,
      host: '127.0.0.1',
      sessionTtlSeconds: undefined,
      logRetention: undefined,
      logLimits: { maxBytes: undefined, replyMaxBytes: undefined },
      requestTimeoutMs: undefined,
      corsOrigins: [],
      staticDir: '/srv/pm/dist',
      development: false,
      seedVariant: undefined,
      seedToday: undefined,
      cspConnectSrc: [],
      tracking: {
        enableSessionTracking: undefined,
        enableResponseTracking: undefined,
        enableErrorTracking: undefined,
      },
      allowDemoPasswords: false,
    });
  });

  it('reads every setting', () => {
    expect(
      ok({
        PORT: '0',
        HOST: '::1',
        DATA_DIR: 'var/data',
        STATIC_DIR: '/opt/console',
        SESSION_TTL_SECONDS: '60',
        REQUEST_LOG_RETENTION: ' 5000 ',
        REQUEST_LOG_MAX_BYTES: '2147483648',
        REQUEST_LOG_REPLY_MAX_BYTES: '1048576',
        REQUEST_LOG_HOLD_ROWS: '0',
        REQUEST_LOG_QUEUE_MAX_BYTES: '2097152',
        REQUEST_LOG_ANON_PERCENT: '25',
        REQUEST_TIMEOUT_SECONDS: '12',
        CORS_ORIGINS: 'https://a.example, https://b.example,',
        CSP_CONNECT_SRC: 'https://api.example',
        NODE_ENV: 'development',
        SEED_VARIANT: 'xss',
        SEED_TODAY: ' 2026-11-01 ',
        TRACK_SESSIONS: 'yes',
        TRACK_RESPONSES: 'ON',
        TRACK_ERRORS: '0',
        ALLOW_DEMO_PASSWORDS: 'true',
      }),
    ).toEqual({
      dataDir: '/srv/pm/var/data',
      port: 0,
      host: '::1',
      sessionTtlSeconds: 60,
      logRetention: 5000,
      logLimits: {
        maxBytes: 2147483648,
        replyMaxBytes: 1048576,
        holdRows: 0,
        queueMaxBytes: 2097152,
        anonShare: 0.25,
      },
      requestTimeoutMs: 12_000,
      corsOrigins: ['https://a.example', 'https://b.example'],
      staticDir: '/opt/console',
      development: true,
      seedVariant: 'xss',
      seedToday: '2026-11-01',
      cspConnectSrc: ['https://api.example'],
      tracking: { enableSessionTracking: true, enableResponseTracking: true, enableErrorTracking: false },
      allowDemoPasswords: true,
    });
  });

  it('accepts the port range 0–65535', () => {
    expect(ok({ PORT: '65535' }).port).toBe(65535);
    expect(ok({ PORT: '0' }).port).toBe(0);
    expect(ok({ PORT: '08080' }).port).toBe(8080);
  });

  it.each(['abc', '', '-1', '65536', '80.5', '1e3', '0x50', '8080abc', '99999999999999999999'])(
    'PORT=%j is one line naming it',
    (value) => {
      const lines = errors({ PORT: value });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(
        `${shown('PORT', value)} is not valid: use a whole number from 0 to 65535 (0 takes any free port)`,
      );
    },
  );

  it('quotes a value only when it needs it', () => {
    expect(errors({ PORT: 'abc' })).toEqual([
      'PORT=abc is not valid: use a whole number from 0 to 65535 (0 takes any free port)',
    ]);
    expect(errors({ PORT: '' })[0]).toMatch(/^PORT="" is not valid/);
    expect(errors({ PORT: '80 80' })[0]).toMatch(/^PORT="80 80" is not valid/);
    expect(shown('X', 'a\nb')).toBe('X="a\\nb"');
    expect(shown('X', 'y'.repeat(100))).toHaveLength('X="'.length + 58 + 1);
  });

  it.each(['127.0.0.1', '0.0.0.0', '::', '::1', 'fe80::1%eth0', 'localhost', 'pm.example.com', 'my-host'])(
    'HOST=%s is accepted',
    (host) => expect(ok({ HOST: host }).host).toBe(host),
  );

  it('HOST empty is one line', () => {
    expect(errors({ HOST: '' })).toEqual([
      'HOST="" is empty: set it to the address to listen on (127.0.0.1, 0.0.0.0, ::1, a host name) or leave it unset for 127.0.0.1',
    ]);
    expect(errors({ HOST: '  ' })).toHaveLength(1);
  });

  it.each([
    'my host',
    '256.1.1.1',
    '127.1',
    'http://localhost',
    'host_name',
    '[::1]',
    ':::1',
    '-bad',
    'a..b',
  ])('HOST=%j is one line naming it', (host) => {
    expect(isHost(host)).toBe(false);
    expect(errors({ HOST: host })).toEqual([
      `${shown('HOST', host)} is not an IP address or host name: use e.g. 127.0.0.1, 0.0.0.0, ::1 or localhost`,
    ]);
  });

  it.each([
    ['REQUEST_LOG_MAX_BYTES', '1000'],
    ['REQUEST_LOG_REPLY_MAX_BYTES', '10gb'],
    ['REQUEST_LOG_HOLD_ROWS', '-1'],
    ['REQUEST_LOG_HOLD_ROWS', '2000000'],
    ['REQUEST_LOG_QUEUE_MAX_BYTES', '1000'],
    ['REQUEST_LOG_ANON_PERCENT', '0'],
    ['REQUEST_LOG_ANON_PERCENT', '95'],
    ['REQUEST_TIMEOUT_SECONDS', '0'],
  ])('%s=%s is one line naming it', (name, value) => {
    const lines = errors({ [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name}=${value} is not valid: use a whole number`));
  });

  it('SESSION_TTL_SECONDS and REQUEST_LOG_RETENTION are whole positive numbers', () => {
    expect(ok({ SESSION_TTL_SECONDS: String(MAX_SESSION_TTL_SECONDS) }).sessionTtlSeconds).toBe(
      MAX_SESSION_TTL_SECONDS,
    );
    for (const value of ['0', '-5', '1.5', 'soon', '', String(MAX_SESSION_TTL_SECONDS + 1)]) {
      const lines = errors({ SESSION_TTL_SECONDS: value });
      expect(lines, value).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^SESSION_TTL_SECONDS=\S+ is not valid: use a whole number of seconds from 1 to /,
      );
    }
    for (const value of ['0', 'x', '10k', '1e6']) {
      const lines = errors({ REQUEST_LOG_RETENTION: value });
      expect(lines, value).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^REQUEST_LOG_RETENTION=\S+ is not valid: use a whole number of rows from 1 to /,
      );
    }
  });

  it('booleans take true/false, 1/0, yes/no, on/off and nothing else', () => {
    expect(ok({ ALLOW_DEMO_PASSWORDS: 'on' }).allowDemoPasswords).toBe(true);
    expect(ok({ ALLOW_DEMO_PASSWORDS: 'No' }).allowDemoPasswords).toBe(false);
    expect(ok({ TRACK_ERRORS: 'false' }).tracking.enableErrorTracking).toBe(false);
    expect(errors({ TRACK_ERRORS: 'maybe' })).toEqual([
      'TRACK_ERRORS=maybe is not valid: use true or false (also 1/0, yes/no, on/off)',
    ]);
    expect(errors({ ALLOW_DEMO_PASSWORDS: 'please' })).toHaveLength(1);
  });

  it('DATA_DIR empty and an unknown SEED_VARIANT are one line each', () => {
    expect(errors({ DATA_DIR: '' })).toEqual([
      'DATA_DIR="" is empty: set it to a folder, or leave it unset for ./data',
    ]);
    expect(errors({ SEED_VARIANT: 'big' })).toEqual([
      'SEED_VARIANT=big is not valid: use xss, or leave it unset',
    ]);
  });

  it('SEED_TODAY pins the seed\'s "today": a real day as YYYY-MM-DD, or unset for the day of seeding', () => {
    expect(ok({}).seedToday).toBeUndefined();
    expect(ok({ SEED_TODAY: '2026-12-10' }).seedToday).toBe('2026-12-10');
    expect(ok({ SEED_TODAY: '2028-02-29' }).seedToday).toBe('2028-02-29');
    expect(ok({ SEED_TODAY: '1970-01-01' }).seedToday).toBe('1970-01-01');
  });

  it.each([
    '',
    ' ',
    '11/01/2026',
    '2026-11-1',
    '2026-13-01',
    '2026-02-29',
    '2026-11-31',
    '1969-12-31',
    'today',
    '2026-11-01T12:00:00Z',
  ])('SEED_TODAY=%j is one line naming it', (value) => {
    expect(errors({ SEED_TODAY: value })).toEqual([
      `${shown('SEED_TODAY', value)} is not valid: use a day as YYYY-MM-DD (e.g. 2026-11-01), or leave it unset for the day the data folder is seeded`,
    ]);
  });

  it('reports every bad setting at once, one line each', () => {
    const lines = errors({ PORT: 'abc', HOST: '', SESSION_TTL_SECONDS: 'x', REQUEST_LOG_RETENTION: '-1' });
    expect(lines.map((l) => l.split(/[= ]/)[0])).toEqual([
      'PORT',
      'HOST',
      'SESSION_TTL_SECONDS',
      'REQUEST_LOG_RETENTION',
    ]);
    for (const line of lines) expect(line).not.toContain('\n');
  });
});

describe('checkDataDir', () => {
  const work = mkdtempSync(join(tmpdir(), 'pm-settings-test-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('creates a missing folder and leaves nothing in it', () => {
    const dir = join(work, 'new', 'data');
    expect(checkDataDir(dir)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the file in the way of a folder', () => {
    const file = join(work, 'file');
    writeFileSync(file, '');
    expect(checkDataDir(join(file, 'data'))).toBe(
      `DATA_DIR ${join(file, 'data')} cannot be created: ${file} is a file, not a folder; set DATA_DIR to a folder this user can write to`,
    );
    expect(checkDataDir(file)).toBe(
      `DATA_DIR ${file} is a file, not a folder: set DATA_DIR to a folder this user can write to`,
    );
  });

  // File modes do not stop root, so this only holds for other users.
  it.skipIf(process.getuid?.() === 0)('says so when the folder is not writable', () => {
    const dir = join(work, 'read-only');
    mkdirSync(dir);
    chmodSync(dir, 0o500);
    try {
      expect(checkDataDir(dir)).toBe(
        `DATA_DIR ${dir} is not writable (permission denied): give this user write access to it, or set DATA_DIR to a folder this user can write to`,
      );
    } finally {
      chmodSync(dir, 0o700);
    }
  });
});

describe('checkPort and listenErrorLine', () => {
  it('a busy port is one line naming it', async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    try {
      expect(await checkPort('127.0.0.1', port)).toBe(
        `PORT ${port} is in use: stop the other process or set PORT`,
      );
    } finally {
      server.close();
    }
    // Free again once the other process is gone; port 0 is never busy.
    await new Promise((r) => setTimeout(r, 10));
    expect(await checkPort('127.0.0.1', port)).toBeUndefined();
    expect(await checkPort('127.0.0.1', 0)).toBeUndefined();
  });

  it('an address that is not this machine', async () => {
    // TEST-NET-1 (RFC 5737) is never a local address.
    expect(await checkPort('192.0.2.1', 8080)).toBe(
      'HOST 192.0.2.1 is not an address of this machine: use 127.0.0.1, 0.0.0.0 or one of its addresses',
    );
  });

  it('maps the listen errors it knows and no others', () => {
    const err = (code: string) => Object.assign(new Error(code), { code });
    expect(listenErrorLine(err('EADDRINUSE'), '127.0.0.1', 8080)).toBe(
      'PORT 8080 is in use: stop the other process or set PORT',
    );
    expect(listenErrorLine(err('EACCES'), '127.0.0.1', 80)).toMatch(/^PORT 80 needs more privileges/);
    expect(listenErrorLine(err('ENOTFOUND'), 'nowhere.invalid', 80)).toMatch(
      /^HOST nowhere.invalid does not resolve/,
    );
    expect(listenErrorLine(err('ECONNRESET'), '127.0.0.1', 80)).toBeUndefined();
    expect(listenErrorLine(new Error('x'), '127.0.0.1', 80)).toBeUndefined();
  });
});
