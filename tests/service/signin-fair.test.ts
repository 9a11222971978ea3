// Issue 33, point 6: sign-in stays open to the real user. A (user name, address) pair that signed in before is
// "known": its password check has a lane of its own at the gate that guessers cannot fill (they come from pairs
// that are not known), and the known pairs are kept in the database, so a restart forgets none of them. Clients
// pick their source address inside 127/8 (Linux routes all of it to loopback; the service takes the socket's
// address, never X-Forwarded-For), so the service sees distinct clients without a test hook.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';
import { verifyGate } from '../../server/core/auth';
import { DEFAULT_LIMITS, SignInThrottle, VerifyGate } from '../../server/core/throttle';
import { openDatabase } from '../../server/db/db';
import { postFrom } from './from-address';
import { useHarness, type Harness } from './harness';

const SIGN_IN = operations.InternalUserAuthenticationRequest.path;

/** Signs in from the given local (source) address; resolves with the status and the error code. */
async function signIn(h: Harness, userName: string, password: string, from: string) {
  const { status, json } = await postFrom(h.url, SIGN_IN, { userName, password }, from);
  return { status, errorCode: json?.responseStatus?.errorCode as string | undefined };
}

describe('the password check is fair to known pairs (issue 33)', () => {
  const h = useHarness();

  it('verifies a known pair while the shared lane is full; an unknown pair, even with the right password, gets 503', async () => {
    const home = '127.0.20.1';
    expect((await signIn(h, 'admin', 'admin', home)).status).toBe(200);
    // Guessers' checks take every turn of the shared lane and its whole queue (held here, so nothing drains while
    // the test looks: no timing involved).
    const held: (() => void)[] = [];
    const waiting: Promise<() => void>[] = [];
    try {
      while (verifyGate.stats.running < verifyGate.limits.maxConcurrent) held.push(await verifyGate.enter()!);
      for (let turn = verifyGate.enter(); turn; turn = verifyGate.enter()) waiting.push(turn);
      expect(waiting.length).toBe(verifyGate.limits.maxQueued);

      const guess = await signIn(h, 'ghost-fair', 'wrong', '127.0.20.2');
      expect(guess).toEqual({ status: 503, errorCode: 'ServiceBusy' });
      // The right password for a known name from an address it never signed in from: not a known pair.
      const elsewhere = await signIn(h, 'admin', 'admin', '127.0.20.3');
      expect(elsewhere).toEqual({ status: 503, errorCode: 'ServiceBusy' });
      // The admin from where they signed in before is verified, not refused.
      expect(await signIn(h, 'admin', 'admin', home)).toEqual({ status: 200, errorCode: undefined });
      // A known pair's wrong password is checked too (401, counted on its own pair counter).
      expect(await signIn(h, 'admin', 'wrong', home)).toEqual({
        status: 401,
        errorCode: 'InvalidCredentials',
      });
    } finally {
      for (const release of held) release();
      for (const turn of waiting) (await turn)();
    }
    expect(verifyGate.stats).toEqual({ running: 0, queued: 0 });
  });
});

describe('known pairs survive a restart (issue 33)', () => {
  const h = useHarness();

  it('lets the admin in from their usual address after a restart while `admin` is guessed at from elsewhere', async () => {
    const home = '127.0.21.1';
    expect((await signIn(h, 'admin', 'admin', home)).status).toBe(200);
    for (let i = 0; i < 20; i++)
      expect((await signIn(h, 'admin', `guess-${i}`, `127.0.21.${10 + (i % 5)}`)).status).toBe(401);
    await h.restart();
    // 20 wrong guesses at `admin` from 5 other addresses after the restart: the name is held back …
    for (let i = 0; i < 20; i++)
      expect((await signIn(h, 'admin', `guess-${i}`, `127.0.21.${20 + (i % 5)}`)).status).toBe(401);
    expect(await signIn(h, 'admin', 'admin', '127.0.21.99')).toEqual({
      status: 429,
      errorCode: 'TooManyAttempts',
    });
    // … but not for the pair that signed in before the restart.
    expect((await signIn(h, 'admin', 'admin', home)).status).toBe(200);

    // The table holds hashes, not names or addresses.
    const db = new Database(join(h.dataDir, 'pm.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT pair_key, until_ms FROM signin_known').all() as {
        pair_key: string;
        until_ms: number;
      }[];
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const row of rows) {
        expect(row.pair_key).toMatch(/^[0-9a-f]{64}$/);
        expect(row.until_ms).toBeGreaterThan(Date.now());
      }
    } finally {
      db.close();
    }
  });
});

describe('known-pair bookkeeping (issue 33)', () => {
  it('gives known callers a reserved turn and the first place in line; unknown ones keep the bounded queue', async () => {
    const gate = new VerifyGate({ maxConcurrent: 1, maxQueued: 1 });
    const a = await gate.enter('shared')!;
    const b = gate.enter('shared');
    expect(b).toBeDefined();
    expect(gate.enter('shared')).toBeUndefined();
    // The reserved turn: a known caller goes ahead while the shared lane is full.
    const k1 = await gate.enter('known')!;
    // A second known caller waits in its own line (not refused) …
    const k2 = gate.enter('known');
    expect(k2).toBeDefined();
    expect(gate.stats).toEqual({ running: 2, queued: 2 });
    // … and gets the next free turn before the shared caller that came first.
    let bStarted = false;
    void b!.then(() => (bStarted = true));
    a();
    const releaseK2 = await k2!;
    await Promise.resolve();
    expect(bStarted).toBe(false);
    k1();
    releaseK2();
    const releaseB = await b!;
    releaseB();
    expect(gate.stats).toEqual({ running: 0, queued: 0 });
  });

  it('keeps known pairs in the database: a new throttle on it knows them; bounded; expired rows go', () => {
    const db = openDatabase(':memory:');
    try {
      const limits = { ...DEFAULT_LIMITS, maxEntries: 3, knownMs: 1000 };
      const first = new SignInThrottle(limits, db);
      first.succeeded('Admin', '10.0.0.1', 0);
      expect(first.isKnown('admin ', '10.0.0.1', 10)).toBe(true);
      expect(first.isKnown('admin', '10.0.0.2', 10)).toBe(false);

      // A new throttle (a restart) on the same database knows the pair.
      const second = new SignInThrottle(limits, db);
      expect(second.isKnown('admin', '10.0.0.1', 10)).toBe(true);
      // Past its 20 failures the name holds back other addresses, not the known pair.
      for (let i = 0; i < 20; i++) second.failed('admin', `10.0.1.${i}`, 20);
      expect(second.check('admin', '10.0.9.9', 21)?.by).toBe('name');
      expect(second.check('admin', '10.0.0.1', 21)).toBeUndefined();

      // At most maxEntries rows: the least recently signed-in go first.
      for (let i = 0; i < 5; i++) second.succeeded(`user-${i}`, '10.0.0.3', 100 + i);
      expect(second.sizes().known).toBe(3);
      expect(second.isKnown('admin', '10.0.0.1', 200)).toBe(false);
      expect(second.isKnown('user-4', '10.0.0.3', 200)).toBe(true);
      // Expired rows are deleted (the sweep runs at most once a minute).
      second.check('nobody', '10.0.0.4', 200 + 120_000);
      expect(second.sizes().known).toBe(0);
    } finally {
      db.close();
    }
  });
});
