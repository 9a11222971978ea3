// The known (name, address) pairs of sign-in throttling (server/core/throttle.ts): in the database
// (`signin_known`, by the SHA-256 of the pair; issue 33), so a restart forgets none, or in memory without one.
import type { Database, Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';

/** The known (name, address) pairs: each by the SHA-256 (hex) of the pair, with when it stops being known. */
export interface KnownPairs {
  has(key: string, nowMs: number): boolean;
  /** Known until `untilMs`; the least recently added go first beyond `maxEntries`. */
  add(key: string, untilMs: number): void;
  /** Drops the pairs no longer known. */
  sweep(nowMs: number): void;
  readonly size: number;
}

/** Known pairs in memory (a throttle without a database). */
export class MemoryKnown implements KnownPairs {
  private readonly map = new Map<string, number>();
  constructor(private readonly maxEntries: number) {}
  has(key: string, nowMs: number): boolean {
    return (this.map.get(key) ?? 0) > nowMs;
  }
  add(key: string, untilMs: number): void {
    this.map.delete(key);
    this.map.set(key, untilMs);
    while (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value!);
  }
  sweep(nowMs: number): void {
    for (const [key, until] of this.map) if (until <= nowMs) this.map.delete(key);
  }
  get size() {
    return this.map.size;
  }
}

/**
 * Known pairs in the `signin_known` table (server/db/core-schema.ts): a restart keeps them. A lookup is one read by
 * primary key (no write on the path of an attempt); rows are written only on a successful sign-in, and expired
 * ones deleted by the sweep. Beyond `maxEntries` rows the ones known for the shortest time left go first, which
 * are the least recently signed in (every pair is known for the same `knownMs`).
 */
export class StoredKnown implements KnownPairs {
  private readonly get: Statement<[string], number>;
  private readonly insert: Statement<[string, number]>;
  private readonly update: Statement<[number, string]>;
  private readonly count: Statement<[], number>;
  private readonly trim: Statement<[number]>;
  private readonly expire: Statement<[number]>;
  private rows: number;

  constructor(
    db: Database,
    private readonly maxEntries: number,
  ) {
    this.get = db.prepare<[string], number>('SELECT until_ms FROM signin_known WHERE pair_key = ?').pluck();
    this.insert = db.prepare('INSERT OR IGNORE INTO signin_known (pair_key, until_ms) VALUES (?, ?)');
    this.update = db.prepare('UPDATE signin_known SET until_ms = ? WHERE pair_key = ?');
    this.count = db.prepare<[], number>('SELECT count(*) FROM signin_known').pluck();
    this.trim = db.prepare(
      'DELETE FROM signin_known WHERE pair_key IN (SELECT pair_key FROM signin_known ORDER BY until_ms LIMIT ?)',
    );
    this.expire = db.prepare('DELETE FROM signin_known WHERE until_ms <= ?');
    this.rows = this.count.get()!;
  }

  has(key: string, nowMs: number): boolean {
    return (this.get.get(key) ?? 0) > nowMs;
  }

  add(key: string, untilMs: number): void {
    if (this.insert.run(key, untilMs).changes) this.rows++;
    else this.update.run(untilMs, key);
    if (this.rows > this.maxEntries) this.rows -= this.trim.run(this.rows - this.maxEntries).changes;
  }

  sweep(nowMs: number): void {
    this.expire.run(nowMs);
    this.rows = this.count.get()!;
  }

  get size() {
    return this.rows;
  }
}

/** What the known-pairs table holds for a pair: the SHA-256 (hex) of the pair as counted. */
export function knownPairKey(pair: string): string {
  return createHash('sha256').update(pair).digest('hex');
}
