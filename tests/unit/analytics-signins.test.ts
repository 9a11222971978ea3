// Failed sign-ins by the user name tried (src/features/analytics/model/signins.ts, issue 34), and the drill-down
// links sorted by what was clicked (src/features/analytics/links.ts).
import { describe, expect, it } from 'vitest';
import { toLogRow, type LogRow } from '../../src/api/requestLogReader/row';
import type { RequestLogEntry } from '../../src/contract/dtos';
import { explorerHref, SLOWEST_FIRST, sortedBy } from '../../src/features/analytics/links';
import { AnalyticsIndex, failedSignIns, SIGN_IN_OP } from '../../src/features/analytics/model/signins';
import type { ResolvedWindow } from '../../src/features/analytics/model/window';

const win: ResolvedWindow = { fromMs: 1000, toMs: 100_000, bucketMs: 60_000, unit: 'minute' };
const attempt = (id: number, tried: string | undefined, t = 5000 + id, ip = '10.0.0.1'): LogRow => ({
  id,
  t,
  path: '/api/internal/authenticateuser',
  op: SIGN_IN_OP,
  error: true,
  status: 401,
  ms: 3,
  ip,
  ...(tried !== undefined && { tried }),
});

describe('failed sign-ins by user name', () => {
  it('groups the window’s failed sign-ins by the name tried, most tried first, with exact links', () => {
    const rows: LogRow[] = [
      attempt(1, 'root'),
      attempt(2, 'admin', undefined, '10.0.0.2'),
      attempt(3, 'root', undefined, '10.0.0.3'),
      attempt(4, 'root'),
      attempt(5, undefined),
      attempt(6, 'admin', 200_000), // after the window
      { ...attempt(7, 'pm'), error: false, status: 200, user: 'pm' }, // a sign-in that worked
      { ...attempt(8, 'x'), op: 'ProjectGetRequest' }, // another failure
    ];
    const f = failedSignIns(rows, win);
    expect(f.total).toBe(5);
    expect(f.names).toBe(3);
    expect(f.groups.map((g) => [g.name, g.count, g.ips])).toEqual([
      ['root', 3, 2],
      // Equal counts: the latest attempt first.
      ['', 1, 1],
      ['admin', 1, 1],
    ]);
    expect(f.groups[0].link).toEqual({ query: { ids: [4, 3, 1] }, exact: true });
    expect(f.groups[0].lastMs).toBe(5004);
  });

  it('counts only the attempts at the user’s name when the page is limited to a user', () => {
    const f = failedSignIns([attempt(1, 'root'), attempt(2, 'pm')], win, 'pm');
    expect(f.groups.map((g) => g.name)).toEqual(['pm']);
  });

  it('holds each attempt once however often it is read', () => {
    const index = new AnalyticsIndex();
    index.add([attempt(1, 'root'), attempt(2, 'root')]);
    index.add([attempt(2, 'root'), attempt(3, 'guest')]);
    expect(index.failedSignIns(win).groups.map((g) => [g.name, g.count])).toEqual([
      ['root', 2],
      ['guest', 1],
    ]);
  });

  it('reads the name tried from Items, only for a row bound to no user', () => {
    const entry = (e: Partial<RequestLogEntry>) =>
      toLogRow({ id: 1, dateTime: new Date(5000), pathInfo: '/p', ...e } as RequestLogEntry);
    expect(entry({ items: { operation: SIGN_IN_OP, statusCode: '401', userNameTried: 'root' } })?.tried).toBe(
      'root',
    );
    expect(entry({ userAuthId: 'pm', items: { userNameTried: 'root' } })?.tried).toBeUndefined();
  });
});

describe('drill-down links', () => {
  it('open the request log sorted by what was clicked', () => {
    const href = explorerHref(sortedBy({ query: { afterId: 9, beforeId: 20 }, exact: true }, SLOWEST_FIRST));
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/admin/request-log');
    expect(url.searchParams.get('sort')).toBe('-duration');
    expect(url.searchParams.get('AfterId')).toBe('9');
    expect(explorerHref({ query: { ids: [1] }, exact: true })).not.toContain('sort=');
    // The explorer sorts what it loads: a figure of 400 requests asks for all 400, at most 10,000.
    expect(sortedBy({ query: {}, exact: true }, SLOWEST_FIRST, 400).query.take).toBe(400);
    expect(sortedBy({ query: {}, exact: true }, SLOWEST_FIRST, 50_000).query.take).toBe(10_000);
    expect(sortedBy({ query: {}, exact: true }, SLOWEST_FIRST, 20).query.take).toBeUndefined();
  });
});
