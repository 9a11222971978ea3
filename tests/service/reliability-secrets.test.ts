// Issue 11, suite 3 (service side) — secrets. The service runs as its own process (as `npm run serve` does),
// its stdout and stderr captured. A scripted session: sign-ins with wrong passwords (JSON, form, query string,
// malformed JSON around the password), the right ones, edits with the key in body, query, form and headers, failed
// calls (a bad field, a forbidden write, malformed JSON around the key), with every kind of tracking on. Then no
// password appears in any file of the data directory (database, WAL), the request log (table and API), the
// replies, or the service's own output; session and API keys appear in the log only masked (`***`, `sess-<hash>`);
// and a JSONP callback cannot get anything but `[A-Za-z0-9._]` in front of the JSON. Prints its figures.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/passwords';
import { seedIds } from '../../server/db/seed';

const PASSWORDS = {
  pm: 'Quartz-Walrus-5521!',
  admin: 'Harbor-Lantern-8830?',
};
const WRONG = ['Velvet-Cobalt-1174', 'Mosaic-Ember-2290', 'Prairie-Onyx-3316', 'Tundra-Saffron-4462'];
/** A password sent as a number in a body (not valid for sign-in, but a secret all the same). */
const NUMERIC = '55213377';
const ALL_PASSWORDS = [...Object.values(PASSWORDS), ...WRONG, NUMERIC];

let child: ChildProcess;
let dataDir: string;
let url: string;
let output = '';
const replies: string[] = [];

async function post(path: string, body: string | object, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  replies.push(text);
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'relsvc-secrets-'));
  // Seed first, then give pm and admin passwords that cannot turn up by chance.
  const { openDatabase } = await import('../../server/db/db');
  const { PINNED_SEED_TODAY, seed } = await import('../../server/db/seed');
  const db = openDatabase(join(dataDir, 'pm.sqlite'));
  seed(db, { today: PINNED_SEED_TODAY });
  const set = db.prepare('UPDATE users SET password_hash = ? WHERE user_name = ?');
  for (const [user, password] of Object.entries(PASSWORDS)) set.run(hashPassword(password), user);
  db.close();

  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      STATIC_DIR: join(dataDir, 'no-console'),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const deadline = Date.now() + 45_000;
  while (!/http:\/\/127\.0\.0\.1:\d+/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`service did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)![0];
}, 60_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const count = (text: string, secret: string) => text.split(secret).length - 1;

/** Pieces of a password that cannot turn up by chance (7 characters with its hyphen or a digit). */
const pieces = (p: string) =>
  Array.from({ length: p.length - 6 }, (_, i) => p.slice(i, i + 7)).filter((w) => /[-\d]/.test(w));

/** The first piece of a password found in the text, if any. */
const leakedPiece = (text: string, p: string) => pieces(p).find((w) => text.includes(w));

describe('secrets (issue 11, suite 3, service side)', () => {
  const keys: Record<string, string> = {};

  it('runs a scripted session: wrong and right sign-ins, edits, failed calls', async () => {
    const signIn = '/api/internal/authenticateuser';
    // Wrong passwords in every shape a client might send one.
    let res = await post(signIn, { userName: 'pm', password: WRONG[0] });
    expect(res.status).toBe(401);
    res = await post(`${signIn}?userName=pm&password=${WRONG[1]}`, {});
    expect(res.status).toBe(401);
    res = await post('/json/reply/InternalUserAuthenticationRequest', `userName=pm&password=${WRONG[2]}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(401);
    // Malformed JSON around a password: the parse error must not quote it.
    res = await post(signIn, `{"userName": "pm", "password": ${WRONG[3]}}`);
    expect(res.status).toBe(400);
    res = await post(signIn, `{"userName": "pm", "password": "${PASSWORDS.pm}" oops}`);
    expect(res.status).toBe(400);
    res = await post(signIn, `password=${PASSWORDS.pm}`);
    expect(res.status).toBe(400);

    // Tracking of sessions and replies on, so the log holds as much as it can.
    res = await post(signIn, { UserName: 'admin', Password: PASSWORDS.admin });
    expect(res.status).toBe(200);
    keys.adminSession = res.json!.authSessionKey as string;
    keys.adminApiKey = res.json!.apiKey as string;
    const tracking = await fetch(
      `${url}/requestlogs?enableSessionTracking=true&enableResponseTracking=true&enableErrorTracking=true`,
      { headers: { authorization: `Bearer ${keys.adminApiKey}` } },
    );
    expect(tracking.status).toBe(200);

    res = await post(signIn, { userName: 'pm', password: PASSWORDS.pm });
    expect(res.status).toBe(200);
    keys.pmSession = res.json!.authSessionKey as string;
    keys.pmApiKey = res.json!.apiKey as string;
    const key = keys.pmSession;

    // Edits, with the key in the body, the query string, a form and PascalCase.
    res = await post('/api/internal/openissue/update', {
      authSessionKey: key,
      openIssue: { folderId: seedIds.rfiFolder, subject: 'Secrets suite: subject edited' },
    });
    expect(res.status).toBe(200);
    res = await post(`/api/internal/folder/update?authSessionKey=${key}`, {
      folder: { folderId: seedIds.emptyFolder, folderDescription: 'Secrets suite: description' },
    });
    expect(res.status).toBe(200);
    res = await post('/json/reply/PunchListCreateManyRequest', {
      AuthSessionKey: key,
      PunchlistList: [
        { FolderId: seedIds.containers[0].punchList, TempItemId: 'secrets-1', Summary: 'Secrets suite row' },
      ],
    });
    expect(res.status).toBe(200);
    res = await post('/api/internal/project/get', `authSessionKey=${key}&projectId=1`, {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `ss-id=${key}; ss-pid=${key}`,
      'x-api-key': keys.pmApiKey,
      referer: `http://127.0.0.1/console?authSessionKey=${key}`,
    });
    expect(res.status).toBe(200);

    // Failed calls: a bad field, a forbidden write, malformed JSON right after the key, the password in a body.
    res = await post('/api/internal/openissue/update', {
      authSessionKey: key,
      openIssue: { folderId: seedIds.rfiFolder, dueDate: 'someday' },
    });
    expect(res.status).toBe(400);
    res = await post('/api/internal/openissue/update', {
      authSessionKey: key,
      openIssue: { folderId: seedIds.readOnlyRfiFolders[0], subject: 'Not allowed' },
    });
    expect(res.status).toBe(403);
    res = await post('/api/internal/project/get', `{"authSessionKey": "${key}" "projectId": 1}`);
    expect(res.status).toBe(400);
    res = await post('/api/internal/project/get', `{"projectId": 1, "authSessionKey": ${key}}`);
    expect(res.status).toBe(400);
    res = await post(
      '/api/internal/project/get',
      `{"authSessionKey": "${key}", "projectId": 1, "password": ${NUMERIC}}`,
    );
    expect(res.status).toBe(200);
    res = await post('/api/internal/project/get', {
      authSessionKey: key,
      projectId: 1,
      password: PASSWORDS.pm,
      apiKey: keys.adminApiKey,
    });
    expect(res.status).toBe(200);
  }, 60_000);

  it('keeps every password out of the replies and out of the request log; keys only masked there', async () => {
    // The log as admins read it.
    const res = await fetch(`${url}/requestlogs?take=10000`, {
      headers: { authorization: `Bearer ${keys.adminApiKey}` },
    });
    expect(res.status).toBe(200);
    const log = await res.text();
    const entries = JSON.parse(log).results as Record<string, unknown>[];
    expect(entries.length).toBeGreaterThan(10);
    for (const p of ALL_PASSWORDS) {
      expect(count(log, p), `password ${p} in the request log`).toBe(0);
      // Not even in part (V8 quotes about ten characters of bad JSON).
      expect(leakedPiece(log, p), `part of ${p} in the request log`).toBeUndefined();
    }
    for (const [name, k] of Object.entries(keys)) {
      const where = entries
        .filter((e) => JSON.stringify(e).includes(k))
        .map((e) => JSON.stringify(e).slice(0, 600));
      expect(where, `${name} in the request log`).toEqual([]);
    }
    expect(count(log, '***')).toBeGreaterThan(10);
    // Sessions appear as a one-way id.
    const sessionIds = entries.map((e) => e.sessionId).filter(Boolean) as string[];
    expect(sessionIds.length).toBeGreaterThan(0);
    for (const id of sessionIds) expect(id).toMatch(/^sess-[0-9a-f]{16}$/);

    // The data directory while the service runs: the database and its WAL.
    const running = readdirSync(dataDir).filter((f) => f.startsWith('pm.sqlite'));
    for (const f of running) {
      const content = readFileSync(join(dataDir, f));
      for (const p of ALL_PASSWORDS) {
        const piece = pieces(p).find((w) => content.includes(Buffer.from(w)));
        expect(piece, `part of ${p} in ${f} (running)`).toBeUndefined();
      }
    }
    expect(running).toContain('pm.sqlite-wal');

    // Replies: a wrong password is never echoed, a parse error quotes nothing of the body.
    const all = replies.join('\n');
    for (const p of ALL_PASSWORDS) expect(leakedPiece(all, p), `${p} in a reply`).toBeUndefined();
    console.log(
      `[secrets] request log: ${entries.length} entries, ${log.length} chars, ${count(log, '***')} masks, 0 passwords, 0 keys; files while running: ${running.join(', ')}`,
    );
  });

  it('answers a JSONP callback with nothing but [A-Za-z0-9._] before the JSON', async () => {
    const callbacks = [
      'alert(1)//',
      '</script><script>alert(1)</script>',
      'x;alert(1)',
      'a=b',
      'eval("x")',
      'x\u2028alert(1)',
      '%0aalert(1)',
      'cb',
      'a.b_c1',
      '(',
      '""',
    ];
    let checked = 0;
    for (const callback of callbacks) {
      for (const [path, headers] of [
        [`/api/internal/project/get`, {}],
        ['/requestlogs', { authorization: `Bearer ${keys.adminApiKey}` }],
      ] as const) {
        const res = await fetch(`${url}${path}?callback=${encodeURIComponent(callback)}&take=2`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ authSessionKey: keys.pmSession, projectId: 1 }),
        });
        const text = await res.text();
        const clean = callback.replace(/[^A-Za-z0-9._]/g, '');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        if (!clean) {
          // Nothing left of the callback: plain JSON.
          expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(() => JSON.parse(text)).not.toThrow();
        } else {
          expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
          const m = /^([A-Za-z0-9._]+)\(([\s\S]*)\)$/.exec(text);
          expect(m, `${callback}: ${text.slice(0, 80)}`).not.toBeNull();
          expect(m![1]).toBe(clean);
          expect(() => JSON.parse(m![2])).not.toThrow();
        }
        checked++;
      }
    }
    console.log(`[secrets] JSONP: ${checked} callbacks checked, all sanitised`);
  });

  it('keeps every password out of the data directory and out of the service output, after a clean stop', async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    // Every byte of every file: the database, its WAL, anything else the service wrote.
    const files = readdirSync(dataDir).filter((f) => f.startsWith('pm.sqlite'));
    expect(files).toContain('pm.sqlite');
    let bytes = 0;
    for (const f of files) {
      const content = readFileSync(join(dataDir, f));
      bytes += content.length;
      for (const p of ALL_PASSWORDS) {
        expect(content.includes(Buffer.from(p)), `${p} in ${f}`).toBe(false);
        expect(content.includes(Buffer.from(p, 'utf16le')), `${p} (UTF-16) in ${f}`).toBe(false);
        const piece = pieces(p).find((w) => content.includes(Buffer.from(w)));
        expect(piece, `part of ${p} in ${f}`).toBeUndefined();
      }
    }
    // The request log table read directly: no key in clear either.
    const db = new Database(join(dataDir, 'pm.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT * FROM request_log').all();
    const hashes = db.prepare('SELECT password_hash FROM users').all() as { password_hash: string }[];
    db.close();
    const table = JSON.stringify(rows);
    for (const [name, k] of Object.entries(keys)) expect(count(table, k), `${name} in request_log`).toBe(0);
    for (const h of hashes)
      expect(h.password_hash).toMatch(/^(scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}|disabled)$/);
    // The service's own output.
    for (const p of ALL_PASSWORDS)
      expect(leakedPiece(output, p), `${p} in the service output`).toBeUndefined();
    for (const [name, k] of Object.entries(keys))
      expect(count(output, k), `${name} in the service output`).toBe(0);
    console.log(
      `[secrets] data directory: ${files.length} files, ${bytes} bytes, ${rows.length} log rows; service output ${output.length} chars: 0 passwords`,
    );
  }, 30_000);
});
