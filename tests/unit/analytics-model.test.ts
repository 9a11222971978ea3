// The analytics page's pure parts: reading a window of the request log by id ranges (read.ts), the slim row
// (row.ts) and the aggregation with its explorer links (aggregate.ts).
import { describe, expect, it } from 'vitest';
import { estimateTotal, readLog, type Coverage, type PageRequest } from '../../src/api/requestLogReader/read';
import { statusClass, toLogRow, wireLogRow, type LogRow } from '../../src/api/requestLogReader/row';
import {
  aggregate,
  groupPercentiles,
  LogIndex,
  percentile,
} from '../../src/features/analytics/model/aggregate';
import { parseWindow, resolveWindow, writeWindow } from '../../src/features/analytics/model/window';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);

/** A fake service log: rows 1..n, one a second from T0, answering like operation 20 (newest first). */
function fakeLog(n: number, opts: { cutEvery?: number; startId?: number } = {}) {
  const start = opts.startId ?? 1;
  let rows: LogRow[] = [];
  const add = (count: number) => {
    const from = rows.length ? rows[rows.length - 1].id + 1 : start;
    for (let id = from; id < from + count; id++)
      rows.push({
        id,
        t: T0 + (id - start) * 1000,
        path: '/api/internal/project/get',
        error: false,
        ms: id % 100,
      });
  };
  add(n);
  const requests: PageRequest[] = [];
  const fetchPage = async (q: PageRequest) => {
    requests.push(q);
    let list = rows.filter(
      (r) =>
        (q.afterId === undefined || r.id > q.afterId) &&
        (q.beforeId === undefined || r.id <= q.beforeId) &&
        (!q.ids || q.ids.includes(r.id)),
    );
    list = list.sort((a, b) => b.id - a.id);
    const take = list.slice(0, q.take);
    if (opts.cutEvery && take.length > opts.cutEvery)
      return { rows: take.slice(0, opts.cutEvery), cutAt: take[opts.cutEvery].id };
    return { rows: take };
  };
  return {
    requests,
    fetchPage,
    add,
    drop: (belowId: number) => (rows = rows.filter((r) => r.id >= belowId)),
    last: () => rows[rows.length - 1],
  };
}

async function readAll(
  log: ReturnType<typeof fakeLog>,
  fromMs: number,
  cached?: Coverage,
  take = 100,
  firstTake?: number,
) {
  const got: LogRow[] = [];
  let coverage: Coverage | undefined;
  let resets = 0;
  const result = await readLog({
    fetchPage: (q) => log.fetchPage(q),
    fromMs,
    cached,
    take,
    firstTake,
    signal: new AbortController().signal,
    onRows: (rows, c) => {
      got.push(...rows);
      coverage = c;
    },
    onReset: () => {
      resets++;
    },
  });
  return { got, coverage, result, resets };
}

describe('reading a window of the request log', () => {
  it('pages down from the newest row by id ranges of Take rows until the window starts', async () => {
    const log = fakeLog(1000);
    // Window: the newest 250 s (rows 751..1000); reads stop in the range holding the start.
    const { got, result } = await readAll(log, T0 + 750 * 1000);
    const ids = got.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let id = 751; id <= 1000; id++) expect(ids).toContain(id);
    expect(Math.min(...ids)).toBeGreaterThan(600); // did not read the whole log
    expect(log.requests[0]).toEqual({ afterId: undefined, take: 100 });
    // Every range after the first is an id range no wider than Take (AfterId exclusive, BeforeId inclusive).
    for (const q of log.requests.slice(1)) {
      if (q.afterId !== undefined && q.beforeId !== undefined)
        expect(q.beforeId - q.afterId).toBeLessThanOrEqual(100);
    }
    expect(result.retentionLimited).toBe(false);
    expect(result.coverage?.highId).toBe(1000);
  });

  it('reads a smaller first page when asked (first figures sooner), then ranges of Take', async () => {
    const log = fakeLog(1000);
    const { got } = await readAll(log, T0, undefined, 100, 20);
    expect(new Set(got.map((r) => r.id)).size).toBe(1000);
    expect(log.requests[0]).toEqual({ afterId: undefined, take: 20 });
    expect(log.requests.slice(1).every((q) => q.take === 100 || q.take === 1)).toBe(true);
    // A log smaller than the first page is read whole by it.
    const small = fakeLog(15);
    const few = await readAll(small, T0, undefined, 100, 20);
    expect(few.got).toHaveLength(15);
    expect(small.requests).toHaveLength(1);
  });

  it('follows the service byte cut inside a range (nextBeforeId)', async () => {
    const log = fakeLog(500, { cutEvery: 30 });
    const { got } = await readAll(log, T0);
    expect(new Set(got.map((r) => r.id)).size).toBe(500);
  });

  it('says when the log starts inside the window (retention)', async () => {
    const log = fakeLog(1000);
    log.drop(401);
    const { got, result } = await readAll(log, T0 - 3_600_000);
    expect(got).toHaveLength(600);
    expect(result.retentionLimited).toBe(true);
    expect(result.coverage?.logStart).toBe(true);
  });

  it('on refresh reads only the rows after the newest one kept', async () => {
    const log = fakeLog(1000);
    const first = await readAll(log, T0);
    log.add(250);
    log.requests.length = 0;
    const again = await readAll(log, T0, first.coverage);
    expect(again.got.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 250 }, (_, i) => 1001 + i),
    );
    expect(again.coverage?.highId).toBe(1250);
    expect(again.coverage?.lowId).toBe(first.coverage?.lowId);
    // The check of the newest kept row, then AfterId = that row.
    expect(log.requests[0]).toEqual({ ids: [1000], take: 1 });
    expect(log.requests[1]).toEqual({ afterId: 1000, take: 100 });
    for (const q of log.requests.slice(2)) expect(q.afterId ?? 1000).toBeGreaterThanOrEqual(1000);
  });

  it('drops what it kept when the newest kept row is not the service’s any more', async () => {
    const log = fakeLog(100);
    const cached: Coverage = { lowId: 0, highId: 100, oldestMs: T0, newestMs: T0 + 1, logStart: true };
    const { resets, got } = await readAll(log, T0, cached);
    expect(resets).toBe(1);
    expect(got).toHaveLength(100);
  });

  it('reads older rows when a wider window starts before the oldest one kept', async () => {
    const log = fakeLog(1000);
    const narrow = await readAll(log, T0 + 900 * 1000);
    const lowBefore = narrow.coverage!.lowId;
    const wide = await readAll(log, T0, narrow.coverage);
    const ids = wide.got.map((r) => r.id);
    expect(Math.max(...ids)).toBeLessThanOrEqual(lowBefore);
    expect(wide.coverage?.lowId).toBe(0);
  });

  it('stops when cancelled', async () => {
    const log = fakeLog(1000);
    const controller = new AbortController();
    const reading = readLog({
      fetchPage: async (q, signal) => {
        if (q.beforeId !== undefined) {
          controller.abort(new Error('left the page'));
          signal.throwIfAborted();
        }
        return log.fetchPage(q);
      },
      fromMs: T0,
      take: 100,
      signal: controller.signal,
      onRows: () => undefined,
    });
    await expect(reading).rejects.toThrow('left the page');
  });

  it('estimates the total from the ids and times read so far', () => {
    const c: Coverage = {
      lowId: 900,
      highId: 1000,
      oldestMs: T0 + 900_000,
      newestMs: T0 + 1_000_000,
      logStart: false,
    };
    // 100 ids per 100 s read; the window goes 900 s further back.
    expect(estimateTotal(c, T0, 100)).toBe(1000);
    expect(estimateTotal({ ...c, logStart: true }, T0, 100)).toBe(100);
  });
});

describe('log rows', () => {
  it('keeps the status code, the error code, the targets and whether the DTO is missing', () => {
    const row = toLogRow({
      id: 7,
      dateTime: new Date(T0),
      pathInfo: '/api/internal/openissue/update',
      userAuthId: 'pm',
      ipAddress: '127.0.0.1',
      items: { operation: 'OpenIssueUpdateRequest', statusCode: '400' },
      requestDto: { openIssue: { folderId: 101, folderParentId: 4, projectId: 1 } },
      errorResponse: { responseStatus: { errorCode: 'InvalidDate' } },
      requestDuration: 12.5,
    })!;
    expect(row).toMatchObject({
      id: 7,
      status: 400,
      errorCode: 'InvalidDate',
      error: true,
      ms: 12.5,
      user: 'pm',
    });
    expect(row.targets?.map((t) => `${t.kind}:${t.id}`)).toEqual(['folder:101', 'folder:4', 'project:1']);
    expect(statusClass(row)).toBe('client');
    const old = toLogRow({
      id: 8,
      dateTime: new Date(T0),
      errorResponse: {},
      items: { operation: 'ProjectGetRequest' },
    })!;
    expect(old.status).toBeUndefined();
    expect(statusClass(old)).toBe('error');
    const noDto = toLogRow({
      id: 9,
      dateTime: new Date(T0),
      items: { operation: 'ProjectGetRequest', statusCode: '200' },
    })!;
    expect(noDto.dto).toBe('absent');
    const cut = toLogRow({
      id: 10,
      dateTime: new Date(T0),
      items: { requestDtoTruncated: 'true' },
      requestDto: {},
    })!;
    expect(cut.dto).toBe('truncated');
  });
});

describe('rows from the wire', () => {
  it('decodes only what a row keeps: the time, the duration, items, the DTO', () => {
    const row = wireLogRow({
      id: 12,
      dateTime: `/Date(${T0}-0000)/`,
      pathInfo: '/api/internal/project/get',
      userAuthId: 'pm',
      ipAddress: '10.0.0.1',
      items: { operation: 'ProjectGetRequest', statusCode: '200' },
      requestDto: { projectId: 2 },
      headers: { Accept: 'application/json' },
      requestDuration: 'PT0.0125S',
    });
    expect(row).toEqual({
      id: 12,
      t: T0,
      path: '/api/internal/project/get',
      op: 'ProjectGetRequest',
      user: 'pm',
      ip: '10.0.0.1',
      status: 200,
      error: false,
      ms: 12.5,
      targets: [{ kind: 'project', id: 2, role: 'project' }],
    });
    expect(wireLogRow({ id: 1 })).toBeUndefined();
    expect(wireLogRow('x')).toBeUndefined();
  });
});

describe('aggregation', () => {
  const row = (id: number, over: Partial<LogRow> = {}): LogRow => ({
    id,
    t: T0 + id * 1000,
    path: '/api/internal/project/get',
    op: 'ProjectGetRequest',
    user: 'pm',
    ip: '10.0.0.1',
    status: 200,
    error: false,
    ms: id,
    ...over,
  });
  const win = resolveWindow({ from: T0, to: T0 + 10 * MIN }, 0);

  it('nearest-rank percentiles', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(v, 0.5), percentile(v, 0.95), percentile(v, 0.99)]).toEqual([50, 95, 99]);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('counts by outcome, per minute, per operation, user, status and project, with exact explorer links', () => {
    const rows = [
      row(1, { targets: [{ kind: 'project', id: 1, role: 'project' }] }),
      row(2, { targets: [{ kind: 'project', id: 2, role: 'project' }] }),
      row(3, {
        user: 'admin',
        status: 404,
        error: true,
        errorCode: 'NotFound',
        path: '/api/internal/folder/get',
        op: 'FolderGetRequest',
      }),
      row(70, { status: 500, error: true, targets: [{ kind: 'project', id: 1, role: 'project' }] }),
      row(2000), // outside the window (T0 + 2000 s)
    ];
    const a = aggregate(rows, win);
    expect(a.total.count).toBe(4);
    expect(a.total.errors).toBe(2);
    expect(a.total.errorRate).toBe(0.5);
    expect(a.classes).toEqual({ ok: 2, client: 1, server: 1, error: 0 });
    expect(a.total.link).toEqual({ query: { afterId: 0, beforeId: 70 }, exact: true });
    expect(a.total.errorLink.query).toEqual({ afterId: 0, beforeId: 70, withErrors: true });
    // Per minute: rows 1–3 in the first minute, 70 in the second.
    expect(a.buckets).toHaveLength(10);
    expect(a.buckets[0].count).toBe(3);
    expect(a.buckets[0].link).toEqual({ query: { afterId: 0, beforeId: 3 }, exact: true });
    expect(a.buckets[0].classLinks.ok?.query).toEqual({ afterId: 0, beforeId: 3, withErrors: false });
    expect(a.buckets[1].classes.server).toBe(1);
    const ops = Object.fromEntries(a.tables.operation.rows.map((r) => [r.key, r]));
    expect(ops.ProjectGetRequest.count).toBe(3);
    expect(ops.ProjectGetRequest.link.query).toEqual({
      afterId: 0,
      beforeId: 70,
      pathInfo: '/api/internal/project/get',
    });
    expect(ops.ProjectGetRequest.errorLink?.query.withErrors).toBe(true);
    const users = Object.fromEntries(a.tables.user.rows.map((r) => [r.key, r]));
    expect(users.pm.link.query.userAuthId).toBe('pm');
    expect(a.tables.status.rows.map((r) => [r.key, r.count])).toEqual([
      ['200', 2],
      ['404', 1],
      ['500', 1],
    ]);
    // 404 is one of two failures: WithErrors would be wider, so its link lists the ids.
    expect(a.tables.status.rows[1].link).toEqual({ query: { ids: [3] }, exact: true });
    // Projects cannot be filtered by: their ids.
    const projects = Object.fromEntries(a.tables.project.rows.map((r) => [r.key, r]));
    expect(projects['1'].count).toBe(2);
    expect(projects['1'].link.query).toEqual({ ids: [70, 1] });
    expect(a.slowest[0].key).toBe('ProjectGetRequest');
    expect(a.failing.map((r) => r.key)).toEqual(['FolderGetRequest', 'ProjectGetRequest']);
  });

  it('limits everything to one user, and every link carries the user', () => {
    const a = aggregate([row(1), row(2, { user: 'admin' }), row(3)], win, 'pm');
    expect(a.total.count).toBe(2);
    expect(a.total.link.query).toEqual({ userAuthId: 'pm', afterId: 0, beforeId: 3 });
    expect(a.buckets[0].link.query.userAuthId).toBe('pm');
  });

  it('marks a link wider when the filter cannot list the rows and there are more than 1,000', () => {
    const many = Array.from({ length: 1500 }, (_, i) =>
      row(i + 1, { t: T0 + i * 100, targets: [{ kind: 'project', id: 1, role: 'project' }] }),
    );
    const other = row(1501, { t: T0 + 1500 * 100 });
    const a = aggregate([...many, other], win);
    const p = a.tables.project.rows[0];
    expect(p.count).toBe(1500);
    expect(p.link.exact).toBe(false);
    expect(p.link.note).toMatch(/wider/);
  });

  it('keeps rows without a status code as ok / error (errorCode)', () => {
    const a = aggregate(
      [row(1, { status: undefined }), row(2, { status: undefined, error: true, errorCode: 'NotFound' })],
      win,
    );
    expect(a.tables.status.rows.map((r) => r.key).sort()).toEqual(['error (NotFound)', 'ok']);
    expect(a.limits.withoutStatus).toBe(2);
    expect(a.classes.error).toBe(1);
  });
  it('gives the same figures when the rows come in pieces, in any order, some twice (a LogIndex)', () => {
    const rows = Array.from({ length: 3000 }, (_, i) =>
      row(i + 1, {
        t: T0 + i * 150,
        ms: ((i * 7919) % 500) / 3,
        user: i % 3 ? 'pm' : 'admin',
        status: i % 17 === 0 ? 500 : i % 5 === 0 ? 404 : 200,
        error: i % 17 === 0 || i % 5 === 0,
        targets:
          i % 4 === 0
            ? [
                { kind: 'folder', id: 100 + (i % 7), role: 'RFI' },
                { kind: 'folder', id: 200 + (i % 3), role: 'container' },
              ]
            : [{ kind: 'project', id: 1 + (i % 2), role: 'project' }],
      }),
    );
    const index = new LogIndex();
    index.add(rows.slice(2000)); // the newest page first, as the reader reads
    index.add(rows.slice(1000, 2100)); // overlapping
    index.add(rows.slice(0, 1000).reverse());
    expect(index.size).toBe(3000);
    for (const user of [undefined, 'pm']) {
      const whole = aggregate(rows, win, user);
      expect(index.aggregate(win, user)).toEqual(whole);
      expect(whole.total.count).toBe(
        rows.filter((r) => r.t <= win.toMs && (!user || r.user === user)).length,
      );
    }
    // A request naming two records counts for each, once.
    const records = aggregate(rows, win).tables.record.rows;
    expect(records.find((r) => r.key === 'folder:100')?.count).toBe(
      rows.filter((r) => r.t <= win.toMs && r.targets?.some((x) => x.id === 100)).length,
    );
    expect(index.countSince(T0 + 2000 * 150, win.toMs)).toBe(
      rows.filter((r) => r.t >= T0 + 2000 * 150 && r.t <= win.toMs).length,
    );
  });

  it('keeps its orders by id and by duration through pages read newest first, asked between pages or not', () => {
    const rows = Array.from({ length: 2500 }, (_, i) =>
      row(i + 1, { t: T0 + i * 100, ms: (i * 7919) % 997 }),
    );
    const index = new LogIndex();
    const ascending = (order: Uint32Array, key: (i: number) => number) =>
      Array.from(order).every((v, k, a) => k === 0 || key(a[k - 1]) <= key(v));
    // The even rows in pages of 250, newest first (each all below the last: the copy without comparisons), the
    // orders asked for after some pages only; then the odd rows in one page, between all of them.
    const even = rows.filter((_, k) => k % 2 === 0);
    for (let top = even.length, page = 0; top > 0; top -= 250, page++) {
      index.add(even.slice(top - 250, top));
      if (page % 2) expect(index.countSince(T0, win.toMs)).toBe(index.size);
    }
    index.add(rows.filter((_, k) => k % 2 === 1));
    expect(index.size).toBe(2500);
    expect(Array.from(index.byId, (i) => index.id[i])).toEqual(rows.map((r) => r.id));
    expect(ascending(index.byMs, (i) => index.ms[i])).toBe(true);
    expect(index.byMs.length).toBe(2500);
    expect(index.aggregate(win)).toEqual(aggregate(rows, win));
  });
});

describe('the window in the address', () => {
  it('reads presets and custom ranges, and writes them back', () => {
    expect(parseWindow(new URLSearchParams('window=7d&user=pm'))).toEqual({ preset: '7d', user: 'pm' });
    expect(parseWindow(new URLSearchParams('window=bogus'))).toEqual({ preset: '1h', user: undefined });
    const c = parseWindow(new URLSearchParams(`from=${new Date(T0).toISOString()}`));
    expect(c.from).toBe(T0);
    expect(parseWindow(writeWindow({ from: T0, to: T0 + MIN }))).toEqual({
      from: T0,
      to: T0 + MIN,
      user: undefined,
    });
  });

  it('buckets per minute up to 6 hours, per hour up to 7 days, per day beyond', () => {
    expect(resolveWindow({ preset: '1h' }, T0).unit).toBe('minute');
    expect(resolveWindow({ preset: '24h' }, T0).unit).toBe('hour');
    expect(resolveWindow({ preset: '7d' }, T0).unit).toBe('hour');
    expect(resolveWindow({ preset: '30d' }, T0).unit).toBe('day');
  });
});

describe('groupPercentiles', () => {
  const row = (id: number, ms: number) => ({ id, t: id, path: '/p', error: false, ms });
  /** The rows ranked by a plain sort (the LogIndex keeps its own ranking, merged as rows come). */
  const rankByDuration = (rows: ReturnType<typeof row>[]) => ({
    ms: rows.map((r) => r.ms),
    order: rows.map((_, i) => i).sort((a, b) => rows[a].ms - rows[b].ms),
  });
  it('gives each group the percentiles a sort of that group gives', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => row(i + 1, ((i * 7919) % 1000) / 7));
    const groupOf = Int32Array.from(rows, (_, i) => (i % 11 === 0 ? -1 : i % 3));
    const lists = [0, 1, 2].map((g) => rows.filter((_, i) => groupOf[i] === g).map((r) => r.ms));
    const got = groupPercentiles(
      rankByDuration(rows),
      groupOf,
      lists.map((l) => l.length),
    );
    lists.forEach((l, g) => {
      const sorted = [...l].sort((a, b) => a - b);
      expect([got.p50[g], got.p95[g], got.p99[g]]).toEqual([
        percentile(sorted, 0.5),
        percentile(sorted, 0.95),
        percentile(sorted, 0.99),
      ]);
    });
  });
});
