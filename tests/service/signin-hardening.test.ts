// Issue 16, finding 2: sign-in must not block the service, must cost the same for unknown, disabled and real
// users, and must slow a guesser down (429 + Retry-After, no scrypt while throttled). Clients pick their source
// address inside 127/8 (Linux routes all of it to loopback), so per-address limits are exercised for real without
// a test hook. Prints its figures ([signin] lines).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';
import { hashPassword, passwordStats } from '../../server/passwords';
import { addressKey, DEFAULT_LIMITS, nameKey, SignInThrottle, VerifyGate } from '../../server/core/throttle';
import { postFrom } from './from-address';
import { Harness, sleep, useHarness } from './harness';

const SIGN_IN = operations.InternalUserAuthenticationRequest.path;

/** POSTs JSON from the given local (source) address. */
const post = (h: Harness, path: string, body: unknown, from = '127.0.0.1') =>
  postFrom(h.url, path, body, from);

const signIn = (h: Harness, userName: string, password: string, from?: string) =>
  post(h, SIGN_IN, { userName, password }, from);

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (v: number) => Math.round(v * 10) / 10;

const h = useHarness();
let pmKey: string;

beforeAll(async () => {
  pmKey = (await h.session('pm')).sessionKey;
});

describe('sign-in hardening (issue 16)', () => {
  // How fast reads answer meanwhile is measured by the stress suite (`STRESS_ONLY=signin`: reader p95 < 50 ms under
  // 40 guessing connections), where a busy machine re-measures instead of failing: no wall clock here.
  it('does not block other requests: signed-in reads are answered while 20 wrong sign-ins run', async () => {
    const read = () => post(h, operations.ProjectGetRequest.path, { authSessionKey: pmKey, projectId: 1 });
    expect((await read()).status).toBe(200);
    const before = passwordStats.verifications;
    let pending = 20;
    // 20 distinct unknown names from 20 addresses: no counter is near its limit, every one is hashed.
    const guesses = Array.from({ length: 20 }, (_, i) =>
      signIn(h, `ghost-block-${i}`, 'wrong', `127.0.1.${i + 1}`).finally(() => pending--),
    );
    const reads: number[] = [];
    while (pending > 0) {
      reads.push((await read()).ms);
      await sleep(5);
    }
    const replies = await Promise.all(guesses);
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(401));
    expect(passwordStats.verifications - before).toBe(20);
    const longest = Math.max(...reads);
    const p95 = [...reads].sort((a, b) => a - b)[Math.floor(reads.length * 0.95)];
    console.log(
      `[signin] reads during 20 concurrent wrong sign-ins: ${reads.length} reads, median ${round(median(reads))} ms, ` +
        `p95 ${round(p95)} ms, max ${round(longest)} ms; the sign-ins took up to ${round(Math.max(...replies.map((r) => r.ms)))} ms`,
    );
    // Reads were answered while the sign-ins ran (the event loop was not blocked by scrypt).
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('answers a guessing client 429 with Retry-After after 5 failures, the wait doubling; a right password clears it', async () => {
    const from = '127.0.2.1';
    for (let i = 0; i < 5; i++) {
      const res = await signIn(h, 'admin', `guess-${i}`, from);
      expect(res.status).toBe(401);
      expect(res.json.responseStatus.errorCode).toBe('InvalidCredentials');
    }
    const blocked = await signIn(h, 'admin', 'guess-5', from);
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe('1');
    expect(blocked.json.responseStatus.errorCode).toBe('TooManyAttempts');
    expect(blocked.json.uiErrorMessage).toBe('Too many failed sign-ins. Try again in 1 second.');
    expect(blocked.json.errorOccured).toBe(true);
    // Even the right password waits: the throttle answers before the password is looked at.
    expect((await signIn(h, 'admin', 'admin', from)).status).toBe(429);

    await sleep(1100);
    expect((await signIn(h, 'admin', 'guess-6', from)).status).toBe(401);
    const doubled = await signIn(h, 'admin', 'guess-7', from);
    expect(doubled.status).toBe(429);
    expect(doubled.retryAfter).toBe('2');
    expect(doubled.json.uiErrorMessage).toBe('Too many failed sign-ins. Try again in 2 seconds.');

    await sleep(2100);
    expect((await signIn(h, 'admin', 'admin', from)).status).toBe(200);
    // The counter of this client starts again.
    expect((await signIn(h, 'admin', 'guess-8', from)).status).toBe(401);
    expect((await signIn(h, 'admin', 'guess-9', from)).status).toBe(401);
    // Another client of the same name was never held back.
    expect((await signIn(h, 'admin', 'admin', '127.0.2.2')).status).toBe(200);
  });

  it('answers a throttled attempt without running scrypt', async () => {
    const from = '127.0.3.1';
    const failed: number[] = [];
    for (let i = 0; i < 5; i++) failed.push((await signIn(h, 'nobody-fast', `x${i}`, from)).ms);
    const before = passwordStats.verifications;
    const throttled: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await signIn(h, 'nobody-fast', `y${i}`, from);
      expect(res.status).toBe(429);
      throttled.push(res.ms);
    }
    expect(passwordStats.verifications).toBe(before);
    console.log(
      `[signin] throttled attempt: median ${round(median(throttled))} ms (a hashed failure: ${round(median(failed))} ms); scrypt runs while throttled: 0`,
    );
    // A client that keeps on regardless: past a burst of 10 refusals, each is held back a second (a lower bound:
    // a busy machine can only make it longer).
    expect((await signIn(h, 'nobody-fast', 'z0', from)).status).toBe(429);
    const heldBack = await signIn(h, 'nobody-fast', 'z1', from);
    expect(heldBack.status).toBe(429);
    expect(heldBack.ms).toBeGreaterThanOrEqual(950);
    expect(passwordStats.verifications).toBe(before);
  });

  it('holds an address back that rotates user names (50 failures), but not its known pairs', async () => {
    const from = '127.0.4.1';
    expect((await signIn(h, 'pm', 'pm', from)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await signIn(h, `rotating-${i}`, 'wrong', from)).status);
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(401));
    expect(statuses[50]).toBe(429);
    expect((await signIn(h, 'another-name', 'wrong', from)).status).toBe(429);
    // pm signed in from this address before: the address's counter does not hold pm back.
    expect((await signIn(h, 'pm', 'pm', from)).status).toBe(200);
  });

  it('holds a name back that is guessed at from many addresses (20), but not from where it signed in before', async () => {
    // pm signed in from 127.0.0.1 when the test started (h.session): that pair is known.
    for (let i = 0; i < 20; i++) {
      expect((await signIn(h, 'PM ', 'wrong', `127.0.5.${i + 1}`)).status).toBe(401);
    }
    const fresh = await signIn(h, 'pm', 'pm', '127.0.5.200');
    expect(fresh.status).toBe(429);
    expect(fresh.json.responseStatus.errorCode).toBe('TooManyAttempts');
    // pm's own client still gets in.
    expect((await signIn(h, 'pm', 'pm', '127.0.0.1')).status).toBe(200);
  });

  it('refuses a flood beyond the gate at once (503 + Retry-After) and keeps answering reads', async () => {
    const read = () => post(h, operations.ProjectGetRequest.path, { authSessionKey: pmKey, projectId: 2 });
    let pending = 60;
    const flood = Array.from({ length: 60 }, (_, i) =>
      signIn(h, `flood-${i}`, 'wrong', `127.0.6.${i + 1}`).finally(() => pending--),
    );
    const reads: number[] = [];
    while (pending > 0) {
      reads.push((await read()).ms);
      await sleep(5);
    }
    const replies = await Promise.all(flood);
    const busy = replies.filter((r) => r.status === 503);
    const byStatus = replies.reduce<Record<number, number>>(
      (m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }),
      {},
    );
    console.log(
      `[signin] 60 concurrent sign-ins: ${JSON.stringify(byStatus)}; refused ones answered in max ${round(Math.max(...busy.map((r) => r.ms)))} ms; reads meanwhile median ${round(median(reads))} ms, max ${round(Math.max(...reads))} ms`,
    );
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + replies.filter((r) => r.status === 401).length).toBe(60);
    for (const r of busy) {
      expect(r.retryAfter).toBe('2');
      expect(r.json.responseStatus.errorCode).toBe('ServiceBusy');
    }
    expect(reads.length).toBeGreaterThan(0);
  });
});

// "Same time for unknown, disabled and real users" (medians of 15 within 10 %) is a wall-clock figure: it is
// measured by the stress suite (`STRESS_ONLY=signin npm run test:stress`, timingRounds), not here. What makes the
// times the same is checked here: one scrypt for each, and the same answer.
describe('the same work for unknown, disabled and real users (issue 16)', () => {
  const t = useHarness();

  it('answers a wrong password of each with the same 401, after exactly one scrypt', async () => {
    const db = new Database(join(t.dataDir, 'pm.sqlite'));
    const disabled = (
      db
        .prepare(`SELECT user_name FROM users WHERE password_hash = 'disabled' ORDER BY id LIMIT 1`)
        .get() as {
        user_name: string;
      }
    ).user_name;
    db.prepare('UPDATE users SET password_hash = ? WHERE user_name = ?').run(hashPassword('real'), 'pm');
    db.close();
    const answers: string[] = [];
    for (const [i, name] of ['nobody-at-all', disabled, 'pm'].entries()) {
      const before = passwordStats.verifications;
      const res = await signIn(t, name, 'wrong', `127.0.7.${i + 1}`);
      expect(passwordStats.verifications - before, name).toBe(1);
      answers.push(`${res.status} ${res.json.responseStatus.errorCode} ${res.json.responseStatus.message}`);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^401 InvalidCredentials /);
  });
});

describe('throttle bookkeeping', () => {
  it('keeps its memory bounded when names and addresses rotate', () => {
    const throttle = new SignInThrottle({ ...DEFAULT_LIMITS, maxEntries: 100 });
    for (let i = 0; i < 10_000; i++)
      throttle.failed(`name-${i}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 1000);
    for (let i = 0; i < 1_000; i++) throttle.succeeded(`name-${i}`, '10.0.0.1', 1000);
    const sizes = throttle.sizes();
    expect(Math.max(...Object.values(sizes))).toBeLessThanOrEqual(100);
  });

  it('forgets a key once it has been quiet for the window after its wait', () => {
    const throttle = new SignInThrottle(DEFAULT_LIMITS);
    for (let i = 0; i < 6; i++) throttle.failed('Pm', '10.0.0.1', 0);
    expect(throttle.check(' pm ', '10.0.0.1', 0)?.retryAfterMs).toBe(2000);
    expect(throttle.check('pm', '10.0.0.1', 2000)).toBeUndefined();
    throttle.failed('pm', '10.0.0.1', 2000); // 7th: 4 s
    expect(throttle.check('pm', '10.0.0.1', 2001)?.retryAfterMs).toBe(3999);
    expect(throttle.check('pm', '10.0.0.1', 6000 + DEFAULT_LIMITS.windowMs)).toBeUndefined();
    expect(throttle.sizes().pairs).toBe(0);
  });

  it('answers 10 refusals to an address at once, then holds each back a second, refilling one a second', () => {
    const throttle = new SignInThrottle(DEFAULT_LIMITS);
    const holds = Array.from({ length: 12 }, () => throttle.refusalHold('10.0.0.9', 0));
    expect(holds).toEqual([...Array(10).fill(0), 1000, 1000]);
    expect(throttle.refusalHold('10.0.0.8', 0)).toBe(0);
    expect(throttle.refusalHold('10.0.0.9', 1000)).toBe(0);
    expect(throttle.refusalHold('10.0.0.9', 1000)).toBe(1000);
  });

  it('caps the wait at 15 minutes', () => {
    const throttle = new SignInThrottle(DEFAULT_LIMITS);
    for (let i = 0; i < 40; i++) throttle.failed('pm', '10.0.0.1', 0);
    expect(throttle.check('pm', '10.0.0.1', 0)?.retryAfterMs).toBe(15 * 60_000);
  });

  it('keeps a key short whatever the user name (a 1 MB name is counted by its hash)', () => {
    const throttle = new SignInThrottle(DEFAULT_LIMITS);
    const huge = 'x'.repeat(1_000_000);
    for (let i = 0; i < 6; i++) throttle.failed(huge, '10.0.0.1', 0);
    expect(nameKey(` ${huge.toUpperCase()} `)).toBe(nameKey(huge));
    expect(nameKey(huge).length).toBeLessThanOrEqual(65);
    expect([...throttle.names.map.keys()][0].length).toBeLessThanOrEqual(65);
    expect(throttle.check(huge, '10.0.0.1', 0)?.retryAfterMs).toBe(2000);
  });

  it('counts IPv6 clients per /64 and IPv4-mapped ones as IPv4', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe(addressKey('2001:db8:1:2::9'));
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::9')).not.toBe(addressKey('2001:db8:1:2::9'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('lets at most maxConcurrent through the gate and refuses beyond the queue', async () => {
    const gate = new VerifyGate({ maxConcurrent: 2, maxQueued: 1 });
    const a = await gate.enter()!;
    const b = await gate.enter()!;
    const c = gate.enter();
    expect(c).toBeDefined();
    expect(gate.enter()).toBeUndefined();
    expect(gate.stats).toEqual({ running: 2, queued: 1 });
    a();
    const release = await c!;
    expect(gate.stats).toEqual({ running: 2, queued: 0 });
    b();
    release();
    expect(gate.stats).toEqual({ running: 0, queued: 0 });
  });
});
