// The request log's rows on one connection: inserting batches, and retention — rows kept and bytes kept — for two
// classes of rows apart: authenticated requests (a valid session or API key) and anonymous ones (no user: refused
// before authentication, unknown paths, failed sign-ins, and the log's own "not logged" notes). Anonymous rows
// have their own share of both budgets (`anonShare`, default 10 %): past it the oldest anonymous rows go, and an
// anonymous flood can never delete an authenticated row. Plain JavaScript: the writer thread (log-writer.mjs)
// loads it as it is.

const INSERT = `INSERT INTO request_log (date_ms, http_method, absolute_uri, path_info,
  request_body, request_dto, user_auth_id, session_id, ip_address, forwarded_for, referer, headers,
  form_data, items, session, response_dto, error_response, has_error, duration_ms, anon)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const LAST_ID = 'SELECT max(id) AS last FROM request_log';

/** Where a row (an array in INSERT order) says whether it is anonymous. */
export const ROW_ANON = 19;

/**
 * Rows over retention are deleted while the writer is idle in steps with pauses between them, so reads of the log
 * right after a burst, such as an admin's queries, do not compete with one long delete. While the log is being
 * read the steps wait (`reading`). A step of 1,000 rows takes ~11 ms of CPU.
 */
const IDLE_TRIM_ROWS = 1000;
const IDLE_TRIM_PAUSE_MS = 250;
/** The writer is idle once it has written nothing, and the log has not been read, for this long. */
const IDLE_AFTER_MS = 1000;
/** Past the slack, a write deletes at most this many of the oldest rows of a class with its batch (~0.1 s). */
const BURST_TRIM_ROWS = 10_000;

/** What a row costs the byte budget: its text in UTF-8 bytes, plus a fixed amount for the numbers and the row. */
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
// length() of a BLOB is its bytes; of TEXT, its characters: CAST … AS BLOB counts the UTF-8 bytes.
export const ROW_BYTES_SQL = `${ROW_OVERHEAD} + ${TEXT_COLUMNS.map((c) => `coalesce(length(CAST(${c} AS BLOB)), 0)`).join(' + ')}`;

/** The same figure for a row as handed to the writer (an array in INSERT order: text at 1–16). */
export function rowBytes(row) {
  let n = ROW_OVERHEAD;
  for (let i = 1; i <= 16; i++) if (typeof row[i] === 'string') n += Buffer.byteLength(row[i]);
  return n;
}

const AUTH = 0;
const ANON = 1;

/**
 * A writer over one connection: `write(rows)` inserts rows (arrays in INSERT order) in one transaction.
 * Each class keeps to its share of `retention` rows, with slack: a burst may run over by max(1,000, 25 %) before
 * the class's oldest rows are deleted with each batch, at most BURST_TRIM_ROWS at a time; below that, once the
 * writer has been idle for a second, IDLE_TRIM_ROWS at a time. Each class also keeps to its share of `maxBytes`:
 * past it, its oldest rows are deleted at once down to 90 % of the share. The running totals (rows and bytes per
 * class) are kept in `settings.request_log_totals` with the last id they counted, in the same transaction as the
 * rows, and counted again at start when rows came from elsewhere (the scale seed).
 */
export function createWriter(database, limits) {
  const given = typeof limits === 'number' ? { retention: limits } : limits;
  const retention = given.retention;
  const maxBytes = given.maxBytes ?? Number.MAX_SAFE_INTEGER;
  const share = given.anonShare ?? 0.1;
  const anonRows = Math.max(1, Math.floor(retention * share));
  const anonBytes = Math.floor(maxBytes * share);
  const rowCap = [Math.max(1, retention - anonRows), anonRows];
  const byteCap = [maxBytes - anonBytes, anonBytes];
  const slack = rowCap.map((cap) => Math.max(1000, Math.floor(cap / 4)));

  const insert = database.prepare(INSERT);
  const lastId = database.prepare(LAST_ID);
  const oldest = [
    database.prepare(
      `SELECT id, ${ROW_BYTES_SQL} AS b FROM request_log WHERE anon = 0 AND id > ? ORDER BY id LIMIT ?`,
    ),
    database.prepare(
      `SELECT id, ${ROW_BYTES_SQL} AS b FROM request_log INDEXED BY request_log_anon WHERE anon = 1 AND id > ? ORDER BY id LIMIT ?`,
    ),
  ];
  const remove = [
    database.prepare('DELETE FROM request_log WHERE id <= ? AND anon = 0'),
    database.prepare('DELETE FROM request_log INDEXED BY request_log_anon WHERE anon = 1 AND id <= ?'),
  ];
  const countAll = database.prepare(
    `SELECT anon, count(*) AS n, coalesce(sum(${ROW_BYTES_SQL}), 0) AS b FROM request_log GROUP BY anon`,
  );
  const readTotals = database.prepare("SELECT value FROM settings WHERE name = 'request_log_totals'");
  const saveTotals = database.prepare(
    "INSERT INTO settings (name, value) VALUES ('request_log_totals', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
  );
  let idleTimer;

  const rows = [0, 0];
  const bytes = [0, 0];
  {
    const saved = readTotals.get();
    const counted = saved ? JSON.parse(saved.value) : undefined;
    const last = lastId.get().last ?? 0;
    if (counted && counted.lastId === last && Array.isArray(counted.rows)) {
      rows.splice(0, 2, ...counted.rows);
      bytes.splice(0, 2, ...counted.bytes);
    } else {
      for (const r of countAll.all()) {
        rows[r.anon ? ANON : AUTH] += r.n;
        bytes[r.anon ? ANON : AUTH] += r.b;
      }
    }
  }
  const save = () => saveTotals.run(JSON.stringify({ rows, bytes, lastId: lastId.get().last ?? 0 }));

  /** Deletes the oldest rows of class `c` while `enough(deletedRows, deletedBytes)` is false, at most `limit`. */
  const trimClass = (c, limit, enough) => {
    let cutoff = 0;
    let n = 0;
    let b = 0;
    while (n < limit && !enough(n, b)) {
      const found = oldest[c].all(cutoff, Math.min(500, limit - n));
      if (!found.length) break;
      for (const r of found) {
        cutoff = r.id;
        n++;
        b += r.b;
        if (enough(n, b)) break;
      }
    }
    if (!cutoff) return 0;
    remove[c].run(cutoff);
    rows[c] -= n;
    bytes[c] -= b;
    return n;
  };
  const overRows = (c) => rows[c] - rowCap[c];
  const trimRows = (c, limit) => {
    const over = overRows(c);
    return over > 0 ? trimClass(c, Math.min(over, limit), () => false) : 0;
  };
  const trimBytes = (c) => {
    const excess = bytes[c] - Math.floor(byteCap[c] * 0.9);
    if (excess > 0) trimClass(c, Number.MAX_SAFE_INTEGER, (_, b) => b >= excess);
  };
  const trimWhenIdle = database.transaction(() => {
    const n = trimRows(AUTH, IDLE_TRIM_ROWS) + trimRows(ANON, IDLE_TRIM_ROWS);
    save();
    return n;
  });
  const idle = () => {
    if (trimWhenIdle.immediate() > 0) idleTimer = setTimeout(idle, IDLE_TRIM_PAUSE_MS);
    else idleTimer = undefined;
    idleTimer?.unref?.();
  };
  const idleLater = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(idle, IDLE_AFTER_MS);
    idleTimer.unref?.();
  };
  const write = database.transaction((batch, also) => {
    for (const row of batch) {
      insert.run(row);
      const c = row[ROW_ANON] ? ANON : AUTH;
      rows[c]++;
      bytes[c] += rowBytes(row);
    }
    for (const c of [AUTH, ANON]) {
      if (overRows(c) >= slack[c]) trimRows(c, BURST_TRIM_ROWS);
      if (bytes[c] > byteCap[c]) trimBytes(c);
    }
    also?.();
    save();
  });
  return {
    /** Inserts `batch`; `also` runs in the same transaction (the journal's entry is deleted with its rows). */
    write(batch, also) {
      // IMMEDIATE takes the write lock up front, so a busy database is waited for (busy_timeout), not refused.
      write.immediate(batch, also);
      idleLater();
    },
    /** The log is being read: idle trimming, pending or under way, waits until it has not been for a while. */
    reading() {
      if (idleTimer) idleLater();
    },
    /** The byte total the writer keeps, both classes (for tests and the bench). */
    bytes: () => bytes[AUTH] + bytes[ANON],
    /** Rows and bytes per class (for tests and the bench). */
    totals: () => ({ rows: [...rows], bytes: [...bytes], rowCap, byteCap }),
    stop() {
      clearTimeout(idleTimer);
    },
  };
}
