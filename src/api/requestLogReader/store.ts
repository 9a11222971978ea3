// What the request-log reader has read, kept in IndexedDB per admin and service (the `scope`), so a refresh or a
// later visit reads only the rows after the newest one. Rows are stored in chunks (one record per page read)
// with the coverage they add up to. Everything is wiped on sign-out (wipe.ts). Raw IndexedDB: three calls.
import type { Coverage } from './read';
import type { LogRow } from './row';
import { REQUEST_LOG_DB } from './wipe';

const CHUNKS = 'chunks';
const META = 'meta';

interface Chunk {
  scope: string;
  /** Highest id in the chunk, with the scope the key. */
  high: number;
  low: number;
  rows: LogRow[];
}

interface Meta {
  scope: string;
  coverage: Coverage;
  savedAt: number;
}

export interface StoredLog {
  rows: LogRow[];
  coverage: Coverage | undefined;
}

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });

export interface LogStore {
  load(): Promise<StoredLog>;
  /** Adds rows and records the coverage they extend to, in one transaction. */
  add(rows: LogRow[], coverage: Coverage): Promise<void>;
  /** Drops the scope's rows (the log is not the one read before). */
  clear(): Promise<void>;
  close(): void;
}

/** Opens the store of one admin on one service; undefined where IndexedDB is missing or refused. */
export async function openLogStore(scope: string): Promise<LogStore | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  let db: IDBDatabase;
  try {
    const req = indexedDB.open(REQUEST_LOG_DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(CHUNKS, { keyPath: ['scope', 'high'] });
      req.result.createObjectStore(META, { keyPath: 'scope' });
    };
    db = await done(req);
  } catch {
    return undefined;
  }
  // Sign-out deletes the database: let it.
  db.onversionchange = () => db.close();
  const range = IDBKeyRange.bound([scope, -Infinity], [scope, Infinity]);

  return {
    async load() {
      const tx = db.transaction([CHUNKS, META], 'readonly');
      const [chunks, meta] = await Promise.all([
        done(tx.objectStore(CHUNKS).getAll(range) as IDBRequest<Chunk[]>),
        done(tx.objectStore(META).get(scope) as IDBRequest<Meta | undefined>),
      ]);
      if (!meta) return { rows: [], coverage: undefined };
      const rows: LogRow[] = [];
      for (const c of chunks) for (const r of c.rows) rows.push(r);
      return { rows, coverage: meta.coverage };
    },
    async add(rows, coverage) {
      const tx = db.transaction([CHUNKS, META], 'readwrite');
      if (rows.length) {
        let low = Infinity;
        let high = -Infinity;
        for (const r of rows) {
          if (r.id < low) low = r.id;
          if (r.id > high) high = r.id;
        }
        tx.objectStore(CHUNKS).put({ scope, high, low, rows } satisfies Chunk);
      }
      tx.objectStore(META).put({ scope, coverage, savedAt: Date.now() } satisfies Meta);
      await finished(tx);
    },
    async clear() {
      const tx = db.transaction([CHUNKS, META], 'readwrite');
      tx.objectStore(CHUNKS).delete(range);
      tx.objectStore(META).delete(scope);
      await finished(tx);
    },
    close() {
      db.close();
    },
  };
}
