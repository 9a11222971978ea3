// A request log that cannot be made to lie (issue 33): an authenticated write is answered only once its row is
// committed; an anonymous request costs the log at most ~2 KB whatever it sends; past the bound of what waits for
// the writer anonymous rows are shed and counted in a "not logged" row, never an authenticated one; and anonymous
// rows keep to their own share of the byte budget, so a flood of them never deletes an authenticated row.
import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { ROW_BYTES_SQL } from '../../server/core/log-writer.mjs';
import type { LogFacts } from '../../server/core/log-row';
import { SHED_PATH, type Shed } from '../../server/core/log-shed';
import type { RequestLog } from '../../server/core/requestlog';
import { sendRaw, worstRequest } from '../reliability/logintegrity';
import { expectStatus, Harness, useHarness, useSeedIds } from './harness';

const h = useHarness();
const ids = useSeedIds(h);

const dbOf = (l: RequestLog): Database => (l as unknown as { db: Database }).db;

describe('an authenticated write', () => {
  it('is answered only once its row is committed', async () => {
    const mark = `durable-${Date.now()}`;
    const res = await h.as('pm', 'OpenIssueUpdateRequest', {
      openIssue: { folderId: ids.rfiFolderIds[1], subject: mark },
    });
    expectStatus(res, 200);
    // Read on the service's own connection at once, without asking the log (a query would flush it first).
    const row = dbOf(h.service.app.log)
      .prepare(`SELECT user_auth_id, anon FROM request_log WHERE request_dto LIKE ?`)
      .get(`%${mark}%`) as { user_auth_id: string; anon: number } | undefined;
    expect(row).toEqual({ user_auth_id: 'pm', anon: 0 });
  });
});

describe('an anonymous request', () => {
  it('costs at most ~2 KB of row, whatever it sends, and says what it cut', async () => {
    // An odd number: the request with 2,700 `\\` in its path (its own, so the test finds its row).
    const mark = Date.now() * 2 + 1;
    const status = await sendRaw(h.url, worstRequest(new URL(h.url).host, mark));
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    await h.service.app.log.written();
    const row = dbOf(h.service.app.log)
      .prepare(`SELECT ${ROW_BYTES_SQL} AS bytes, * FROM request_log WHERE absolute_uri LIKE ?`)
      .get(`%/project/get/${mark}/%`) as Record<string, string | number>;
    expect(row).toBeDefined();
    expect(row.anon).toBe(1);
    expect(row.bytes).toBeLessThanOrEqual(2048);
    expect(row.request_body).toBeNull();
    expect(String(row.referer)).toMatch(/…\[13200 bytes\]$/); // 6,600 bytes 0xFF read as Latin-1: 2 bytes each
    expect(String(row.forwarded_for)).toMatch(/…\[13200 bytes\]$/);
    expect(String(row.path_info)).toMatch(/…\[\d+ bytes\]$/);
  });
});

/** Facts of a request to `path` (anonymous unless `user`), as the app hands them over. */
function facts(url: string, path: string, user: string | null = null, body: string | null = null): LogFacts {
  const { protocol, host } = new URL(url);
  // prettier-ignore
  return [
    Date.now(), 1, 0, 'ProjectGetRequest', true, null, 'POST', protocol.slice(0, -1), host, path, '10.9.8.7',
    { 'user-agent': 'x'.repeat(400) }, null, body, false, undefined, user, user, false, null, '{}', null,
  ];
}

describe('past the bound of what waits for the writer', () => {
  it('sheds anonymous rows, counted in a "not logged" row per address, and never an authenticated one', async () => {
    const small = await Harness.start({ logLimits: { queueMaxBytes: 64 * 1024 } });
    try {
      const log = small.service.app.log;
      for (let i = 0; i < 400; i++) {
        log.add(facts(small.url, '/test/shed/anon'));
        log.add(facts(small.url, '/test/shed/auth', 'pm', 'b'.repeat(2000)));
      }
      expect(log.notLogged).toBeGreaterThan(0);
      (log as unknown as { shed: Shed }).shed.report();
      const auth = await small.logs({ pathInfo: '/test/shed/auth', take: 1000 });
      expect(auth.json.results).toHaveLength(400);
      const anon = await small.logs({ pathInfo: '/test/shed/anon', take: 1000 });
      expect(anon.json.results.length).toBe(400 - log.notLogged);
      const [note] = (await small.logs({ pathInfo: SHED_PATH, take: 10 })).json.results;
      expect(note.ipAddress).toBe('10.9.8.7');
      expect(note.responseDto.message).toContain(
        `${log.notLogged} anonymous requests from 10.9.8.7 not logged`,
      );
    } finally {
      await small.close();
    }
  });
});

describe('an anonymous flood', () => {
  it('never deletes an authenticated row: anonymous rows keep to their share of REQUEST_LOG_MAX_BYTES', async () => {
    const small = await Harness.start({ logLimits: { maxBytes: 1024 * 1024 } });
    try {
      const mark = `kept-${Date.now()}`;
      const folderId = (
        dbOf(small.service.app.log)
          .prepare('SELECT folder_id AS id FROM open_issues ORDER BY id LIMIT 1')
          .get() as {
          id: number;
        }
      ).id;
      expectStatus(
        await small.as('admin', 'OpenIssueUpdateRequest', { openIssue: { folderId, subject: mark } }),
        200,
      );
      const log = small.service.app.log;
      for (let i = 0; i < 30_000; i++) log.add(facts(small.url, `/test/flood/${i}`));
      await log.written();
      const totals = (log as unknown as { db: Database }).db
        .prepare(`SELECT anon, sum(${ROW_BYTES_SQL}) AS b FROM request_log GROUP BY anon`)
        .all() as { anon: number; b: number }[];
      const anonBytes = totals.find((t) => t.anon === 1)?.b ?? 0;
      expect(anonBytes).toBeLessThanOrEqual(0.1 * 1024 * 1024);
      const kept = dbOf(log)
        .prepare('SELECT count(*) AS n FROM request_log WHERE request_dto LIKE ?')
        .get(`%${mark}%`) as { n: number };
      expect(kept.n).toBe(1);
    } finally {
      await small.close();
    }
  });
});
