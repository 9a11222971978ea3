// The request log's writer thread: takes batches of requests' facts from the service's main thread, builds their
// rows (masking, caps: log-row.ts) and writes them in one transaction each, on its own connection, so logging
// costs the request path almost nothing. Plain JavaScript, so it starts the same under tsx, vitest and plain
// node; it loads the TypeScript row builder itself, through tsx's require hook (module hooks do not reach worker
// threads on Node 20).
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const INSERT = `INSERT INTO request_log (date_ms, http_method, absolute_uri, path_info,
  request_body, request_dto, user_auth_id, session_id, ip_address, forwarded_for, referer, headers,
  form_data, items, session, response_dto, error_response, has_error, duration_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const TRIM = 'DELETE FROM request_log WHERE id < ?';
// Two subqueries: SQLite answers a lone min() or max() from the index, but scans for both in one SELECT.
const SPAN = 'SELECT (SELECT min(id) FROM request_log) AS first, (SELECT max(id) FROM request_log) AS last';
/**
 * Rows over retention are deleted while the writer is idle in steps with pauses between them, so reads of the log
 * right after a burst, such as an admin's queries, do not compete with one long delete (and do not wait for a
 * step: RequestLog.written). While the log is being read the steps wait (`reading`): a step and the checkpoint it
 * may bring (up to 10,000 WAL pages copied) compete with the queries for the cores, and every commit makes the
 * reading connection read its pages again. A step of 1,000 rows takes ~11 ms of CPU (~11 µs a row; a step of 250
 * costs 14–25 µs a row: the indexes' pages are shared by fewer rows), so 4,000 rows a second for the share of a
 * core that 2,500 in steps of 250 took; the slack below bounds how far behind it may fall.
 */
const IDLE_TRIM_ROWS = 1000;
const IDLE_TRIM_PAUSE_MS = 250;
/** The writer is idle once it has written nothing, and the log has not been read, for this long. */
const IDLE_AFTER_MS = 1000;
/**
 * Past the slack, a write deletes at most this many of the oldest rows (~0.1 s) with its batch: the log is back
 * under the slack within a few batches (a batch holds at most 500 rows), without one transaction deleting a
 * quarter of the log (250,000 rows: seconds of CPU, and a WAL of hundreds of MB to checkpoint, in the middle of a
 * burst).
 */
const BURST_TRIM_ROWS = 10_000;

/** What a row costs the byte budget: its text, plus a fixed amount for the numbers and the row itself. */
const ROW_OVERHEAD = 100;
const TEXT_COLUMNS = [
  'http_method',
  'absolute_uri',
  'path_info',
  'request_body',
  'request_dto',
  'user_auth_id',
  'session_id',
  'ip_address',
  'forwarded_for',
  'referer',
  'headers',
  'form_data',
  'items',
  'session',
  'response_dto',
  'error_response',
];
export const ROW_BYTES_SQL = `${ROW_OVERHEAD} + ${TEXT_COLUMNS.map((c) => `length(coalesce(${c}, ''))`).join(' + ')}`;

/** The same figure for a row as handed to the writer (an array in INSERT order: text at 1–16). */
export function rowBytes(row) {
  let n = ROW_OVERHEAD;
  for (let i = 1; i <= 16; i++) if (typeof row[i] === 'string') n += row[i].length;
  return n;
}

/**
 * A writer over one connection: `write(rows)` inserts rows (arrays in INSERT order) in one transaction.
 * The log is kept to `retention` rows, with slack: a burst may run over by max(1,000, 25 %) before the oldest
 * rows are deleted with each batch, at most BURST_TRIM_ROWS at a time; below that, they are deleted once the
 * writer has been idle for a second (no batch written, no query of the log: `reading`), a few at a time
 * (IDLE_TRIM_ROWS), so deleting (as dear as inserting) is not paid while requests stream in. It is also kept to
 * `maxBytes` of row text: past it, the oldest rows are deleted at once down to 90 % of it. The running byte total is kept in the
 * `settings` table with the last id it counted, and counted again at start when rows came from elsewhere.
 */
export function createWriter(database, limits) {
  const { retention, maxBytes = Number.MAX_SAFE_INTEGER } =
    typeof limits === 'number' ? { retention: limits } : limits;
  const insert = database.prepare(INSERT);
  const trim = database.prepare(TRIM);
  const span = database.prepare(SPAN);
  const bytesBelow = database.prepare(
    `SELECT coalesce(sum(${ROW_BYTES_SQL}), 0) AS n FROM request_log WHERE id < ?`,
  );
  const oldest = database.prepare(
    `SELECT id, ${ROW_BYTES_SQL} AS b FROM request_log WHERE id > ? ORDER BY id LIMIT 500`,
  );
  const readTotal = database.prepare("SELECT value FROM settings WHERE name = 'request_log_bytes'");
  const saveTotal = database.prepare(
    "INSERT INTO settings (name, value) VALUES ('request_log_bytes', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
  );
  const slack = Math.max(1000, Math.floor(retention / 4));
  let idleTimer;

  let total = 0;
  {
    const saved = readTotal.get();
    const counted = saved ? JSON.parse(saved.value) : undefined;
    const { last } = span.get();
    if (counted && counted.lastId === (last ?? 0)) total = counted.bytes;
    else total = bytesBelow.get(Number.MAX_SAFE_INTEGER).n;
  }
  const save = () => saveTotal.run(JSON.stringify({ bytes: total, lastId: span.get().last ?? 0 }));

  const deleteBelow = (id) => {
    total -= bytesBelow.get(id).n;
    trim.run(id);
  };
  const over = () => {
    const { first, last } = span.get();
    return first === null ? 0 : last - first + 1 - retention;
  };
  const trimSome = (limit) => {
    const { first } = span.get();
    const n = Math.min(over(), limit);
    if (n > 0) deleteBelow(first + n);
    return n;
  };
  const trimBytes = () => {
    let excess = total - Math.floor(maxBytes * 0.9);
    let cutoff = 0;
    while (excess > 0) {
      const rows = oldest.all(cutoff);
      if (!rows.length) break;
      for (const r of rows) {
        cutoff = r.id;
        excess -= r.b;
        if (excess <= 0) break;
      }
    }
    if (cutoff) deleteBelow(cutoff + 1);
  };
  const trimWhenIdle = database.transaction(() => {
    const n = trimSome(IDLE_TRIM_ROWS);
    save();
    return n;
  });
  const idle = () => {
    if (trimWhenIdle.immediate() === IDLE_TRIM_ROWS) idleTimer = setTimeout(idle, IDLE_TRIM_PAUSE_MS);
    else idleTimer = undefined;
  };
  const idleLater = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(idle, IDLE_AFTER_MS);
    idleTimer.unref?.();
  };
  const write = database.transaction((batch) => {
    for (const row of batch) {
      insert.run(row);
      total += rowBytes(row);
    }
    if (over() >= slack) trimSome(BURST_TRIM_ROWS);
    if (total > maxBytes) trimBytes();
    save();
  });
  return {
    write(batch) {
      // IMMEDIATE takes the write lock up front, so a busy database is waited for (busy_timeout), not refused.
      write.immediate(batch);
      idleLater();
    },
    /** The log is being read: idle trimming, pending or under way, waits until it has not been for a while. */
    reading() {
      if (idleTimer) idleLater();
    },
    /** The byte total the writer keeps (for tests and the bench). */
    bytes: () => total,
    stop() {
      clearTimeout(idleTimer);
    },
  };
}

if (parentPort && workerData?.file) {
  const db = new Database(workerData.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // The log's indexes are touched by every insert: keep their pages in memory.
  db.pragma('cache_size = -65536');
  // Fewer, larger checkpoints: the log writes far more pages than anything else.
  db.pragma('wal_autocheckpoint = 10000');
  const writer = createWriter(db, workerData.limits ?? workerData.retention);
  const require = createRequire(import.meta.url);
  require('tsx/cjs/api').register();
  /** @type {typeof import('./log-row.ts')} */
  const { rowsOf } = require('./log-row.ts');
  parentPort.on('message', (message) => {
    try {
      if (message.facts?.length) writer.write(rowsOf(message.facts));
      if (message.rows?.length) writer.write(message.rows);
    } catch (e) {
      console.error('request log: a batch could not be written', e);
    }
    if (message.ack !== undefined) parentPort.postMessage(message.ack);
    if (message.reading) writer.reading();
    if (message.close) {
      writer.stop();
      db.close();
      parentPort.close();
    }
  });
}
