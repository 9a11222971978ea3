// The request log's writer thread: takes batches of requests' facts from the service's main thread (each batch
// serialised once there with v8.serialize), builds their rows (masking, caps: log-row.ts) and writes them on its
// own connection (log-retention.mjs), so logging costs the request path almost nothing. Plain JavaScript, so it
// starts the same under tsx, vitest and plain node; it loads the TypeScript row builder itself, through tsx's
// require hook (module hooks do not reach worker threads on Node 20).
//
// The journal: a batch that came in a burst (a full batch), and every batch after it while any wait, is first
// stored as it came — one row of `request_log_journal` holding the serialised batch, a cheap insert — and its rows
// are built and written later: none while the burst lasts (the writer leaves the cores to answering it), all of
// them once no full batch has come for HOLD_CHECK_MS,
// and at once when the log is queried (`drain`). A batch is acknowledged once it is committed — as rows or in the
// journal — so whatever was acknowledged survives a crash: at start the journal is written as rows first.
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { deserialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { createWriter } from './log-retention.mjs';

export { createWriter, rowBytes, ROW_BYTES_SQL, ROW_ANON } from './log-retention.mjs';

/** A burst is over once no full batch has come for this long; then the journal is written out. */
export const HOLD_CHECK_MS = 200;
/** A query waits at most this long for the journal to be written out; the reply says what is left. */
const DRAIN_MAX_MS = 1500;

/**
 * The journal over a writer: `batch` takes a serialised batch (journalled or written at once), `drain` writes
 * the journal out (within a time budget), `backlog` is how many journalled rows wait.
 */
export function createJournal(db, writer, rowsOf) {
  db.exec(`CREATE TABLE IF NOT EXISTS request_log_journal (
    id INTEGER PRIMARY KEY, rows INTEGER NOT NULL, facts BLOB NOT NULL)`);
  const put = db.prepare('INSERT INTO request_log_journal (rows, facts) VALUES (?, ?)');
  const first = db.prepare('SELECT id, rows, facts FROM request_log_journal ORDER BY id LIMIT 1');
  const drop = db.prepare('DELETE FROM request_log_journal WHERE id = ?');
  let backlog = db.prepare('SELECT coalesce(sum(rows), 0) AS n FROM request_log_journal').get().n;
  let lastFullMs = 0;
  let timer;

  /** Writes the oldest journal entry as rows (in one transaction with its deletion); false when none is left. */
  const step = () => {
    const entry = first.get();
    if (!entry) {
      backlog = 0;
      return false;
    }
    let rows = [];
    try {
      rows = rowsOf(deserialize(entry.facts));
    } catch (e) {
      console.error('request log: a journal entry could not be read; its rows are lost', e);
    }
    writer.write(rows, () => drop.run(entry.id));
    backlog -= entry.rows;
    return true;
  };
  const later = () => {
    if (timer || !backlog) return;
    const run = () => {
      timer = undefined;
      // While the burst lasts the journal waits (the writer leaves the cores to answering it); after it, one
      // entry per turn (messages are taken in between).
      if (Date.now() - lastFullMs < HOLD_CHECK_MS) {
        timer = setTimeout(run, HOLD_CHECK_MS);
        timer.unref?.();
        return;
      }
      if (step()) timer = setImmediate(run);
    };
    run();
  };
  const stopTimer = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    clearImmediate(timer);
    timer = undefined;
  };
  return {
    /** Takes a batch: journalled when it is full (a burst) or others wait, written as rows otherwise. */
    batch(blob, count, full) {
      if (full) lastFullMs = Date.now();
      if (full || backlog > 0) {
        put.run(count, blob);
        backlog += count;
        later();
      } else writer.write(rowsOf(deserialize(blob)));
    },
    /** Writes the journal out, for at most `budgetMs`; returns the rows still waiting. */
    drain(budgetMs = DRAIN_MAX_MS) {
      stopTimer();
      const end = performance.now() + budgetMs;
      while (backlog > 0 && performance.now() < end && step());
      if (backlog > 0) later();
      return backlog;
    },
    backlog: () => backlog,
    stop: stopTimer,
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
  const journal = createJournal(db, writer, rowsOf);
  // What a crash left in the journal is written as rows before anything else.
  const recovered = journal.backlog();
  if (recovered) {
    journal.drain(Number.POSITIVE_INFINITY);
    console.error(`request log: ${recovered} rows written from the journal a stop did not write`);
  }
  parentPort.on('message', (message) => {
    let failed = false;
    try {
      if (message.blob) {
        const b = message.blob;
        journal.batch(
          Buffer.from(b.buffer, b.byteOffset, b.byteLength),
          message.count,
          message.full === true,
        );
      }
    } catch (e) {
      failed = true;
      console.error('request log: a batch could not be written', e);
    }
    let backlog = journal.backlog();
    if (message.drain) {
      try {
        backlog = journal.drain(message.drainMs);
      } catch (e) {
        console.error('request log: the journal could not be written out', e);
      }
    }
    if (message.seq !== undefined) parentPort.postMessage({ seq: message.seq, backlog, failed });
    if (message.reading) writer.reading();
    if (message.close) {
      try {
        journal.drain(Number.POSITIVE_INFINITY);
      } catch (e) {
        console.error('request log: the journal could not be written out', e);
      }
      journal.stop();
      writer.stop();
      db.close();
      parentPort.close();
    }
  });
}
