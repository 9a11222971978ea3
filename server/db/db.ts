import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { coreSchema } from './core-schema';
import { domainSchema } from './domain-schema';

/** Opens (and creates) the service's SQLite file in WAL mode with every table in place. */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(coreSchema);
  db.exec(domainSchema);
  return db;
}

export function isSeeded(db: Database.Database): boolean {
  return (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n > 0;
}
