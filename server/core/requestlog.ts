// The request log: every API request (except queries of the log itself) becomes a row. The request path hands
// over the raw facts of each request (log-row.ts); they are batched (at most 100 ms or 500 requests), serialised
// once and handed to a worker thread (log-writer.mjs), which builds the masked rows and writes them on its own
// connection — or, in a burst, first stores the batch as it came in its journal (durable, cheap) and writes its
// rows later. What the log promises (docs/service.md, "Request log", "What a crash can lose"):
// - an authenticated write (an operation that changes data) is answered only once its row is committed (`record`
//   returns a promise the reply waits for);
// - anything else waits at most BATCH_MS on the main thread before it is handed over and committed;
// - what waits for the writer is counted in bytes against one bound (REQUEST_LOG_QUEUE_MAX_BYTES), and the
//   journal in rows (REQUEST_LOG_HOLD_ROWS); past either, anonymous rows are shed and counted (log-shed.ts), never
//   an authenticated one;
// - an anonymous request's facts are cut to what its row may keep (~2 KB) before they wait (log-anon.ts).
// An in-memory database is written in the service's thread instead.
import type { Database } from 'better-sqlite3';
import { createWriter, HOLD_CHECK_MS, type LogWriter } from './log-writer.mjs';
import { forHandOff, rowsOf, TRACK_ERROR, TRACK_RESPONSE, TRACK_SESSION, type LogFacts } from './log-row';
import { cheapen, isAnonymous } from './log-anon';
import { WriterLink } from './log-link';
import { Shed } from './log-shed';
import { checkBounds, queryStored, type LogCut, type StoredRows } from './requestlog-query';
import { toEntry } from './stored-entry';
import type { RequestLogEntry } from '../../src/contract/dtos';
import type { OperationDef, RequestOf } from '../../src/contract/operations';
import { DEFAULT_TRACKING, type Tracking } from '../../src/contract/requestLog';

export { LOG_TEXT_MAX } from './log-row';
export { requestLogUsage, type LogCut } from './requestlog-query';
export { entryJson, toEntry, type StoredEntry } from './stored-entry';
export { HOLD_CHECK_MS } from './log-writer.mjs';

/** Default byte budget of the log (the sum of its rows' text); the oldest rows go first past it. */
export const DEFAULT_LOG_MAX_BYTES = 1024 * 1024 * 1024;
/** Default bound of one query's reply (the rows' stored text): fewer rows than `Take` past it, and it says so. */
export const DEFAULT_REPLY_MAX_BYTES = 32 * 1024 * 1024;
/** Default bound of what waits for the writer in memory (bytes); past it anonymous rows are shed. */
export const DEFAULT_QUEUE_MAX_BYTES = 64 * 1024 * 1024;
/** Default share of the log's budgets (rows and bytes) for anonymous rows. */
export const DEFAULT_ANON_SHARE = 0.1;

export interface LogLimits {
  /** Rows kept (default 1,000,000). */
  retention: number;
  /** Bytes kept (sum of the rows' text; default 1 GiB). */
  maxBytes: number;
  /** Bytes of rows in one query reply (default 32 MiB). */
  replyMaxBytes: number;
  /** Rows of a burst the journal holds before anonymous rows are shed (default HOLD_MAX_ROWS; 0: no journal). */
  holdRows: number;
  /** Bytes waiting for the writer in memory before anonymous rows are shed (default 64 MiB). */
  queueMaxBytes: number;
  /** Anonymous rows' share of `retention` and `maxBytes` (0.01–0.9; default 0.1). */
  anonShare: number;
}

/**
 * How long the facts of a request wait for others before they go to the writer thread, and how many go at most
 * in one message. Each message wakes the writer and costs it a transaction: in batches of 500 a row costs the
 * writer ~10 µs, in batches of 50 ~16–18. A batch of 500 is "full": a burst, journalled (log-writer.mjs).
 */
const BATCH_MS = 100;
export const BATCH_ROWS = 500;
/** A waiting batch goes early once its facts pass this many bytes (bodies of up to 1 MiB each). */
const BATCH_MAX_BYTES = 4 * 1024 * 1024;
/** Journalled rows not yet written past which anonymous rows are shed (REQUEST_LOG_HOLD_ROWS). */
export const HOLD_MAX_ROWS = 50_000;
/** An authenticated write is answered after this long even if the writer has not confirmed its row (a bug). */
const DURABLE_WAIT_MS = 10_000;

/** What a waiting request's facts hold, in bytes: its texts (UTF-8 at most 3 per character) and a fixed part. */
function factsBytes(f: LogFacts): number {
  let n = 512 + f[9].length * 3 + (f[13]?.length ?? 0) * 3 + (f[20]?.length ?? 0) * 3;
  const headers = f[11];
  for (const name in headers) {
    const v = headers[name];
    n += name.length + (typeof v === 'string' ? v.length * 3 : 256);
  }
  return n;
}

export class RequestLog {
  private pending: LogFacts[] = [];
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The writer thread (a database file), or the writer in this thread (an in-memory database). */
  private link: WriterLink | undefined;
  private inThread: LogWriter | undefined;
  private readonly shed: Shed;
  /** Callers waiting for facts now pending to be committed (`durable`), and the turn that hands them over. */
  private committers: (() => void)[] = [];
  private soon: NodeJS.Immediate | undefined;
  /** When the last full batch went (a burst: log-writer.mjs journals it). */
  private lastFullMs = 0;
  tracking: Tracking;

  readonly limits: LogLimits;

  constructor(
    private db: Database,
    limits: Partial<LogLimits> | number = {},
    tracking: Partial<Tracking> = {},
  ) {
    const given = typeof limits === 'number' ? { retention: limits } : limits;
    this.limits = {
      retention: given.retention ?? 1_000_000,
      maxBytes: given.maxBytes ?? DEFAULT_LOG_MAX_BYTES,
      replyMaxBytes: given.replyMaxBytes ?? DEFAULT_REPLY_MAX_BYTES,
      holdRows: given.holdRows ?? HOLD_MAX_ROWS,
      queueMaxBytes: given.queueMaxBytes ?? DEFAULT_QUEUE_MAX_BYTES,
      anonShare: given.anonShare ?? DEFAULT_ANON_SHARE,
    };
    this.tracking = { ...DEFAULT_TRACKING };
    for (const [k, v] of Object.entries(tracking)) {
      if (typeof v === 'boolean') this.tracking[k as keyof Tracking] = v;
    }
    this.shed = new Shed((facts) => this.enqueue(facts));
    const writerLimits = {
      retention: this.limits.retention,
      maxBytes: this.limits.maxBytes,
      anonShare: this.limits.anonShare,
    };
    if (db.memory) this.inThread = createWriter(db, writerLimits);
    else this.link = new WriterLink(db.name, writerLimits);
  }

  get retention(): number {
    return this.limits.retention;
  }

  /** Anonymous requests not logged since the start (shed past the bounds; each reported in a "not logged" row). */
  get notLogged(): number {
    return this.shed.total;
  }

  /** What waits for the writer in memory (bytes), and journalled rows not yet written (for tests and the bench). */
  queued(): { bytes: number; rows: number; backlog: number } {
    return {
      bytes: this.pendingBytes + (this.link?.inFlightBytes ?? 0),
      rows: this.pending.length + (this.link?.inFlightRows ?? 0),
      backlog: this.link?.backlog ?? 0,
    };
  }

  /**
   * Takes the facts of an answered request (log-record.ts). For an authenticated write (an operation that
   * changes data, by a signed-in user), returns a promise that resolves once its row is committed: the reply
   * waits for it. Otherwise the row is built and written off the request path, and nothing is returned.
   */
  record(op: OperationDef | undefined, facts: LogFacts): Promise<void> | undefined {
    if (op?.effect === 'write' && !isAnonymous(facts)) return this.durable(facts);
    this.add(facts);
    return undefined;
  }

  /** Takes the facts of an answered request; an anonymous one may be shed past the bounds (counted). */
  add(facts: LogFacts): void {
    this.track(facts);
    if (isAnonymous(facts)) {
      cheapen(facts);
      if (this.over()) {
        this.shed.count(facts[10]);
        return;
      }
    }
    this.enqueue(facts);
  }

  /**
   * Takes the facts of a request and resolves once its row (and every row before it) is committed. The writes
   * answered in one turn of the event loop go together, in one message and one transaction.
   */
  durable(facts: LogFacts): Promise<void> {
    this.track(facts);
    this.pending.push(facts);
    this.pendingBytes += factsBytes(facts);
    if (this.inThread) {
      this.flush();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const late = setTimeout(() => {
        console.error(
          'request log: the writer did not confirm a write request’s row in time; answered anyway',
        );
        resolve();
      }, DURABLE_WAIT_MS);
      late.unref();
      this.committers.push(() => {
        clearTimeout(late);
        resolve();
      });
      this.soon ??= setImmediate(() => {
        this.soon = undefined;
        this.flush();
      });
    });
  }

  private track(facts: LogFacts): void {
    const t = this.tracking;
    const tracking =
      (t.enableSessionTracking ? TRACK_SESSION : 0) |
      (t.enableResponseTracking ? TRACK_RESPONSE : 0) |
      (t.enableErrorTracking ? TRACK_ERROR : 0);
    forHandOff(facts, tracking);
  }

  /** Whether what waits for the writer is past a bound: then anonymous rows are shed. */
  private over(): boolean {
    const l = this.limits;
    const link = this.link;
    if (!link) return false;
    if (this.pendingBytes + link.inFlightBytes > l.queueMaxBytes) return true;
    return l.holdRows > 0 && link.backlog + link.inFlightRows > l.holdRows;
  }

  private enqueue(facts: LogFacts): void {
    this.pending.push(facts);
    this.pendingBytes += factsBytes(facts);
    if (this.pending.length >= BATCH_ROWS || this.pendingBytes >= BATCH_MAX_BYTES) this.flush(true);
    else this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  /**
   * Hands the waiting facts to the writer as one message (`full`: a burst's batch, journalled); `done` is called
   * once they are committed.
   */
  flush(full = false, done?: (backlog: number) => void): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.length) return done?.(this.link?.backlog ?? 0);
    const batch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    // Whoever waits for a fact of this batch is answered once the batch is committed.
    const committers = this.committers;
    this.committers = [];
    const confirmed = (backlog: number) => {
      for (const c of committers) c();
      done?.(backlog);
    };
    if (this.inThread) {
      this.inThread.write(rowsOf(batch));
      return confirmed(0);
    }
    // While a burst lasts (a full batch lately), every batch goes to the journal — a write's too — so the writer
    // stays on its cheap path until the burst is over.
    const now = Date.now();
    if (full) this.lastFullMs = now;
    const burst = full || now - this.lastFullMs < HOLD_CHECK_MS;
    this.link!.send(batch, burst && this.limits.holdRows > 0, confirmed);
  }

  /**
   * Resolves once every record handed over so far is committed and the journal is written out as rows — or a
   * time budget (1.5 s) ran out: then with the journalled rows still waiting (a query right after a flood says
   * so). At once when nothing waits: a query does not wait behind the writer's idle trimming.
   */
  written(): Promise<number> {
    this.flush();
    return this.link ? this.link.drain() : Promise.resolve(0);
  }

  async close(): Promise<void> {
    // Keep the process alive until the last rows are written and the writer has closed its connection.
    this.link?.ref();
    this.shed.report();
    this.shed.stop();
    await this.written();
    this.inThread?.stop();
    await this.link?.close();
  }

  /** Runs a query of operation 20 (semantics: docs/service.md, "Request log"), newest first. */
  async query(
    q: RequestOf<'RequestLogs'>,
    nowMs = Date.now(),
  ): Promise<{ results: RequestLogEntry[]; cut?: LogCut }> {
    const { rows, cut } = await this.queryStored(q, nowMs);
    const results = [...rows].map(toEntry);
    return { results, cut: cut() };
  }

  /**
   * The same query, its rows as stored (the reply writes each with `entryJson`, no decoding and encoding of its
   * JSON columns): iterate in one synchronous pass. `unwritten`: journalled rows a flood left that were not yet
   * written when the query ran (0 but right after a flood).
   */
  async queryStored(
    q: RequestOf<'RequestLogs'>,
    nowMs = Date.now(),
  ): Promise<StoredRows & { unwritten: number }> {
    checkBounds(q);
    const unwritten = await this.written();
    // Trimming waits while the log is read (log-retention.mjs, `reading`).
    if (this.link) this.link.reading();
    else this.inThread!.reading();
    return { ...queryStored(this.db, this.limits.replyMaxBytes, q, nowMs), unwritten };
  }
}
