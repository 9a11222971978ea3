// The request log's journal (server/core/log-writer.mjs): a burst's batches are stored as they came and written
// as rows later; a query of the log still sees every request answered before it, in order; the journal is written
// out once the burst is over, and on stop; REQUEST_LOG_HOLD_ROWS=0 keeps no journal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import type { LogFacts } from '../../server/core/log-row';
import { BATCH_ROWS, HOLD_CHECK_MS, type RequestLog } from '../../server/core/requestlog';
import { expectStatus, Harness, sleep, useHarness } from './harness';

const h = useHarness();

const log = (): RequestLog => h.service.app.log;
/** The service's own connection: what the writer thread has committed, read without asking the log (no flush). */
const db = (l: RequestLog = log()): Database => (l as unknown as { db: Database }).db;
const stored = (path: string, l?: RequestLog): number =>
  (db(l).prepare('SELECT count(*) AS n FROM request_log WHERE path_info = ?').get(path) as { n: number }).n;
const journalled = (l?: RequestLog): number =>
  (db(l).prepare('SELECT coalesce(sum(rows), 0) AS n FROM request_log_journal').get() as { n: number }).n;

/** The facts of the i-th request of a burst to `path` (authenticated as pm), as the app hands them over. */
function facts(path: string, i: number, url = h.url): LogFacts {
  const { protocol, host } = new URL(url);
  // prettier-ignore
  return [
    Date.now(), i, 0, null, false, null, 'POST', protocol.slice(0, -1), host, `${path}?i=${i}`, undefined, {}, null,
    null, false, undefined, 'pm', 'Pat Manager', false, null, '{}', null,
  ];
}

function burst(l: RequestLog, path: string, n: number, url = h.url): void {
  for (let i = 0; i < n; i++) l.add(facts(path, i, url));
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe('a burst', () => {
  it('is journalled as it comes, and a query of the log still sees all of it, oldest first', async () => {
    const path = '/test/journal/query';
    burst(log(), path, 3 * BATCH_ROWS);
    await until(() => journalled() === 3 * BATCH_ROWS);
    expect(stored(path)).toBe(0);
    const res = await h.logs({ pathInfo: path, take: 10_000 });
    expectStatus(res, 200);
    const results = res.json.results as { id: number; absoluteUri: string }[];
    expect(results).toHaveLength(3 * BATCH_ROWS);
    const order = results.map((e) => Number(new URL(e.absoluteUri).searchParams.get('i'))).reverse();
    expect(order).toEqual(Array.from({ length: 3 * BATCH_ROWS }, (_, i) => i));
    expect(journalled()).toBe(0);
  });

  it('is written as rows once it is over, without a query', async () => {
    const path = '/test/journal/after';
    burst(log(), path, 2 * BATCH_ROWS);
    await until(() => stored(path) === 2 * BATCH_ROWS, 20 * HOLD_CHECK_MS + 5_000);
    expect(journalled()).toBe(0);
  });

  it('is written on stop', async () => {
    const own = await Harness.start();
    try {
      const path = '/test/journal/stop';
      burst(own.service.app.log, path, 2 * BATCH_ROWS, own.url);
      await own.restart();
      expect(stored(path, own.service.app.log)).toBe(2 * BATCH_ROWS);
      expect(journalled(own.service.app.log)).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe('REQUEST_LOG_HOLD_ROWS=0', () => {
  let off: Harness;
  beforeAll(async () => {
    off = await Harness.start({ logLimits: { holdRows: 0 } });
  });
  afterAll(() => off.close());

  it('keeps no journal: a burst is written as it comes', async () => {
    const offLog = off.service.app.log;
    const path = '/test/journal/off';
    burst(offLog, path, 2 * BATCH_ROWS, off.url);
    await until(() => stored(path, offLog) === 2 * BATCH_ROWS);
    expect(journalled(offLog)).toBe(0);
  });
});
