// Reading a window of the request log through operation 20 only, newest first, in pages of MAX_TAKE rows cut
// by id (AfterId is exclusive, BeforeId inclusive: docs/service.md, "Request log"). What was read before is
// described by a `Coverage`, so a refresh reads only the rows after its newest id, and a wider window only the
// older rows below its oldest. Pure: the page's fetch is passed in (a Web Worker's, or a test's fake).
import { MAX_TAKE } from '../../contract/requestLog';
import type { LogRow } from './row';

/** One query of operation 20: an id range, newest first. */
export interface PageRequest {
  afterId?: number;
  beforeId?: number;
  ids?: number[];
  take: number;
}

export interface PageReply {
  /** Newest first, as the service answers. */
  rows: LogRow[];
  /** The service stopped at its byte bound: the rest of the range starts at this id (BeforeId). */
  cutAt?: number;
}

export type FetchPage = (request: PageRequest, signal: AbortSignal) => Promise<PageReply>;

/**
 * What has been read: every row with `lowId < id ≤ highId` (none is missing). `oldestMs`/`newestMs` are the
 * times of the oldest and newest row read; `logStart` says `lowId` is below the oldest row the service keeps.
 */
export interface Coverage {
  lowId: number;
  highId: number;
  oldestMs: number;
  newestMs: number;
  logStart: boolean;
}

export interface ReadProgress {
  /** Rows of the window known so far (read now or before). */
  read: number;
  /** Rows the window is estimated to hold (from the ids' range and their times); at least `read`. */
  estimate: number;
  done: boolean;
}

export interface ReadOptions {
  fetchPage: FetchPage;
  /** The window's start (ms, the service's clock): rows older than this are not needed. */
  fromMs: number;
  /** What was read before (rows the caller keeps), if anything. */
  cached?: Coverage;
  signal: AbortSignal;
  /** Range pages fetched at once (the service answers one while the page parses the other). */
  concurrency?: number;
  take?: number;
  /**
   * The first page's size when nothing is kept (default `take`): a smaller one puts the first figures on screen
   * sooner, the ranges below it are read `take` at a time.
   */
  firstTake?: number;
  /** Rows read, with the coverage they extend the cache to (always one contiguous range). */
  onRows: (rows: LogRow[], coverage: Coverage) => void | Promise<void>;
  /** The cached rows are not this log's any more (it was emptied, or it is another service): drop them. */
  onReset?: () => void | Promise<void>;
  /** Progress after each page; `count(fromMs)` is asked of the caller, who holds the rows. */
  onProgress?: (progress: ReadProgress) => void;
  countSince?: (fromMs: number) => number;
}

export interface ReadResult {
  coverage: Coverage | undefined;
  /** The oldest row the service keeps is newer than the window's start: retention (or a young log) limits it. */
  retentionLimited: boolean;
}

/** Estimated rows in the window from the newest id and time and the oldest read (ids grow with time). */
export function estimateTotal(c: Coverage | undefined, fromMs: number, known: number): number {
  if (!c || c.highId <= c.lowId) return known;
  if (c.logStart || c.oldestMs < fromMs) return known;
  const span = c.newestMs - c.oldestMs;
  const ids = c.highId - c.lowId;
  if (span <= 0) return Math.max(known, ids);
  const perMs = ids / span;
  return Math.max(known, Math.round(known + perMs * (c.oldestMs - fromMs)));
}

const oldestOf = (rows: LogRow[]) => rows.reduce((m, r) => (r.t < m ? r.t : m), Infinity);
const newestOf = (rows: LogRow[]) => rows.reduce((m, r) => (r.t > m ? r.t : m), -Infinity);

function merge(c: Coverage | undefined, rows: LogRow[], lowId: number, highId: number): Coverage {
  const oldest = Math.min(c?.oldestMs ?? Infinity, oldestOf(rows));
  const newest = Math.max(c?.newestMs ?? -Infinity, newestOf(rows));
  return {
    lowId: Math.min(c?.lowId ?? lowId, lowId),
    highId: Math.max(c?.highId ?? highId, highId),
    oldestMs: Number.isFinite(oldest) ? oldest : (c?.oldestMs ?? 0),
    newestMs: Number.isFinite(newest) ? newest : (c?.newestMs ?? 0),
    logStart: c?.logStart ?? false,
  };
}

/** All rows with `lowId < id ≤ highId`, following the service's byte cut. */
async function readRange(
  fetchPage: FetchPage,
  lowId: number,
  highId: number,
  take: number,
  signal: AbortSignal,
) {
  const rows: LogRow[] = [];
  let top = highId;
  for (;;) {
    const reply = await fetchPage({ afterId: lowId, beforeId: top, take }, signal);
    rows.push(...reply.rows);
    if (reply.cutAt === undefined || reply.cutAt <= lowId || reply.rows.length === 0) return rows;
    top = reply.cutAt;
  }
}

/**
 * Reads every row with `floor < id ≤ top`, newest first, in ranges of `take` ids, `concurrency` in flight while
 * one is handed over, and hands each range over in order. Stops early once a row older than `stopMs` has been read (everything newer
 * is then read), or when the service has no row below the range (the log's start).
 */
async function walkDown(
  o: Required<Pick<ReadOptions, 'fetchPage' | 'signal' | 'concurrency' | 'take'>>,
  top: number,
  floor: number,
  stopMs: number,
  each: (rows: LogRow[], lowId: number, highId: number) => Promise<void>,
): Promise<{ logStart: boolean }> {
  let nextTop = top;
  const queue: { low: number; high: number; rows: Promise<LogRow[]> }[] = [];
  const local = new AbortController();
  const onAbort = () => local.abort(o.signal.reason);
  o.signal.addEventListener('abort', onAbort, { once: true });
  const fill = () => {
    while (queue.length < o.concurrency && nextTop > floor) {
      const high = nextTop;
      const low = Math.max(floor, high - o.take);
      nextTop = low;
      const rows = readRange(o.fetchPage, low, high, o.take, local.signal);
      rows.catch(() => undefined); // awaited below; a later range's failure must not go unhandled meanwhile
      queue.push({ low, high, rows });
    }
  };
  try {
    fill();
    while (queue.length) {
      const { low, high, rows: pending } = queue.shift()!;
      const rows = await pending;
      // The next range is asked for before this one is handed over: the service works on it meanwhile (were it
      // asked for after, the service would wait while the reader adds and aggregates each page).
      fill();
      await each(rows, low, high);
      if (low <= floor) return { logStart: false };
      if (rows.length && oldestOf(rows) < stopMs) return { logStart: false };
      if (rows.length < high - low) {
        // Fewer rows than ids: the log may start inside this range. Ask for the next row below it.
        const probe = await o.fetchPage({ beforeId: low, take: 1 }, local.signal);
        const below = probe.rows[0];
        if (!below) return { logStart: true };
        if (below.id < low - o.take) {
          // A gap wider than a page: skip it (the ranges in flight are empty).
          local.abort();
          return walkDown(o, below.id, floor, stopMs, each);
        }
      }
      fill();
    }
    return { logStart: false };
  } finally {
    o.signal.removeEventListener('abort', onAbort);
    if (!local.signal.aborted) local.abort();
  }
}

/**
 * Reads what the window needs beyond `cached`: the rows after its newest id, then, if the window starts before
 * its oldest row, the older rows down to the window's start. Throws the fetch's error, or the signal's reason.
 */
export async function readLog(options: ReadOptions): Promise<ReadResult> {
  const o = {
    fetchPage: options.fetchPage,
    signal: options.signal,
    concurrency: options.concurrency ?? 2,
    take: Math.min(options.take ?? MAX_TAKE, MAX_TAKE),
  };
  const { fromMs, onRows } = options;
  let coverage = options.cached;
  const progress = (done: boolean) => {
    if (!options.onProgress) return;
    const read = options.countSince?.(fromMs) ?? 0;
    options.onProgress({ read, estimate: Math.max(read, estimateTotal(coverage, fromMs, read)), done });
  };

  // The cached rows are this log's only if its newest cached row is still there, with the same time. Asked
  // together with the rows after it (a refresh is one round trip); those are read again from the top if not.
  let first: PageReply | undefined;
  if (coverage) {
    const [check, after] = await Promise.all([
      o.fetchPage({ ids: [coverage.highId], take: 1 }, o.signal),
      o.fetchPage({ afterId: coverage.highId, take: o.take }, o.signal),
    ]);
    const same = check.rows[0];
    if (!same || same.id !== coverage.highId || same.t !== coverage.newestMs) {
      coverage = undefined;
      await options.onReset?.();
    } else first = after;
  }

  // 1. The newest rows: after the cached ones, or the newest page of the log.
  const floor = coverage?.highId ?? 0;
  const firstTake = coverage ? o.take : Math.min(options.firstTake ?? o.take, o.take);
  first ??= await o.fetchPage({ afterId: coverage?.highId, take: firstTake }, o.signal);
  if (first.rows.length === 0) {
    if (!coverage) {
      // An empty log: nothing to read, now or below.
      return { coverage: undefined, retentionLimited: false };
    }
  } else {
    const newest = first.rows[0].id;
    const lowest = first.rows[first.rows.length - 1].id;
    const complete = first.cutAt === undefined && first.rows.length < firstTake;
    if (!coverage) {
      // Nothing cached: the first page is the start of one range that grows downwards.
      const low = complete ? 0 : lowest - 1;
      coverage = merge(undefined, first.rows, low, newest);
      await onRows(first.rows, coverage);
      progress(false);
      if (!complete && oldestOf(first.rows) >= fromMs) {
        const walked = await walkDown(o, lowest - 1, 0, fromMs, async (rows, low) => {
          coverage = merge(coverage, rows, low, coverage!.highId);
          await onRows(rows, coverage);
          progress(false);
        });
        if (walked.logStart) coverage = { ...coverage, logStart: true };
      } else if (complete) coverage = { ...coverage, logStart: true };
    } else {
      // New rows above the cache: kept aside until all of them are read, so the cache stays one range.
      const fresh = [...first.rows];
      if (!complete) {
        await walkDown(o, lowest - 1, floor, -Infinity, async (rows) => {
          fresh.push(...rows);
        });
      }
      coverage = merge(coverage, fresh, coverage.lowId, newest);
      await onRows(fresh, coverage);
      progress(false);
    }
  }

  // 2. Older rows, when the window starts before the oldest one read.
  if (coverage && !coverage.logStart && coverage.oldestMs >= fromMs && coverage.lowId > 0) {
    const walked = await walkDown(o, coverage.lowId, 0, fromMs, async (rows, low) => {
      coverage = merge(coverage, rows, low, coverage!.highId);
      await onRows(rows, coverage);
      progress(false);
    });
    if (walked.logStart) coverage = { ...coverage, logStart: true };
  }
  // The flags (the log's start) are part of what is kept.
  if (coverage) await onRows([], coverage);
  progress(true);
  return {
    coverage,
    retentionLimited: !!coverage && coverage.logStart && coverage.oldestMs > fromMs,
  };
}
