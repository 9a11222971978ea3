// The request log's writer thread: takes batches of log records from the service's main thread and writes
// them in one transaction each, on its own connection, so logging costs the request path almost nothing.
// Plain JavaScript, so it runs the same under tsx, vitest and plain node.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const INSERT = `INSERT INTO request_log (date_ms, http_method, absolute_uri, path_info,
  request_body, request_dto, user_auth_id, session_id, ip_address, forwarded_for, referer, headers,
  form_data, items, session, response_dto, error_response, has_error, duration_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const TRIM = 'DELETE FROM request_log WHERE id < ?';
// Two subqueries: SQLite answers a lone min() or max() from the index, but scans for both in one SELECT.
const SPAN = 'SELECT (SELECT min(id) FROM request_log) AS first, (SELECT max(id) FROM request_log) AS last';
const TRIM_CHUNK = 1_000;

/**
 * A writer over one connection: `write(rows)` inserts rows (arrays in INSERT order) in one transaction.
 * The log is kept to `retention` rows, with slack: a burst may run over by max(1,000, 25 %) before the oldest
 * rows are deleted at once; below that, they are deleted once the writer has been idle for a second, so
 * deleting (as dear as inserting) is not paid while requests stream in.
 */
export function createWriter(database, retention) {
  const insert = database.prepare(INSERT);
  const trim = database.prepare(TRIM);
  const span = database.prepare(SPAN);
  const slack = Math.max(1000, Math.floor(retention / 4));
  let idleTimer;
  const over = () => {
    const { first, last } = span.get();
    return first === null ? 0 : last - first + 1 - retention;
  };
  const trimSome = (limit) => {
    const { first } = span.get();
    const n = Math.min(over(), limit);
    if (n > 0) trim.run(first + n);
    return n;
  };
  const trimWhenIdle = () => {
    if (trimSome(TRIM_CHUNK) === TRIM_CHUNK) idleTimer = setTimeout(trimWhenIdle, 25);
    else idleTimer = undefined;
  };
  const write = database.transaction((batch) => {
    for (const row of batch) insert.run(row);
    if (over() >= slack) trimSome(Number.MAX_SAFE_INTEGER);
  });
  return {
    write(batch) {
      // IMMEDIATE takes the write lock up front, so a busy database is waited for (busy_timeout), not refused.
      write.immediate(batch);
      clearTimeout(idleTimer);
      idleTimer = setTimeout(trimWhenIdle, 1000);
      idleTimer.unref?.();
    },
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
  const writer = createWriter(db, workerData.retention);
  parentPort.on('message', (message) => {
    try {
      if (message.rows?.length) writer.write(message.rows);
    } catch (e) {
      console.error('request log: a batch could not be written', e);
    }
    if (message.ack !== undefined) parentPort.postMessage(message.ack);
    if (message.close) {
      writer.stop();
      db.close();
      parentPort.close();
    }
  });
}
