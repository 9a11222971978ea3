// Issue 16, finding 3: secrets of one install. Every data folder gets its own random API keys (one install's key
// never opens another's request log); session keys are stored only as their SHA-256; the data folder is 0700 and
// its files 0600; the first start writes the admin key to an owner-only file; `npm run keys -- rotate` revokes a
// key at once, also for a running service; a service on a non-loopback host refuses to start while a demo user
// still has its demo password. Each of these failed before (see docs/reliability.md, "Secrets of an install").
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../../server/core/startup-error';
import { ADMIN_KEY_FILE, readAdminKeyFile } from '../../server/db/db';
import { startService, type RunningService } from '../../server/service';
import { expectStatus, Harness, sleep } from './harness';

const mode = (path: string) => statSync(path).mode & 0o777;
const octal = (path: string) => mode(path).toString(8);

/** Runs `npm run keys -- <args>` (as its script does) on a data folder. */
function keys(dataDir: string, args: string[], stdin = '') {
  return new Promise<{ code: number | null; out: string; err: string }>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/keys-cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
    child.stdin.end(stdin);
  });
}

/** The request log with an API key (200 only for that install's admin key). */
async function logsWith(h: Harness, apiKey: string) {
  return h.request('GET', '/requestlogs', {
    query: { take: 1 },
    headers: { authorization: `Bearer ${apiKey}` },
  });
}

const harnesses: Harness[] = [];
const folders: string[] = [];
const services: RunningService[] = [];

async function harness(options: Parameters<typeof Harness.start>[0] = {}) {
  const h = await Harness.start(options);
  harnesses.push(h);
  return h;
}

async function tempFolder() {
  const dir = await mkdtemp(join(tmpdir(), 'pm-install-'));
  folders.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

describe('secrets of an install (issue 16, finding 3)', () => {
  it('gives two fresh data folders different admin API keys, and neither opens the other’s request log', async () => {
    const [a, b] = await Promise.all([harness(), harness()]);
    const keyA = (await a.session('admin')).apiKey;
    const keyB = (await b.session('admin')).apiKey;
    expect(keyA).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(keyA).not.toBe(keyB);
    expectStatus(await logsWith(a, keyA), 200);
    expectStatus(await logsWith(b, keyB), 200);
    expectStatus(await logsWith(a, keyB), 401);
    expectStatus(await logsWith(b, keyA), 401);
    // No user of one folder shares a key with any user of the other.
    const apiKeys = (h: Harness) => {
      const db = new Database(join(h.dataDir, 'pm.sqlite'), { readonly: true });
      try {
        return (db.prepare('SELECT api_key FROM users').all() as { api_key: string }[]).map((u) => u.api_key);
      } finally {
        db.close();
      }
    };
    const inB = new Set(apiKeys(b));
    expect(apiKeys(a).filter((k) => inB.has(k))).toEqual([]);
  });

  it('stores a session key only as its hash: not in clear in the database file or its WAL', async () => {
    const h = await harness();
    const { sessionKey } = await h.signIn('pm');
    expectStatus(await h.call('ProjectGetRequest', { authSessionKey: sessionKey, projectId: 1 }), 200);
    const file = join(h.dataDir, 'pm.sqlite');
    const files = [file, `${file}-wal`].filter(existsSync);
    expect(files).toContain(`${file}-wal`);
    for (const f of files) {
      const bytes = readFileSync(f);
      expect(bytes.includes(Buffer.from(sessionKey, 'utf8')), `session key in ${f}`).toBe(false);
      expect(bytes.includes(Buffer.from(sessionKey, 'utf16le')), `session key (UTF-16) in ${f}`).toBe(false);
    }
    const db = new Database(file, { readonly: true });
    const hashes = (db.prepare('SELECT key_hash FROM sessions').all() as { key_hash: string }[]).map(
      (r) => r.key_hash,
    );
    db.close();
    // The session is there, by its SHA-256.
    expect(hashes).toContain(createHash('sha256').update(sessionKey).digest('hex'));
    // After a restart (the WAL checkpointed into the file) it is still a working session, still not in clear.
    await h.restart();
    expectStatus(await h.call('ProjectGetRequest', { authSessionKey: sessionKey, projectId: 1 }), 200);
    expect(readFileSync(file).includes(Buffer.from(sessionKey, 'utf8'))).toBe(false);
  });

  it('drops sessions stored by raw key in an older database (everyone signs in again once)', async () => {
    const dataDir = await tempFolder();
    const old = new Database(join(dataDir, 'pm.sqlite'));
    old.exec(
      `CREATE TABLE sessions (session_key TEXT PRIMARY KEY, user_id INTEGER NOT NULL, created_ms INTEGER NOT NULL,
         expires_ms INTEGER NOT NULL);
       INSERT INTO sessions VALUES ('raw-key-of-an-old-install-000000', 1, 0, 9999999999999);`,
    );
    old.close();
    const service = await startService({ dataDir, port: 0 });
    services.push(service);
    const db = new Database(join(dataDir, 'pm.sqlite'), { readonly: true });
    const columns = (db.prepare('PRAGMA table_info(sessions)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    const rows = db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number };
    db.close();
    expect(columns).toContain('key_hash');
    expect(columns).not.toContain('session_key');
    expect(rows.n).toBe(0);
  });

  it('creates the data folder 0700 and its files 0600, and narrows an existing folder and database', async () => {
    const root = await tempFolder();
    const dataDir = join(root, 'data');
    let service = await startService({ dataDir, port: 0 });
    services.push(service);
    const file = join(dataDir, 'pm.sqlite');
    expect(octal(dataDir)).toBe('700');
    for (const f of [file, `${file}-wal`, `${file}-shm`, join(dataDir, ADMIN_KEY_FILE)]) {
      expect(existsSync(f), f).toBe(true);
      expect(octal(f), f).toBe('600');
    }
    await services.pop()!.close();

    // A folder and files of an older install, readable by everyone: narrowed on the next start.
    chmodSync(dataDir, 0o755);
    chmodSync(file, 0o644);
    service = await startService({ dataDir, port: 0 });
    services.push(service);
    expect(octal(dataDir)).toBe('700');
    expect(octal(file)).toBe('600');
    expect(octal(`${file}-wal`)).toBe('600');
    expect(octal(`${file}-shm`)).toBe('600');
  });

  it('writes the admin API key to an owner-only admin-api-key.txt on the first start, and that key works', async () => {
    const h = await harness();
    const file = join(h.dataDir, ADMIN_KEY_FILE);
    expect(h.service.adminKeyFile).toBe(file);
    expect(mode(file)).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# API key of the admin user "admin"/);
    const key = readAdminKeyFile(file)!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(key).toBe((await h.signIn('admin')).apiKey);
    expectStatus(await logsWith(h, key), 200);
    // A later start seeds nothing and names no file.
    await h.restart();
    expect(h.service.adminKeyFile).toBeUndefined();
    expect(readAdminKeyFile(file)).toBe(key);
  });

  it('rotates a key with `npm run keys -- rotate`: a running service answers 401 to the old key, 200 to the new', async () => {
    const h = await harness();
    const file = join(h.dataDir, ADMIN_KEY_FILE);
    const oldKey = readAdminKeyFile(file)!;
    expectStatus(await logsWith(h, oldKey), 200);

    const res = await keys(h.dataDir, ['rotate', 'admin']);
    expect(res.code, res.err).toBe(0);
    const newKey = res.out.split('\n').find((l) => /^[A-Za-z0-9_-]{32}$/.test(l))!;
    expect(newKey).toBeDefined();
    expect(newKey).not.toBe(oldKey);

    expectStatus(await logsWith(h, oldKey), 401);
    expectStatus(await logsWith(h, newKey), 200);
    expect(readAdminKeyFile(file)).toBe(newKey);
    expect(mode(file)).toBe(0o600);
    expect((await h.signIn('admin')).apiKey).toBe(newKey);

    // pm's key: rotated too, the admin file untouched.
    const pmOld = (await h.signIn('pm')).apiKey;
    const pm = await keys(h.dataDir, ['rotate', 'pm']);
    expect(pm.code, pm.err).toBe(0);
    expect(pm.out).not.toContain(pmOld);
    expect((await h.signIn('pm')).apiKey).not.toBe(pmOld);
    expect(readAdminKeyFile(file)).toBe(newKey);
  });

  it('lists users and who is admin without their keys; one clear line for an unknown user, folder or command', async () => {
    const h = await harness();
    const adminKey = readAdminKeyFile(join(h.dataDir, ADMIN_KEY_FILE))!;
    const list = await keys(h.dataDir, ['list']);
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(/^admin\s+yes\s+yes\s/m);
    expect(list.out).toMatch(/^pm\s+no\s+yes\s/m);
    expect(list.out).not.toContain(adminKey);
    expect(list.out).not.toMatch(/[A-Za-z0-9_-]{32}/);

    const unknown = await keys(h.dataDir, ['rotate', 'nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.err.trim().split('\n')).toEqual([expect.stringContaining('No user named "nobody"')]);

    const missing = await keys(join(h.dataDir, 'not-here'), ['list']);
    expect(missing.code).toBe(1);
    expect(missing.err.trim().split('\n')).toEqual([expect.stringContaining('No data folder at')]);
    expect(existsSync(join(h.dataDir, 'not-here'))).toBe(false);

    const usage = await keys(h.dataDir, ['frobnicate']);
    expect(usage.code).toBe(2);
    expect(usage.err.trim()).toMatch(/^usage: npm run keys -- list \| rotate <user> \| password <user>/);
    // A password on the command line is refused (it would show in `ps`).
    const argv = await keys(h.dataDir, ['password', 'pm', 'Some-Password-123']);
    expect(argv.code).toBe(2);
    expect(await h.signIn('pm', 'pm')).toBeDefined();
  });

  it('refuses a non-loopback host while demo passwords are set, unless allowDemoPasswords', async () => {
    const err = await Harness.start({ host: '0.0.0.0' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      'HOST=0.0.0.0 is not loopback and the demo users still have their demo passwords (admin/admin, pm/pm): ' +
        'change them with `npm run keys -- password <user>` or set ALLOW_DEMO_PASSWORDS=1',
    );
    expect((err as Error).message).not.toContain('\n');

    const allowed = await harness({ host: '0.0.0.0', allowDemoPasswords: true });
    expectStatus(
      await allowed.call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'pm' }),
      200,
    );
    // Loopback names are fine without it.
    for (const host of ['127.0.0.1', 'localhost']) {
      const service = await startService({ dataDir: allowed.dataDir, host, port: 0 });
      await service.close();
    }
  });

  it('changes passwords with `npm run keys -- password` (stdin or --password-file); then a public host starts', async () => {
    // 10 s sessions: a live session's row is touched once it is 5 s old; that is when a running service notices
    // the session was ended.
    const h = await harness({ sessionTtlSeconds: 10 });
    const pmSession = (await h.signIn('pm')).sessionKey;
    // Taken once the sign-in has answered (it may take a while on a busy machine): the session began before it.
    const signedInAt = Date.now();
    const adminSession = (await h.signIn('admin')).sessionKey;

    const pm = await keys(h.dataDir, ['password', 'pm'], 'Granite-Otter-4417\n');
    expect(pm.code, pm.err).toBe(0);
    await sleep(Math.max(0, signedInAt + 5_300 - Date.now()));
    // pm's earlier session was ended; admin's (password unchanged so far) still works.
    expectStatus(await h.call('ProjectGetRequest', { authSessionKey: pmSession, projectId: 1 }), 401);
    expectStatus(await h.call('ProjectGetRequest', { authSessionKey: adminSession, projectId: 1 }), 200);

    const passwordFile = join(h.dataDir, 'new-password');
    writeFileSync(passwordFile, 'Copper-Heron-9920\n', { mode: 0o600 });
    const admin = await keys(h.dataDir, ['password', 'admin', '--password-file', passwordFile]);
    expect(admin.code, admin.err).toBe(0);
    // Too short, or the user name: refused.
    expect((await keys(h.dataDir, ['password', 'pm'], 'short\n')).code).toBe(1);

    expectStatus(await h.call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'pm' }), 401);
    expect((await h.signIn('pm', 'Granite-Otter-4417')).sessionKey).toBeDefined();
    expect((await h.signIn('admin', 'Copper-Heron-9920')).sessionKey).toBeDefined();
    const dataDir = h.dataDir;
    await h.service.close();
    const service = await startService({ dataDir, host: '0.0.0.0', port: 0 });
    services.push(service);
    const res = await fetch(`http://127.0.0.1:${service.port}/api/internal/authenticateuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'pm', password: 'Granite-Otter-4417' }),
    });
    expect(res.status).toBe(200);
    // The harness closes its own service in afterAll: give it a fresh one on the same folder.
    h.service = await startService({ dataDir, port: 0 });
  });
});
