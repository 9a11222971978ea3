// Starting and stopping the reference service: used by main.ts, the service tests and the benchmarks.
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { buildApp } from './app';
import { closeReader, isSeeded, openDatabase, writeAdminKeyFile } from './db/db';
import { seed, seedTodayOf } from './db/seed';
import { domainHandlers } from './handlers/registry';
import { verifyPassword } from './passwords';
import { StartupError } from './core/startup-error';
import type { Tracking } from '../src/contract/requestLog';

export interface ServiceOptions {
  dataDir: string;
  port?: number;
  host?: string;
  sessionTtlSeconds?: number;
  logRetention?: number;
  /** Byte budgets of the request log: rows kept (`maxBytes`) and one query's reply (`replyMaxBytes`). */
  logLimits?: {
    maxBytes?: number;
    replyMaxBytes?: number;
    holdRows?: number;
    queueMaxBytes?: number;
    anonShare?: number;
  };
  /** A request must arrive (headers and body) within this time (default 30 s). */
  requestTimeoutMs?: number;
  corsOrigins?: string[];
  staticDir?: string;
  tracking?: Partial<Tracking>;
  development?: boolean;
  /** Seeds an empty database with this variant (`xss`: script-injection strings in every text field). */
  seedVariant?: 'xss';
  /**
   * The seed's "today" (`YYYY-MM-DD`, env SEED_TODAY) for an empty database: its dates are relative to it.
   * Unset, the UTC day of seeding. A seeded database keeps the day it was seeded for (settings `seed_today`).
   */
  seedToday?: string;
  /** Extra `connect-src` sources for the console's Content-Security-Policy. */
  cspConnectSrc?: string[];
  /**
   * Start on a non-loopback host even while a demo user (admin/admin, pm/pm) still has its demo password
   * (env `ALLOW_DEMO_PASSWORDS=1`). Without it such a start throws a StartupError.
   */
  allowDemoPasswords?: boolean;
}

export interface RunningService {
  url: string;
  port: number;
  close(): Promise<void>;
  app: ReturnType<typeof buildApp>;
  /**
   * Set when this start seeded a new data folder: the owner-only file (`<dataDir>/admin-api-key.txt`) holding the
   * admin user's API key, which is random per data folder.
   */
  adminKeyFile?: string;
  /** The seed's "today" of the data folder (`YYYY-MM-DD`): the day its demo dates are relative to. */
  seedToday: string;
}

/** The seeded users whose password is their user name. */
export const DEMO_USERS = ['admin', 'pm'] as const;

/** Hosts only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The demo users that still have their demo password (the user name). */
export async function usersWithDemoPasswords(db: Database.Database): Promise<string[]> {
  const get = db.prepare('SELECT password_hash FROM users WHERE user_name = ?');
  const found: string[] = [];
  for (const user of DEMO_USERS) {
    const row = get.get(user) as { password_hash: string } | undefined;
    // `await` whether verifyPassword answers a boolean or a Promise of one.
    if (row && (await Promise.resolve(verifyPassword(user, row.password_hash)))) found.push(user);
  }
  return found;
}

async function refuseDemoPasswordsInPublic(db: Database.Database, host: string, options: ServiceOptions) {
  if (options.allowDemoPasswords || isLoopback(host)) return;
  const demo = await usersWithDemoPasswords(db);
  if (!demo.length) return;
  throw new StartupError(
    `HOST=${host} is not loopback and the demo users still have their demo passwords ` +
      `(${demo.map((u) => `${u}/${u}`).join(', ')}): change them with \`npm run keys -- password <user>\` ` +
      'or set ALLOW_DEMO_PASSWORDS=1',
  );
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  const db = openDatabase(join(options.dataDir, 'pm.sqlite'));
  let adminKeyFile: string | undefined;
  try {
    if (!isSeeded(db)) {
      seed(db, { variant: options.seedVariant, today: options.seedToday });
      const admin = db.prepare(`SELECT api_key FROM users WHERE user_name = 'admin'`).get() as
        { api_key: string } | undefined;
      if (admin) adminKeyFile = writeAdminKeyFile(options.dataDir, admin.api_key);
    }
    await refuseDemoPasswordsInPublic(db, host, options);
  } catch (e) {
    db.close();
    throw e;
  }
  const seedToday = seedTodayOf(db);
  const built = buildApp({
    db,
    handlers: domainHandlers,
    sessionTtlMs: (options.sessionTtlSeconds ?? 8 * 3600) * 1000,
    logRetention: options.logRetention,
    logLimits: options.logLimits,
    requestTimeoutMs: options.requestTimeoutMs,
    corsOrigins: options.corsOrigins,
    staticDir: options.staticDir,
    tracking: options.tracking,
    development: options.development,
    cspConnectSrc: options.cspConnectSrc,
  });
  try {
    await built.app.listen({ port: options.port ?? 0, host });
  } catch (e) {
    await built.app.close();
    db.close();
    throw e;
  }
  let closing: Promise<void> | undefined;
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app: built,
    adminKeyFile,
    seedToday,
    // A second close (two signals, a test's afterAll) waits for the first instead of closing twice.
    close() {
      closing ??= (async () => {
        await built.app.close();
        closeReader(db);
        db.close();
      })();
      return closing;
    },
  };
}
