// Shared by the reliability suites (issue 11): a second connection to the service's SQLite file that sees
// whether a request changed the domain data (a change counter kept by triggers, and a checksum of every domain
// table), and the check that an error reply carries a proper ResponseStatus.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { HttpResult } from './harness';

/** Tables that are not domain data: they change on every request (log, sessions, sign-in's known pairs) or are ours. */
const NOT_DOMAIN = new Set([
  'sessions',
  'request_log',
  'request_log_journal',
  'settings',
  'signin_known',
  'reliability_changes',
]);

export class DataWatch {
  readonly db: Database.Database;
  readonly tables: string[];
  private readonly counter: Database.Statement;
  private readonly withoutRowid: Set<string>;

  constructor(dataDir: string) {
    this.db = new Database(join(dataDir, 'pm.sqlite'));
    this.db.pragma('busy_timeout = 5000');
    this.tables = (
      this.db
        .prepare(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
        )
        .all() as { name: string }[]
    )
      .map((t) => t.name)
      .filter((t) => !NOT_DOMAIN.has(t));
    // Every insert, update and delete of a domain row, by anyone, counts one.
    this.db.exec('CREATE TABLE IF NOT EXISTS reliability_changes (n INTEGER NOT NULL)');
    this.db.exec(
      'INSERT INTO reliability_changes SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM reliability_changes)',
    );
    for (const t of this.tables) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        this.db.exec(
          `CREATE TRIGGER IF NOT EXISTS reliability_${t}_${event.toLowerCase()} AFTER ${event} ON ${t}
           BEGIN UPDATE reliability_changes SET n = n + 1; END`,
        );
      }
    }
    this.counter = this.db.prepare('SELECT n FROM reliability_changes');
    this.withoutRowid = new Set(
      (
        this.db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`).all() as {
          name: string;
          sql: string;
        }[]
      )
        .filter((t) => /WITHOUT\s+ROWID/i.test(t.sql))
        .map((t) => t.name),
    );
  }

  /** How many domain rows were inserted, updated or deleted since the watch began. */
  changes(): number {
    return (this.counter.get() as { n: number }).n;
  }

  /** sha256 over every row of every domain table, in rowid order. */
  checksum(): string {
    const hash = createHash('sha256');
    for (const t of this.tables) {
      hash.update(`\u0000${t}\u0000`);
      // WITHOUT ROWID tables are read in primary-key order.
      const order = this.withoutRowid.has(t) ? '' : ' ORDER BY rowid';
      for (const row of this.db.prepare(`SELECT * FROM ${t}${order}`).raw().iterate()) {
        hash.update(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
      }
    }
    return hash.digest('hex');
  }

  /** Rows per domain table (for the figures). */
  rowCount(): number {
    return this.tables.reduce(
      (n, t) => n + (this.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n,
      0,
    );
  }

  close(): void {
    this.db.close();
  }
}

/** The JSON of a reply, unwrapped from a JSONP callback when there is one. */
export function replyJson(res: HttpResult): unknown {
  if (res.json !== undefined) return res.json;
  const m = /^[A-Za-z0-9._]+\(([\s\S]*)\)$/.exec(res.text);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]);
  } catch {
    return undefined;
  }
}

/**
 * Why an error reply is not a proper ResponseStatus (undefined when it is): JSON, `responseStatus.errorCode` and
 * `responseStatus.message` non-empty text, each field error named, no stack trace; operations other than the
 * request log also say `errorOccured: true`.
 */
export function improperError(res: HttpResult, requestLog: boolean): string | undefined {
  const body = replyJson(res) as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return 'the body is not JSON';
  const rs = body.responseStatus as Record<string, unknown> | undefined;
  if (!rs || typeof rs !== 'object') return 'no responseStatus';
  if (typeof rs.errorCode !== 'string' || !rs.errorCode) return 'no responseStatus.errorCode';
  if (typeof rs.message !== 'string' || !rs.message) return 'no responseStatus.message';
  if (rs.stackTrace !== undefined) return 'a stack trace';
  const errors = (rs.errors ?? []) as Record<string, unknown>[];
  if (!Array.isArray(errors)) return 'responseStatus.errors is not a list';
  for (const e of errors) {
    if (
      typeof e?.fieldName !== 'string' ||
      typeof e?.errorCode !== 'string' ||
      typeof e?.message !== 'string'
    )
      return `a field error without fieldName, errorCode or message: ${JSON.stringify(e)}`;
  }
  if (!requestLog && body.errorOccured !== true) return 'errorOccured is not true';
  return undefined;
}
