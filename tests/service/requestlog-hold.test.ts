// The request log behind a burst (server/core/requestlog.ts, HOLD_MAX_ROWS): batches that fill up fast are held
// on the main thread while the burst lasts, go to the writer once it is over, and a query of the log still sees
// every request answered before it, in order. Past the bound the oldest held batch goes as a new one comes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import type { LogFacts } from '../../server/core/log-row';
import { BATCH_ROWS, HOLD_CHECK_MS, HOLD_MAX_ROWS, type RequestLog } from '../../server/core/requestlog';
import { expectStatus, Harness, sleep, useHarness } from './harness';

const h = useHarness();

const log = (): RequestLog => h.service.app.log;
/** The service's own connection: what the writer thread has committed, read without asking the log (no flush). */
const db = (): Database => (log() as unknown as { db: Database }).db;
const stored = (path: string): number =>
  (db().prepare('SELECT count(*) AS n FROM request_log WHERE path_info = ?').get(path) as { n: number }).n;

/** The facts of the i-th request of a burst to `path` of the service at `url`, as the app hands them over. */
function facts(path: string, i: number, url = h.url): LogFacts {
  const { protocol, host } = new URL(url);
  // prettier-ignore
  return [
    Date.now(), i, 0, null, false, null, 'POST', protocol.slice(0, -1), host, `${path}?i=${i}`, undefined, {}, null,
    null, false, undefined, null, null, false, null, '{}', null,
  ];
}

/** Hands `n` requests' facts to the log in one go, as a burst of requests does (whole batches fill at once). */
function burst(path: string, n: number, from = 0): void {
  for (let i = from; i < from + n; i++) log().add(facts(path, i));
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe('a burst', () => {
  it('is held while it lasts, and a query of the log still sees all of it, oldest first', async () => {
    const path = '/test/hold/query';
    burst(path, 3 * BATCH_ROWS);
    expect((log() as unknown as { heldRows: number }).heldRows).toBe(3 * BATCH_ROWS);
    await sleep(30);
    expect(stored(path)).toBe(0);
    const res = await h.logs({ pathInfo: path, take: 10_000 });
    expectStatus(res, 200);
    const results = res.json.results as { id: number; absoluteUri: string }[];
    expect(results).toHaveLength(3 * BATCH_ROWS);
    // Newest first; ids follow the order the requests were answered in.
    const order = results.map((e) => Number(new URL(e.absoluteUri).searchParams.get('i'))).reverse();
    expect(order).toEqual(Array.from({ length: 3 * BATCH_ROWS }, (_, i) => i));
  });

  it('goes to the writer once it is over, without a query', async () => {
    const path = '/test/hold/after';
    burst(path, 2 * BATCH_ROWS);
    await sleep(30);
    expect(stored(path)).toBe(0);
    await until(() => stored(path) === 2 * BATCH_ROWS, 20 * HOLD_CHECK_MS + 5_000);
  });

  it('keeps requests that come slowly off the hold (each batch goes when its time is up)', async () => {
    const path = '/test/hold/slow';
    burst(path, 10);
    await until(() => stored(path) === 10, 2_000);
  });

  it('is written when the service stops while it is held', async () => {
    const path = '/test/hold/stop';
    burst(path, 2 * BATCH_ROWS);
    expect(stored(path)).toBe(0);
    await h.restart();
    expect(stored(path)).toBe(2 * BATCH_ROWS);
  });

  it('is bounded: past HOLD_MAX_ROWS the oldest held batches are written while the burst goes on', async () => {
    const path = '/test/hold/bound';
    burst(path, HOLD_MAX_ROWS + 2 * BATCH_ROWS);
    // The burst's first two batches went to the writer as the last two came: only they are written.
    await until(() => stored(path) >= 2 * BATCH_ROWS);
    await sleep(50);
    expect(stored(path)).toBe(2 * BATCH_ROWS);
    const first = db()
      .prepare('SELECT absolute_uri AS uri FROM request_log WHERE path_info = ? ORDER BY id LIMIT 1')
      .get(path) as { uri: string };
    expect(new URL(first.uri).searchParams.get('i')).toBe('0');
    await until(() => stored(path) === HOLD_MAX_ROWS + 2 * BATCH_ROWS, 30_000);
  }, 60_000);
});

describe('REQUEST_LOG_HOLD_ROWS=0', () => {
  let off: Harness;
  beforeAll(async () => {
    off = await Harness.start({ logLimits: { holdRows: 0 } });
  });
  afterAll(() => off.close());

  it('holds nothing: a burst is written as it comes', async () => {
    const path = '/test/hold/off';
    const offLog = off.service.app.log;
    for (let i = 0; i < 2 * BATCH_ROWS; i++) offLog.add(facts(path, i, off.url));
    // Handed to the writer at once (the held count is the log's own; its writer thread may still be starting).
    expect((offLog as unknown as { heldRows: number }).heldRows).toBe(0);
    const offDb = (offLog as unknown as { db: Database }).db;
    const count = () =>
      (offDb.prepare('SELECT count(*) AS n FROM request_log WHERE path_info = ?').get(path) as { n: number })
        .n;
    await until(() => count() === 2 * BATCH_ROWS);
  });
});
