// Session keys: random, stored in the db only as their SHA-256 (they survive a restart, and a copy of the
// database file opens no session), sliding expiry. Lookups go through a small in-memory cache (by hash too) so a
// request costs no query; the db row is touched at most once a minute, and a session whose row is gone by then
// (`npm run keys -- password` ends a user's sessions) ends here too. API keys are read from the db on every use, so
// a rotated key stops working at once.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { randomKey } from '../passwords';
import type { User } from '../handler';

/** A row of the `users` table. */
export interface UserRow {
  id: number;
  user_name: string;
  first_name: string;
  last_name: string;
  is_admin: number;
  api_key: string;
  password_hash: string;
}

const TOUCH_EVERY_MS = 60_000;

/** What the sessions table holds for a session key: its SHA-256, hex. */
export function sessionKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export class Sessions {
  private cache = new Map<string, { userId: number; expiresMs: number }>();
  /** Session key → its hash, for keys that named a session (bounded). */
  private hashes = new Map<string, string>();
  private users = new Map<number, User>();
  private stmts;

  constructor(
    /** The service's database (the sign-in throttle keeps its known pairs in it). */
    readonly db: Database,
    readonly ttlMs: number,
  ) {
    this.stmts = {
      insert: db.prepare(
        'INSERT INTO sessions (key_hash, user_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)',
      ),
      get: db.prepare('SELECT user_id, expires_ms FROM sessions WHERE key_hash = ?'),
      touch: db.prepare('UPDATE sessions SET expires_ms = ? WHERE key_hash = ?'),
      purge: db.prepare('DELETE FROM sessions WHERE expires_ms < ?'),
      userById: db.prepare('SELECT * FROM users WHERE id = ?'),
      userByName: db.prepare('SELECT * FROM users WHERE user_name = ?'),
      userByApiKey: db.prepare('SELECT * FROM users WHERE api_key = ?'),
    };
  }

  private toUser(row: UserRow): User {
    return {
      id: row.id,
      userName: row.user_name,
      fullName: `${row.first_name} ${row.last_name}`.trim(),
      isAdmin: row.is_admin === 1,
      apiKey: row.api_key,
    };
  }

  /** The user row with its password hash, for sign-in. */
  findForSignIn(userName: string): { user: User; passwordHash: string } | undefined {
    const row = this.stmts.userByName.get(userName) as UserRow | undefined;
    return row && { user: this.toUser(row), passwordHash: row.password_hash };
  }

  userByApiKey(apiKey: string): User | undefined {
    const row = this.stmts.userByApiKey.get(apiKey) as UserRow | undefined;
    return row && this.toUser(row);
  }

  user(id: number): User | undefined {
    let user = this.users.get(id);
    if (!user) {
      const row = this.stmts.userById.get(id) as UserRow | undefined;
      if (!row) return undefined;
      user = this.toUser(row);
      this.users.set(id, user);
    }
    return user;
  }

  /** A new session of the user: the raw key is returned (for the client) and only its hash is stored. */
  create(userId: number, nowMs = Date.now()): string {
    const key = randomKey(24);
    const hash = sessionKeyHash(key);
    this.stmts.insert.run(hash, userId, nowMs, nowMs + this.ttlMs);
    this.cache.set(hash, { userId, expiresMs: nowMs + this.ttlMs });
    if (Math.random() < 0.01) this.stmts.purge.run(nowMs);
    return key;
  }

  /** The user of a live session (and the expiry slides on), or undefined when missing or expired. */
  resolve(key: string, nowMs = Date.now()): User | undefined {
    // Every request hashes its key: the hashes of live sessions' keys are kept (never of keys that matched none).
    let hash = this.hashes.get(key);
    if (hash === undefined) hash = sessionKeyHash(key);
    let entry = this.cache.get(hash);
    if (!entry) {
      const row = this.stmts.get.get(hash) as { user_id: number; expires_ms: number } | undefined;
      if (!row) return undefined;
      entry = { userId: row.user_id, expiresMs: row.expires_ms };
      this.cache.set(hash, entry);
    }
    if (!this.hashes.has(key)) {
      if (this.hashes.size >= 10_000) this.hashes.clear();
      this.hashes.set(key, hash);
    }
    if (entry.expiresMs <= nowMs) {
      this.cache.delete(hash);
      return undefined;
    }
    const next = nowMs + this.ttlMs;
    if (next - entry.expiresMs >= Math.min(TOUCH_EVERY_MS, this.ttlMs / 2)) {
      // No row to touch: the session was ended outside this process (a password change).
      if (this.stmts.touch.run(next, hash).changes === 0) {
        this.cache.delete(hash);
        return undefined;
      }
      entry.expiresMs = next;
    }
    return this.user(entry.userId);
  }
}
