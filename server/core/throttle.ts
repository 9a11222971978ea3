// Sign-in throttling (issue 16): failed sign-ins are counted per (user name, client address), per user name and
// per client address; past a free number of failures each further attempt must wait, the wait doubling per
// failure up to a cap. A throttled attempt is answered at once (429 + Retry-After) and costs no scrypt. A
// (name, address) pair that signed in successfully is "known": the per-name and per-address counters do not
// hold it back (so an attacker guessing at `admin` from elsewhere, or sharing the admin's NAT address, cannot lock
// the admin out of the places they sign in from), only its own pair counter does. Known pairs are kept in the
// database (`signin_known`, by the SHA-256 of the pair; issue 33), so a restart forgets none; without a database
// (unit tests) in memory. Memory is bounded: each table keeps at most `maxEntries` keys (least recently used go
// first) and forgets a key once it has been quiet for `windowMs` after its last wait ended; the stored known
// pairs are bounded the same way. Limits: `limitsFromEnv` (SIGNIN_* variables), documented in docs/service.md
// ("Sign-in throttling").
//
// `VerifyGate` caps how many scrypt verifications run at once (libuv's threadpool has 4 threads, shared with
// file reads of the static console and DNS), with a bounded queue; past the queue a sign-in is refused at once.
// A known pair has a lane of its own (issue 33): a reserved turn and a queue served first, so guessers (who come
// from pairs that are not known) can neither make it wait behind them nor have it refused.

import type { Database } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { knownPairKey, MemoryKnown, StoredKnown, type KnownPairs } from './known-pairs';
import { envNumber } from './verify-gate';

export { knownPairKey, type KnownPairs } from './known-pairs';
export { DEFAULT_GATE, gateFromEnv, VerifyGate, type GateLimits, type Lane } from './verify-gate';

export interface ThrottleLimits {
  /** Failures of one (name, address) pair before it must wait. */
  freePerClient: number;
  /** Failures of one user name, from addresses not known for it, before they must wait. */
  freePerName: number;
  /** Failures from one address (any name; IPv6 per /64), before it must wait — except for its known pairs. */
  freePerAddress: number;
  /** The first wait; doubled per further failure. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A key is forgotten once it has had no failure for this long after its wait ended. */
  windowMs: number;
  /** How long a successful (name, address) pair stays known. */
  knownMs: number;
  /** Keys kept per table (pairs, names, addresses, known pairs, refusal buckets). */
  maxEntries: number;
  /** Refusals (429 / 503) an address gets answered at once: a burst of this many, */
  refusalBurst: number;
  /** refilled at this rate per second; */
  refusalsPerSecond: number;
  /** beyond that each refusal is held back this long before it is sent (a client that ignores Retry-After). */
  refusalHoldMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  freePerClient: 5,
  freePerName: 20,
  freePerAddress: 50,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  knownMs: 30 * 24 * 3600_000,
  maxEntries: 50_000,
  refusalBurst: 10,
  refusalsPerSecond: 1,
  refusalHoldMs: 1000,
};

/** The limits, with SIGNIN_* variables of the environment over the defaults. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ThrottleLimits {
  const d = DEFAULT_LIMITS;
  return {
    freePerClient: envNumber(env, 'SIGNIN_FREE_PER_CLIENT', d.freePerClient),
    freePerName: envNumber(env, 'SIGNIN_FREE_PER_NAME', d.freePerName),
    freePerAddress: envNumber(env, 'SIGNIN_FREE_PER_ADDRESS', d.freePerAddress),
    baseDelayMs: d.baseDelayMs,
    maxDelayMs: envNumber(env, 'SIGNIN_MAX_DELAY_SECONDS', d.maxDelayMs, 1000),
    windowMs: envNumber(env, 'SIGNIN_WINDOW_SECONDS', d.windowMs, 1000),
    knownMs: d.knownMs,
    maxEntries: Math.max(1, envNumber(env, 'SIGNIN_MAX_ENTRIES', d.maxEntries)),
    refusalBurst: d.refusalBurst,
    refusalsPerSecond: d.refusalsPerSecond,
    refusalHoldMs: d.refusalHoldMs,
  };
}

/** Names longer than this are counted by their SHA-256, so a table of 50,000 keys stays small. */
const MAX_NAME_KEY = 128;

/** The user name as counted: trimmed, case-insensitive (a long one by its hash). */
export function nameKey(userName: string): string {
  const name = userName.trim().toLowerCase();
  return name.length <= MAX_NAME_KEY ? name : `#${createHash('sha256').update(name).digest('hex')}`;
}

/** The client address as counted: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix. */
export function addressKey(ip: string | undefined): string {
  if (!ip) return '?';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g ? g.replace(/^0+(?=.)/, '') : '0'))
    .join(':')}::/64`;
}

interface Entry {
  failures: number;
  lastFailureMs: number;
  blockedUntilMs: number;
}

/** Failure counters of one kind of key, least recently failed first (a Map keeps insertion order). */
class Counters {
  readonly map = new Map<string, Entry>();

  constructor(private readonly limits: ThrottleLimits) {}

  private live(key: string, nowMs: number): Entry | undefined {
    const entry = this.map.get(key);
    if (entry && Math.max(entry.lastFailureMs, entry.blockedUntilMs) + this.limits.windowMs <= nowMs) {
      this.map.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Milliseconds this key must still wait (0: none). */
  waitMs(key: string, nowMs: number): number {
    const entry = this.live(key, nowMs);
    return entry ? Math.max(0, entry.blockedUntilMs - nowMs) : 0;
  }

  fail(key: string, free: number, nowMs: number): void {
    const entry = this.live(key, nowMs) ?? { failures: 0, lastFailureMs: nowMs, blockedUntilMs: 0 };
    entry.failures++;
    entry.lastFailureMs = nowMs;
    if (entry.failures >= free) {
      const doublings = Math.min(entry.failures - free, 40);
      const delay = Math.min(this.limits.maxDelayMs, this.limits.baseDelayMs * 2 ** doublings);
      entry.blockedUntilMs = Math.max(entry.blockedUntilMs, nowMs + delay);
    }
    this.map.delete(key);
    this.map.set(key, entry);
    while (this.map.size > this.limits.maxEntries) this.map.delete(this.map.keys().next().value!);
  }

  clear(key: string): void {
    this.map.delete(key);
  }

  /** Drops every forgotten key (called now and then, so idle keys do not wait for the size cap). */
  sweep(nowMs: number): void {
    for (const key of this.map.keys()) this.live(key, nowMs);
  }
}

export interface ThrottleVerdict {
  /** Milliseconds to wait before trying again. */
  retryAfterMs: number;
  /** Which counter holds the attempt back (for the log and tests; never told to the client). */
  by: 'client' | 'name' | 'address';
}

const SWEEP_EVERY_MS = 60_000;

export class SignInThrottle {
  readonly pairs: Counters;
  readonly names: Counters;
  readonly addresses: Counters;
  /** Known (name, address) pairs → when they stop being known: in the database when one is given. */
  readonly known: KnownPairs;
  /** Refusal token buckets per address. */
  readonly refusals = new Map<string, { tokens: number; atMs: number }>();
  private lastSweepMs = 0;

  constructor(
    readonly limits: ThrottleLimits = limitsFromEnv(),
    db?: Database,
  ) {
    this.pairs = new Counters(limits);
    this.names = new Counters(limits);
    this.addresses = new Counters(limits);
    this.known = db ? new StoredKnown(db, limits.maxEntries) : new MemoryKnown(limits.maxEntries);
  }

  private keys(userName: string, ip: string | undefined) {
    const name = nameKey(userName);
    const address = addressKey(ip);
    return { name, address, pair: `${name}\u0000${address}` };
  }

  /** Whether this (name, address) pair has signed in within `knownMs`: its sign-ins use the gate's known lane. */
  isKnown(userName: string, ip: string | undefined, nowMs = Date.now()): boolean {
    return this.known.has(knownPairKey(this.keys(userName, ip).pair), nowMs);
  }

  /**
   * Whether an attempt must wait; undefined when it may go ahead. `known` (whether the pair is known) may be
   * given when the caller has just asked `isKnown`.
   */
  check(
    userName: string,
    ip: string | undefined,
    nowMs = Date.now(),
    known?: boolean,
  ): ThrottleVerdict | undefined {
    this.maybeSweep(nowMs);
    const { name, address, pair } = this.keys(userName, ip);
    const waits: ThrottleVerdict[] = [{ retryAfterMs: this.pairs.waitMs(pair, nowMs), by: 'client' }];
    if (!(known ?? this.known.has(knownPairKey(pair), nowMs))) {
      waits.push({ retryAfterMs: this.names.waitMs(name, nowMs), by: 'name' });
      waits.push({ retryAfterMs: this.addresses.waitMs(address, nowMs), by: 'address' });
    }
    const longest = waits.reduce((a, b) => (b.retryAfterMs > a.retryAfterMs ? b : a));
    return longest.retryAfterMs > 0 ? longest : undefined;
  }

  failed(userName: string, ip: string | undefined, nowMs = Date.now()): void {
    const { name, address, pair } = this.keys(userName, ip);
    const l = this.limits;
    this.pairs.fail(pair, l.freePerClient, nowMs);
    this.names.fail(name, l.freePerName, nowMs);
    this.addresses.fail(address, l.freePerAddress, nowMs);
  }

  /** The pair's counter starts again and the pair is known from now on (the name's and address's keep counting). */
  succeeded(userName: string, ip: string | undefined, nowMs = Date.now()): void {
    const { pair } = this.keys(userName, ip);
    this.pairs.clear(pair);
    this.known.add(knownPairKey(pair), nowMs + this.limits.knownMs);
  }

  /**
   * How long to hold back a refusal (429 / 503) to this address before sending it: 0 while the address is
   * within its burst; a client that keeps sending regardless gets one answer per `refusalHoldMs` per connection,
   * so it cannot keep the event loop busy with refusals (the reply still costs no scrypt).
   */
  refusalHold(ip: string | undefined, nowMs = Date.now()): number {
    const key = addressKey(ip);
    const l = this.limits;
    const bucket = this.refusals.get(key) ?? { tokens: l.refusalBurst, atMs: nowMs };
    bucket.tokens = Math.min(
      l.refusalBurst,
      bucket.tokens + ((nowMs - bucket.atMs) / 1000) * l.refusalsPerSecond,
    );
    bucket.atMs = nowMs;
    this.refusals.delete(key);
    this.refusals.set(key, bucket);
    while (this.refusals.size > l.maxEntries) this.refusals.delete(this.refusals.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens--;
      return 0;
    }
    return l.refusalHoldMs;
  }

  /** Keys held, per table (for tests and figures). */
  sizes() {
    return {
      pairs: this.pairs.map.size,
      names: this.names.map.size,
      addresses: this.addresses.map.size,
      known: this.known.size,
      refusals: this.refusals.size,
    };
  }

  private maybeSweep(nowMs: number): void {
    if (nowMs - this.lastSweepMs < SWEEP_EVERY_MS) return;
    this.lastSweepMs = nowMs;
    this.pairs.sweep(nowMs);
    this.names.sweep(nowMs);
    this.addresses.sweep(nowMs);
    this.known.sweep(nowMs);
    const full = this.limits.refusalBurst / Math.max(this.limits.refusalsPerSecond, 1e-9);
    for (const [key, b] of this.refusals) if (nowMs - b.atMs > full * 1000) this.refusals.delete(key);
  }
}

/** Seconds for a Retry-After header (at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** "30 seconds", "1 second", "4 minutes" (rounded up). */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
