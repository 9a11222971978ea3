// The request log's writer thread: takes batches of log records from the service's main thread and writes
// them in one transaction each, on its own connection, so logging costs the request path almost nothing.
// Plain JavaScript, so it runs the same under tsx, vitest and plain node.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const INSERT = `INSERT INTO request_log (date_ms, http_method, absolute_uri, path_info,
  request_body, request_dto, user_auth_id, session_id, ip_address, forwarded_for, referer, headers,
  form_data, items, session, response_dto, error_response, has_error, duration_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const TRIM = 'DELETE FROM request_log WHERE id <= (SELECT max(id) FROM request_log) - ?';
const json = (v) => (v === undefined || v === null ? null : JSON.stringify(v));

/** A writer over one connection: `write(batch)` inserts in one transaction, trimming every 1,000 rows. */
export function createWriter(database, retention) {
  const insert = database.prepare(INSERT);
  const trim = database.prepare(TRIM);
  let writes = 0;
  const write = database.transaction((batch) => {
    for (const r of batch) {
      insert.run(
        r.dateMs,
        r.httpMethod,
        r.absoluteUri,
        r.pathInfo,
        r.requestBody ?? null,
        json(r.requestDto),
        r.userAuthId ?? null,
        r.sessionId ?? null,
        r.ipAddress ?? null,
        r.forwardedFor ?? null,
        r.referer ?? null,
        json(r.headers),
        json(r.formData),
        json(r.items),
        json(r.session),
        r.responseJson ?? null,
        r.errorJson ?? null,
        r.isError ? 1 : 0,
        r.durationMs,
      );
    }
    writes += batch.length;
    if (writes >= 1000) {
      writes = 0;
      trim.run(retention);
    }
  });
  // IMMEDIATE takes the write lock up front, so a busy database is waited for (busy_timeout), never refused.
  return (batch) => write.immediate(batch);
}

if (parentPort && workerData?.file) {
  const db = new Database(workerData.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const write = createWriter(db, workerData.retention);
  parentPort.on('message', (message) => {
    try {
      if (message.rows?.length) write(message.rows);
    } catch (e) {
      console.error('request log: a batch could not be written', e);
    }
    if (message.ack !== undefined) parentPort.postMessage(message.ack);
    if (message.close) {
      db.close();
      parentPort.close();
    }
  });
}
