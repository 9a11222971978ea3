import Database from 'better-sqlite3';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { StartupError } from '../core/startup-error';
import { coreSchema } from './core-schema';
import { domainSchema } from './domain-schema';

/** Mode of the data folder: only its owner may list or enter it. */
export const DATA_DIR_MODE = 0o700;
/** Mode of the files in it (database, WAL, shared memory, the admin key file). */
export const DATA_FILE_MODE = 0o600;

const readers = new WeakMap<Database.Database, Database.Database>();

/**
 * A read-only connection to the same file, for rows read while a reply streams (RowStream, server/handler.ts):
 * its statement may stay open across event-loop turns while the service's own connection goes on reading and
 * writing (an open statement keeps its connection busy for writes). One per database, opened on first use;
 * undefined for an in-memory database (which has no second connection).
 */
export function readerOf(db: Database.Database): Database.Database | undefined {
  if (db.memory) return undefined;
  let reader = readers.get(db);
  if (!reader?.open) {
    reader = new Database(db.name, { readonly: true, fileMustExist: true });
    // Queries of the request log go through it: over the 1,000,000-row log the twelve query shapes of the bench
    // read ~130 pages each again from the file with the default 2 MB cache, none once they are cached (32 MiB
    // holds them all; 16 MiB did not), ~20 % of a query's CPU time. Filled only as pages are read.
    reader.pragma('cache_size = -32768');
    readers.set(db, reader);
  }
  return reader;
}

/** Closes the database's reader (readerOf), if it was opened. */
export function closeReader(db: Database.Database): void {
  readers.get(db)?.close();
  readers.delete(db);
}

/**
 * Opens (and creates) the service's SQLite file in WAL mode with every table in place. The folder is made
 * owner-only (0700, also when it already existed) and the database files 0600: SQLite creates `-wal` and `-shm`
 * with the mode of the database file, and files of an older install are narrowed here on every open.
 */
export function openDatabase(file: string): Database.Database {
  if (file === ':memory:') return prepare(new Database(file));
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  ownerOnly(dir, DATA_DIR_MODE);
  // An empty file created 0600 before SQLite opens it: SQLite takes it as a new database.
  if (!existsSync(file)) closeSync(openSync(file, 'a', DATA_FILE_MODE));
  ownerOnly(file, DATA_FILE_MODE);
  const db = prepare(new Database(file));
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) ownerOnly(file + suffix, DATA_FILE_MODE);
  }
  return db;
}

function prepare(db: Database.Database): Database.Database {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateSessions(db);
  migrateRequestLog(db);
  db.exec(coreSchema);
  db.exec(domainSchema);
  return db;
}

/** chmod, with one clear line when this user may not (a folder or file owned by someone else). */
export function ownerOnly(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EACCES') throw e;
    throw new StartupError(
      `${path} belongs to another user, so it cannot be made owner-only (chmod ${mode.toString(8)}): ` +
        'use a DATA_DIR of the user the service runs as',
    );
  }
}

/**
 * Sessions used to be stored by their raw key (`session_key`); they are stored by its SHA-256 now (`key_hash`).
 * A raw key cannot be turned into its hash without keeping it, so the old table is dropped: everyone signs in
 * again once after the upgrade. API keys are kept (they are returned by each sign-in anyway).
 */
function migrateSessions(db: Database.Database): void {
  const columns = db.prepare('PRAGMA table_info(sessions)').all() as { name: string }[];
  if (columns.some((c) => c.name === 'session_key')) db.exec('DROP TABLE sessions');
}

/** The request log's `anon` column (its own retention share) came later: an older log's rows are authenticated. */
function migrateRequestLog(db: Database.Database): void {
  const columns = db.prepare('PRAGMA table_info(request_log)').all() as { name: string }[];
  if (columns.length && !columns.some((c) => c.name === 'anon')) {
    db.exec('ALTER TABLE request_log ADD COLUMN anon INTEGER NOT NULL DEFAULT 0');
  }
}

/** The file `startService` writes when it seeds a new data folder: the admin user's API key, 0600. */
export const ADMIN_KEY_FILE = 'admin-api-key.txt';

/** Writes (or replaces) the admin key file of a data folder, owner-only; returns its path. */
export function writeAdminKeyFile(dataDir: string, apiKey: string, userName = 'admin'): string {
  const file = join(dataDir, ADMIN_KEY_FILE);
  const text =
    `# API key of the admin user "${userName}" of this data folder: send "Authorization: Bearer <key>" to /requestlogs; ` +
    `replace it with \`npm run keys -- rotate ${userName}\`\n${apiKey}\n`;
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: DATA_FILE_MODE });
  ownerOnly(temp, DATA_FILE_MODE);
  renameSync(temp, file);
  return file;
}

/** The key held by an admin key file (its one line that is not a comment), or undefined without one. */
export function readAdminKeyFile(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith('#'));
}

export function isSeeded(db: Database.Database): boolean {
  return (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n > 0;
}
