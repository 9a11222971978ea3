// What the request-log reader has read, kept in IndexedDB per admin and service (the `scope`), so a refresh or a
// later visit reads only the rows after the newest one. Rows are stored in chunks (one record per page read)
// with the coverage they add up to, bounded in age and rows (KEEP_MS, KEEP_ROWS). Everything is wiped on sign-out
// (wipe.ts). Raw IndexedDB: three calls.
import type { Coverage } from './read';
import type { LogRow } from './row';
import { REQUEST_LOG_DB } from './wipe';

const CHUNKS = 'chunks';
const META = 'meta';

/**
 * What a browser keeps of one admin's log at most: rows of the last KEEP_MS (a day more than the analytics page's
 * widest preset, 30 days) and KEEP_ROWS rows (the service's default retention). Older chunks are dropped when the
 * store is opened; a window that reaches back further reads them from the service again.
 */
export const KEEP_MS = 31 * 86_400_000;
export const KEEP_ROWS = 1_000_000;

export interface Chunk {
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

/**
 * The chunks to keep (oldest first, as stored) and the coverage they leave: the oldest chunks go while the rest
 * holds more than KEEP_ROWS rows or the chunk's newest row is older than KEEP_MS. Chunks are pages of disjoint id
 * ranges, so what is left still covers every id above the last dropped chunk's highest (`lowId`).
 */
export function trimmed(
  chunks: Chunk[],
  coverage: Coverage,
  nowMs: number,
  limits = { ms: KEEP_MS, rows: KEEP_ROWS },
): { keep: Chunk[]; drop: Chunk[]; coverage: Coverage | undefined } {
  const sorted = [...chunks].sort((a, b) => a.high - b.high);
  let total = 0;
  for (const c of sorted) total += c.rows.length;
  const newest = (c: Chunk) => c.rows.reduce((t, r) => Math.max(t, r.t), -Infinity);
  let cut = 0;
  while (cut < sorted.length && (total > limits.rows || newest(sorted[cut]) < nowMs - limits.ms)) {
    total -= sorted[cut].rows.length;
    cut++;
  }
  if (!cut) return { keep: sorted, drop: [], coverage };
  const keep = sorted.slice(cut);
  const drop = sorted.slice(0, cut);
  if (!keep.length) return { keep, drop, coverage: undefined };
  let oldestMs = Infinity;
  for (const c of keep) for (const r of c.rows) if (r.t < oldestMs) oldestMs = r.t;
  const lowId = Math.max(coverage.lowId, drop[drop.length - 1].high);
  return { keep, drop, coverage: { ...coverage, lowId, oldestMs, logStart: false } };
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
      const { keep, drop, coverage } = trimmed(chunks, meta.coverage, Date.now());
      if (drop.length) {
        const trim = db.transaction([CHUNKS, META], 'readwrite');
        for (const c of drop) trim.objectStore(CHUNKS).delete([scope, c.high]);
        if (coverage) trim.objectStore(META).put({ scope, coverage, savedAt: Date.now() } satisfies Meta);
        else trim.objectStore(META).delete(scope);
        // Kept or not, the rows read now are right: a failed trim is tried again on the next visit.
        await finished(trim).catch(() => undefined);
      }
      const rows: LogRow[] = [];
      for (const c of keep) for (const r of c.rows) rows.push(r);
      return { rows, coverage };
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
