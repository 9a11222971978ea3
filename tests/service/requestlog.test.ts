// The request log (operation 20, docs/service.md#request-log): what every entry holds, one test per query
// parameter, the Enable*Tracking switches, masking of passwords and session keys, and that log queries are not
// logged.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDateTime, parseTimeSpan } from '../../src/contract/codecs';
import { operations, type RouteStyle } from '../../src/contract/operations';
import type { LogFacts } from '../../server/core/log-row';
import { createWriter } from '../../server/core/log-writer.mjs';
import { openDatabase } from '../../server/db/db';
import {
  expectError,
  expectStatus,
  fieldNames,
  Harness,
  ISO_DURATION,
  sleep,
  useHarness,
  useSeedIds,
  WIRE_DATE,
  type Credentials,
  type HttpInit,
  type Json,
} from './harness';

const h = useHarness();
const ids = useSeedIds(h);
let pm: Credentials;
let admin: Credentials;

beforeAll(async () => {
  pm = await h.session('pm');
  admin = await h.session('admin');
});

/** Log entries for a query (admin), newest first. */
async function entries(query: HttpInit['query'] = {}): Promise<Json[]> {
  const res = await h.logs(query);
  expectStatus(res, 200);
  return res.json.results;
}
const idsOf = (list: Json[]) => list.map((e) => e.id as number);

/** The facts of a request to `path` of the service at `url` that no operation answered, as the app hands them over. */
function requestFacts(
  url: string,
  path: string,
  dateMs: number,
  durationMs: number,
  /** The signed-in user; null: an anonymous request. */
  user: string | null = null,
): LogFacts {
  const { protocol, host } = new URL(url);
  // prettier-ignore
  return [
    dateMs, durationMs, 0, null, false, null, 'POST', protocol.slice(0, -1), host, path, undefined, {}, null, null,
    false, undefined, user, user, false, null, '{}', null,
  ];
}

/** The id of the newest entry (log queries are not logged, so this is the last call made). */
async function lastId(): Promise<number> {
  const [e] = await entries({ take: 1 });
  return e.id;
}

/** Makes a call as pm and returns the id of its log entry. */
async function logged(
  name: Parameters<Harness['call']>[0],
  body: Record<string, unknown>,
  init: { headers?: Record<string, string>; key?: string; style?: RouteStyle } = {},
): Promise<number> {
  await h.call(name, { authSessionKey: init.key ?? pm.sessionKey, ...body }, init);
  return lastId();
}

describe('entries', () => {
  it('tracks errors but not replies or sessions by default, as ServiceStack does', async () => {
    const res = await h.logs({ take: 1 });
    expect(res.json.responseStatus.meta).toEqual({
      enableSessionTracking: 'false',
      enableResponseTracking: 'false',
      enableErrorTracking: 'true',
    });
  });

  it('holds what a request was: time, method, URI, path, body, DTO, user, session, IP, headers, reply, duration', async () => {
    await h.logs({ enableResponseTracking: true });
    const before = Date.now();
    await h.call(
      'ProjectGetRequest',
      { authSessionKey: pm.sessionKey, projectId: 1 },
      { headers: { referer: 'http://console.test/projects/1' } },
    );
    const res = await h.logs({ take: 1 });
    const [e] = res.json.results;
    expect(e.id).toEqual(expect.any(Number));
    expect(e.dateTime).toMatch(WIRE_DATE);
    const at = parseDateTime(e.dateTime)!.getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(e.httpMethod).toBe('POST');
    expect(e.absoluteUri).toBe(`${h.url}/api/internal/project/get`);
    expect(e.pathInfo).toBe('/api/internal/project/get');
    expect(JSON.parse(e.requestBody)).toEqual({ authSessionKey: '***', projectId: 1 });
    expect(e.requestDto).toEqual({ authSessionKey: '***', projectId: 1 });
    expect(e.userAuthId).toBe('pm');
    expect(e.sessionId).toMatch(/^sess-[0-9a-f]+$/);
    expect(e.ipAddress).toBe('127.0.0.1');
    expect(e.referer).toBe('http://console.test/projects/1');
    expect(e.headers['content-type']).toBe('application/json');
    expect(e.responseDto.project.projectId).toBe(1);
    expect(e.responseDto.errorOccured).toBe(false);
    expect(e.errorResponse).toBeUndefined();
    expect(e.requestDuration).toMatch(ISO_DURATION);
    expect(parseTimeSpan(e.requestDuration)).toBeGreaterThan(0);
    // Raw text: the date is escaped, the duration an ISO string.
    expect(res.text).toMatch(/"dateTime":"\\\/Date\(\d+-0000\)\\\/"/);
  });

  it('keeps the error reply of a failed request', async () => {
    const id = await logged('FolderGetRequest', { folderId: 987_654 });
    const [e] = await entries({ ids: id });
    expect(e.errorResponse.responseStatus.errorCode).toBe('NotFound');
    expect(e.errorResponse.errorOccured).toBe(true);
    expect(e.responseDto).toBeUndefined();
  });

  it('records the HTTP status code of the reply in Items (statusCode)', async () => {
    const ok = await logged('ProjectGetRequest', { projectId: ids.projectId });
    const notFound = await logged('FolderGetRequest', { folderId: 987_654 });
    const bad = await logged('FolderGetRequest', { folderId: 'abc' });
    const refused = await h.post('/api/internal/nothing/here', {});
    const unknown = await lastId();
    const byId = new Map(
      (await entries({ ids: [ok, notFound, bad, unknown].join(',') })).map((e) => [e.id, e]),
    );
    expect(byId.get(ok).items.statusCode).toBe('200');
    expect(byId.get(notFound).items.statusCode).toBe('404');
    expect(byId.get(bad).items.statusCode).toBe('400');
    expect(byId.get(unknown).items.statusCode).toBe(String(refused.status));
  });

  it('numbers entries upward from 1', async () => {
    const all = await entries({ take: 10_000 });
    const list = idsOf(all);
    expect(list[list.length - 1]).toBe(1);
    for (let i = 1; i < list.length; i++) expect(list[i]).toBe(list[i - 1] - 1);
  });

  it('logs unknown operations and wrong methods as errors', async () => {
    await h.post('/api/internal/nothing/here', {});
    const [e] = await entries({ pathInfo: '/api/internal/nothing/here' });
    expect(e.errorResponse.responseStatus.errorCode).toBe('UnknownOperation');
  });

  it('does not log queries of the log itself, whatever their outcome', async () => {
    const before = await lastId();
    await h.logs({ take: 3 });
    await h.logs({ take: 3 }, { method: 'POST' });
    await h.logs({}, { apiKey: pm.apiKey });
    await h.request('GET', '/requestlogs');
    await h.request('GET', '/json/reply/RequestLogs', {
      headers: { authorization: `Bearer ${admin.apiKey}` },
    });
    expect(await lastId()).toBe(before);
    expect(await entries({ pathInfo: '/requestlogs' })).toEqual([]);
    expect(await entries({ pathInfo: '/json/reply/RequestLogs' })).toEqual([]);
  });

  it('logs a request whose facts cannot be copied to the writer thread (its row is built in the service)', async () => {
    const facts = requestFacts(h.url, '/test/uncopyable', Date.now(), 1);
    facts[11] = { 'x-test': 'kept', 'x-uncopyable': (() => 'a function') as unknown as string };
    h.service.app.log.add(facts);
    const [e] = await entries({ pathInfo: '/test/uncopyable' });
    expect(e.headers).toEqual({ 'x-test': 'kept' });
  });
});

describe('reply', () => {
  it('carries Results, Usage and ResponseStatus only', async () => {
    const res = await h.logs({ take: 1 });
    expect(Object.keys(res.json).sort()).toEqual(['responseStatus', 'results', 'usage']);
    expect(res.json.responseStatus.meta).toEqual({
      enableSessionTracking: expect.stringMatching(/^(true|false)$/),
      enableResponseTracking: expect.stringMatching(/^(true|false)$/),
      enableErrorTracking: expect.stringMatching(/^(true|false)$/),
    });
  });

  it('describes every parameter in Usage ("type Name" → text)', async () => {
    const res = await h.logs({ take: 1 });
    const usage: Record<string, string> = res.json.usage;
    const names = Object.keys(usage).map((k) => k.split(' ').pop()!.toLowerCase());
    for (const field of Object.keys(operations.RequestLogs.request.fields)) {
      expect(names, field).toContain(field.toLowerCase());
    }
    expect(Object.keys(usage)).toContain('int? BeforeSecs');
    expect(Object.keys(usage)).toContain('TimeSpan? DurationLongerThan');
    for (const text of Object.values(usage)) expect(text.length).toBeGreaterThan(5);
  });

  it('answers every HTTP verb, and takes the parameters from a JSON body too', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await h.logs({ take: 2 }, { method });
      expectStatus(res, 200);
      expect(res.json.results).toHaveLength(2);
    }
    const res = await h.request('POST', '/requestlogs', {
      body: { take: 3, userAuthId: 'pm' },
      headers: { authorization: `Bearer ${admin.apiKey}` },
    });
    expectStatus(res, 200);
    expect(res.json.results).toHaveLength(3);
    for (const e of res.json.results) expect(e.userAuthId).toBe('pm');
  });
});

describe('query parameters', () => {
  it('Skip and Take page the newest-first list', async () => {
    for (let i = 0; i < 5; i++) await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    const all = idsOf(await entries({ take: 10_000 }));
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    expect(idsOf(await entries({ skip: 2, take: 3 }))).toEqual(all.slice(2, 5));
    expect(idsOf(await entries({ take: 4 }))).toEqual(all.slice(0, 4));
    expect(idsOf(await entries({ skip: all.length, take: 5 }))).toEqual([]);
  });

  it('Take defaults to 100', async () => {
    const calls = [];
    for (let i = 0; i < 110; i++) calls.push(h.as('pm', 'ProjectGetRequest', { projectId: 1 }));
    await Promise.all(calls);
    const all = idsOf(await entries({ take: 10_000 }));
    expect(all.length).toBeGreaterThan(110);
    expect(idsOf(await entries({}))).toEqual(all.slice(0, 100));
    expect(idsOf(await entries({ skip: 5 }))).toEqual(all.slice(5, 105));
  });

  it('BeforeSecs keeps requests newer than N s ago; AfterSecs those older than N s ago', async () => {
    const old = await logged('FolderGetRequest', { folderId: ids.rootFolderId });
    await sleep(1500);
    const recent = await logged('FolderGetRequest', { folderId: ids.rootFolderId });
    const newer = idsOf(await entries({ beforeSecs: 1, take: 10_000 }));
    expect(newer).toContain(recent);
    expect(newer).not.toContain(old);
    const older = idsOf(await entries({ afterSecs: 1, take: 10_000 }));
    expect(older).toContain(old);
    expect(older).not.toContain(recent);
    const both = idsOf(await entries({ beforeSecs: 600, take: 10_000 }));
    expect(both).toEqual(expect.arrayContaining([old, recent]));
    expect(await entries({ afterSecs: 3600 })).toEqual([]);
  });

  it('Ids keeps the listed entries (comma list, repeated parameter or JSON list)', async () => {
    const a = await logged('ProjectGetRequest', { projectId: 1 });
    const b = await logged('ProjectGetRequest', { projectId: 2 });
    const c = await logged('ProjectGetRequest', { projectId: 3 });
    expect(idsOf(await entries({ ids: `${a},${c}` }))).toEqual([c, a]);
    expect(idsOf(await entries({ ids: [a, c] }))).toEqual([c, a]);
    expect(idsOf(await entries({ Ids: `${b},987654` }))).toEqual([b]);
    const post = await h.request('POST', '/requestlogs', {
      body: { Ids: [a, b] },
      headers: { authorization: `Bearer ${admin.apiKey}` },
    });
    expect(idsOf(post.json.results)).toEqual([b, a]);
  });

  it('BeforeId is inclusive, AfterId exclusive', async () => {
    for (let i = 0; i < 4; i++) await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    const top = await lastId();
    const n = top - 2;
    const upTo = idsOf(await entries({ beforeId: n, take: 10_000 }));
    expect(upTo[0]).toBe(n);
    expect(upTo.every((id) => id <= n)).toBe(true);
    const after = idsOf(await entries({ afterId: n, take: 10_000 }));
    expect(after).toEqual([top, top - 1]);
    expect(idsOf(await entries({ afterId: n - 3, beforeId: n }))).toEqual([n, n - 1, n - 2]);
  });

  it('HasResponse tells tracked replies from untracked ones', async () => {
    const off = await h.logs({ enableResponseTracking: false });
    expect(off.json.responseStatus.meta.enableResponseTracking).toBe('false');
    const untracked = await logged('ProjectGetRequest', { projectId: 1 });
    const on = await h.logs({ enableResponseTracking: true });
    expect(on.json.responseStatus.meta.enableResponseTracking).toBe('true');
    const tracked = await logged('ProjectGetRequest', { projectId: 1 });

    const without = await entries({ hasResponse: false, take: 10_000 });
    expect(idsOf(without)).toContain(untracked);
    expect(idsOf(without)).not.toContain(tracked);
    for (const e of without) expect(e.responseDto).toBeUndefined();
    const withReply = await entries({ hasResponse: true, take: 10_000 });
    expect(idsOf(withReply)).toContain(tracked);
    expect(idsOf(withReply)).not.toContain(untracked);
    for (const e of withReply) expect(e.responseDto).toBeDefined();
    const [u] = await entries({ ids: untracked });
    expect(u.responseDto).toBeUndefined();
    expect(u.requestDto).toEqual({ authSessionKey: '***', projectId: 1 });
  });

  it('WithErrors tells failed requests from successful ones', async () => {
    const failed = await logged('ProjectGetRequest', { projectId: 987_654 });
    const ok = await logged('ProjectGetRequest', { projectId: 1 });
    const errors = await entries({ withErrors: true, take: 10_000 });
    expect(idsOf(errors)).toContain(failed);
    expect(idsOf(errors)).not.toContain(ok);
    for (const e of errors) expect(e.errorResponse).toBeDefined();
    const fine = await entries({ withErrors: false, take: 10_000 });
    expect(idsOf(fine)).toContain(ok);
    expect(idsOf(fine)).not.toContain(failed);
    for (const e of fine) expect(e.errorResponse).toBeUndefined();
  });

  it('DurationLongerThan and DurationLessThan take ISO 8601 durations', async () => {
    await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    const all = await entries({ take: 10_000 });
    expect(await entries({ durationLongerThan: 'PT1H' })).toEqual([]);
    expect(await entries({ durationLessThan: 'PT0S' })).toEqual([]);
    expect(idsOf(await entries({ durationLessThan: 'PT1H', take: 10_000 }))).toEqual(idsOf(all));
    expect(idsOf(await entries({ durationLongerThan: 'PT0S', take: 10_000 }))).toEqual(idsOf(all));
    // Split at the median: the two halves partition the log (nothing sits exactly on a 0.1 µs boundary).
    const ms = all.map((e) => parseTimeSpan(e.requestDuration)!).sort((a, b) => a - b);
    const mid = ms[Math.floor(ms.length / 2)];
    const cut = `PT${((mid + 0.00005) / 1000).toFixed(8)}S`;
    const longer = await entries({ durationLongerThan: cut, take: 10_000 });
    const shorter = await entries({ durationLessThan: cut, take: 10_000 });
    expect(longer.length).toBeGreaterThan(0);
    expect(shorter.length).toBeGreaterThan(0);
    expect(longer.length + shorter.length).toBe(all.length);
    for (const e of longer) expect(parseTimeSpan(e.requestDuration)!).toBeGreaterThan(mid);
    for (const e of shorter) expect(parseTimeSpan(e.requestDuration)!).toBeLessThanOrEqual(mid + 0.0001);
  });

  it('DurationLongerThan and DurationLessThan are strict', async () => {
    // An entry of exactly 250 ms, written through the service's own logger.
    h.service.app.log.add(requestFacts(h.url, '/test/duration', Date.now(), 250));
    const [e] = await entries({ pathInfo: '/test/duration' });
    expect(e.requestDuration).toBe('PT0.25S');
    const q = (extra: Record<string, string>) => entries({ pathInfo: '/test/duration', ...extra });
    expect(await q({ durationLongerThan: 'PT0.25S' })).toEqual([]);
    expect(await q({ durationLessThan: 'PT0.25S' })).toEqual([]);
    expect(idsOf(await q({ durationLongerThan: 'PT0.2499S' }))).toEqual([e.id]);
    expect(idsOf(await q({ durationLessThan: 'PT0.2501S' }))).toEqual([e.id]);
    expect(idsOf(await q({ durationLongerThan: 'PT0.2S', durationLessThan: 'PT0.3S' }))).toEqual([e.id]);
  });

  it('IpAddress matches exactly (and X-Forwarded-For does not change it)', async () => {
    const spoofed = await logged(
      'ProjectGetRequest',
      { projectId: 1 },
      { headers: { 'x-forwarded-for': '198.51.100.1' } },
    );
    const all = await entries({ take: 10_000 });
    const local = await entries({ ipAddress: '127.0.0.1', take: 10_000 });
    expect(idsOf(local)).toEqual(idsOf(all.filter((e) => e.ipAddress === '127.0.0.1')));
    expect(idsOf(local)).toContain(spoofed);
    expect(await entries({ ipAddress: '127.0.0' })).toEqual([]);
    expect(await entries({ ipAddress: '198.51.100.1' })).toEqual([]);
  });

  it('ForwardedFor matches the X-Forwarded-For header exactly', async () => {
    const one = await logged(
      'ProjectGetRequest',
      { projectId: 1 },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    const chain = await logged(
      'ProjectGetRequest',
      { projectId: 1 },
      { headers: { 'x-forwarded-for': '203.0.113.10, 10.0.0.1' } },
    );
    expect(idsOf(await entries({ forwardedFor: '203.0.113.9' }))).toEqual([one]);
    expect(idsOf(await entries({ ForwardedFor: '203.0.113.10, 10.0.0.1' }))).toEqual([chain]);
    expect(await entries({ forwardedFor: '203.0.113' })).toEqual([]);
    const [e] = await entries({ ids: one });
    expect(e.forwardedFor).toBe('203.0.113.9');
  });

  it('UserAuthId matches the user name', async () => {
    const byPm = await logged('ProjectGetRequest', { projectId: 1 });
    const byAdmin = await logged('ProjectGetRequest', { projectId: 1 }, { key: admin.sessionKey });
    const pmEntries = await entries({ userAuthId: 'pm', take: 10_000 });
    expect(idsOf(pmEntries)).toContain(byPm);
    expect(idsOf(pmEntries)).not.toContain(byAdmin);
    for (const e of pmEntries) expect(e.userAuthId).toBe('pm');
    const adminEntries = await entries({ userAuthId: 'admin', take: 10_000 });
    expect(idsOf(adminEntries)).toContain(byAdmin);
    expect(idsOf(adminEntries)).not.toContain(byPm);
    expect(await entries({ userAuthId: 'p' })).toEqual([]);
  });

  it('SessionId matches the masked session id the log shows', async () => {
    const other = await h.signIn('pm');
    const mine = await logged('ProjectGetRequest', { projectId: 1 });
    const theirs = await logged('ProjectGetRequest', { projectId: 1 }, { key: other.sessionKey });
    const [a] = await entries({ ids: mine });
    const [b] = await entries({ ids: theirs });
    expect(a.sessionId).toMatch(/^sess-/);
    expect(b.sessionId).toMatch(/^sess-/);
    expect(a.sessionId).not.toBe(b.sessionId);
    const found = await entries({ sessionId: a.sessionId, take: 10_000 });
    expect(idsOf(found)).toContain(mine);
    expect(idsOf(found)).not.toContain(theirs);
    for (const e of found) expect(e.sessionId).toBe(a.sessionId);
    // The key itself is not what the log holds.
    expect(await entries({ sessionId: pm.sessionKey })).toEqual([]);
  });

  it('Referer matches exactly', async () => {
    const one = await logged(
      'ProjectGetRequest',
      { projectId: 1 },
      { headers: { referer: 'http://console.test/r/1' } },
    );
    const two = await logged(
      'ProjectGetRequest',
      { projectId: 1 },
      { headers: { referer: 'http://console.test/r/2' } },
    );
    expect(idsOf(await entries({ referer: 'http://console.test/r/1' }))).toEqual([one]);
    expect(idsOf(await entries({ Referer: 'http://console.test/r/2' }))).toEqual([two]);
    expect(await entries({ referer: 'http://console.test/r' })).toEqual([]);
  });

  it('PathInfo matches the path exactly', async () => {
    const internal = await logged('MeetingReadRequest', { folderId: ids.meetingFolderId });
    const reply = await logged('MeetingReadRequest', { folderId: ids.meetingFolderId }, { style: 'reply' });
    const byPath = await entries({ pathInfo: '/api/internal/meeting/read', take: 10_000 });
    expect(idsOf(byPath)).toContain(internal);
    expect(idsOf(byPath)).not.toContain(reply);
    for (const e of byPath) expect(e.pathInfo).toBe('/api/internal/meeting/read');
    expect(idsOf(await entries({ pathInfo: '/json/reply/MeetingReadRequest' }))).toContain(reply);
    expect(await entries({ pathInfo: '/api/internal/meeting' })).toEqual([]);
  });

  it('ANDs the filters', async () => {
    const hit = await logged(
      'MeetingReadRequest',
      { folderId: ids.meetingFolderId },
      { headers: { referer: 'http://and.test/' } },
    );
    await logged('ProjectGetRequest', { projectId: 1 }, { headers: { referer: 'http://and.test/' } });
    await logged(
      'MeetingReadRequest',
      { folderId: ids.meetingFolderId },
      { key: admin.sessionKey, headers: { referer: 'http://and.test/' } },
    );
    const found = await entries({
      userAuthId: 'pm',
      referer: 'http://and.test/',
      pathInfo: '/api/internal/meeting/read',
    });
    expect(idsOf(found)).toEqual([hit]);
  });

  it('takes parameter names in any case', async () => {
    const base = idsOf(await entries({ UserAuthId: 'pm', Take: 7 }));
    expect(base).toHaveLength(7);
    expect(idsOf(await entries({ userauthid: 'pm', take: 7 }))).toEqual(base);
    expect(idsOf(await entries({ USERAUTHID: 'pm', TAKE: 7 }))).toEqual(base);
    expect(idsOf(await entries({ userAuthId: 'pm', tAkE: 7 }))).toEqual(base);
  });

  it.each([
    [{ take: 'abc' }, 'take'],
    [{ skip: 'x' }, 'skip'],
    [{ beforeSecs: '1.5' }, 'beforeSecs'],
    [{ AfterSecs: 'soon' }, 'afterSecs'],
    [{ beforeId: 'x' }, 'beforeId'],
    [{ afterId: '' + 2 ** 40 }, 'afterId'],
    [{ hasResponse: 'maybe' }, 'hasResponse'],
    [{ withErrors: 'yes please' }, 'withErrors'],
    [{ durationLongerThan: 'soon' }, 'durationLongerThan'],
    [{ durationLessThan: '5' }, 'durationLessThan'],
    [{ ids: '1,x' }, 'ids[1]'],
    [{ enableSessionTracking: 'on' }, 'enableSessionTracking'],
  ])('refuses %j with 400 naming %s', async (query, field) => {
    const res = await h.logs(query as HttpInit['query']);
    expectError(res, 400);
    expect(fieldNames(res)).toEqual([field]);
  });
});

describe('Enable*Tracking', () => {
  it('EnableSessionTracking switches session tracking and says so', async () => {
    const on = await h.logs({ enableSessionTracking: true, take: 1 });
    expectStatus(on, 200);
    expect(on.json.responseStatus.message).toMatch(/session tracking is now on/i);
    expect(on.json.responseStatus.meta.enableSessionTracking).toBe('true');
    const tracked = await logged('ProjectGetRequest', { projectId: 1 });
    const [e] = await entries({ ids: tracked });
    expect(e.session).toBeDefined();
    expect(e.session.userAuthId ?? e.session.userAuthName).toBe('pm');
    expect(JSON.stringify(e.session)).not.toContain(pm.sessionKey);

    const off = await h.logs({ EnableSessionTracking: false, take: 1 });
    expect(off.json.responseStatus.message).toMatch(/session tracking is now off/i);
    expect(off.json.responseStatus.meta.enableSessionTracking).toBe('false');
    const untracked = await logged('ProjectGetRequest', { projectId: 1 });
    const [u] = await entries({ ids: untracked });
    expect(u.session).toBeUndefined();
  });

  it('EnableErrorTracking switches error replies off; WithErrors still finds the failures', async () => {
    const off = await h.logs({ enableErrorTracking: false });
    expect(off.json.responseStatus.message).toMatch(/error tracking is now off/i);
    expect(off.json.responseStatus.meta.enableErrorTracking).toBe('false');
    const failed = await logged('ProjectGetRequest', { projectId: 987_654 });
    const on = await h.logs({ enableErrorTracking: true });
    expect(on.json.responseStatus.message).toMatch(/error tracking is now on/i);
    const [e] = await entries({ ids: failed });
    expect(e.errorResponse).toBeUndefined();
    expect(idsOf(await entries({ withErrors: true, ids: failed }))).toEqual([failed]);
    const again = await logged('ProjectGetRequest', { projectId: 987_654 });
    const [f] = await entries({ ids: again });
    expect(f.errorResponse.responseStatus.errorCode).toBe('NotFound');
  });

  it('EnableResponseTracking says so in the message', async () => {
    const off = await h.logs({ enableResponseTracking: false, take: 1 });
    expect(off.json.responseStatus.message).toMatch(/response tracking is now off/i);
    const on = await h.logs({ enableResponseTracking: true, take: 1 });
    expect(on.json.responseStatus.message).toMatch(/response tracking is now on/i);
    expect(on.json.responseStatus.meta).toEqual({
      enableSessionTracking: 'false',
      enableResponseTracking: 'true',
      enableErrorTracking: 'true',
    });
  });

  it('reports the current switches without a message when nothing changes', async () => {
    const res = await h.logs({ take: 1 });
    expect(res.json.responseStatus.message).toBeUndefined();
    expect(res.json.responseStatus.meta.enableResponseTracking).toBe('true');
  });

  it('lets no non-admin switch tracking', async () => {
    const res = await h.logs({ enableResponseTracking: false }, { apiKey: pm.apiKey });
    expectError(res, 403, 'Forbidden');
    const now = await h.logs({ take: 1 });
    expect(now.json.responseStatus.meta.enableResponseTracking).toBe('true');
  });
});

describe('masking', () => {
  const SECRET = 'Zebra-Quartz-9137!';
  const SECRET_QS = 'Velvet-Harbor-4420';
  const SECRET_FORM = 'Copper-Lantern-7781';
  const SECRET_BODY = 'Granite-Meadow-0666';

  it('stores no password and no session key or API key anywhere in the log', async () => {
    // Sign-ins: wrong and right passwords, as JSON, as a form and in the query string.
    await h.call('InternalUserAuthenticationRequest', { userName: 'pm', password: SECRET });
    await h.post('/api/internal/authenticateuser', {}, { query: { userName: 'pm', password: SECRET_QS } });
    await h.post('/json/reply/InternalUserAuthenticationRequest', `userName=pm&password=${SECRET_FORM}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const fresh = await h.signIn('pm');
    const key = fresh.sessionKey;
    // The key in every place a client may put it.
    await h.call('ProjectGetRequest', { authSessionKey: key, projectId: 1 });
    await h.call('ProjectGetRequest', { AuthSessionKey: key, ProjectId: 1 });
    await h.post('/api/internal/project/get', { projectId: 1 }, { query: { authSessionKey: key } });
    await h.post('/api/internal/project/get', `authSessionKey=${key}&projectId=1`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await h.post('/api/internal/project/get', `{ "authSessionKey" : "${key}", "projectId": 1 }`, {
      headers: { 'content-type': 'text/plain' },
    });
    await h.call(
      'ProjectGetRequest',
      { authSessionKey: key, projectId: 1, password: SECRET_BODY, apiKey: admin.apiKey },
      {
        headers: {
          authorization: `Bearer ${admin.apiKey}`,
          cookie: `ss-id=${key}`,
          'x-api-key': pm.apiKey,
        },
      },
    );
    // A bad request still carries the key.
    await h.call('ProjectGetRequest', { authSessionKey: key, projectId: 'abc' });
    // With session tracking on.
    await h.logs({ enableSessionTracking: true });
    await h.call('ProjectGetRequest', { authSessionKey: key, projectId: 1 });
    await h.logs({ enableSessionTracking: false });

    const res = await h.logs({ take: 10_000 });
    expectStatus(res, 200);
    const text = res.text;
    const leaks = (secret: string) => text.split(secret).length - 1;
    for (const secret of [SECRET, SECRET_QS, SECRET_FORM, SECRET_BODY])
      expect(leaks(secret), `password ${secret}`).toBe(0);
    const keys = {
      key,
      pmSession: pm.sessionKey,
      adminSession: admin.sessionKey,
      adminApiKey: admin.apiKey,
      pmApiKey: fresh.apiKey,
    };
    for (const [name, secret] of Object.entries(keys)) expect(leaks(secret), name).toBe(0);
    expect(text).toContain('***');
  });

  it('keeps neither body nor DTO of a sign-in, and masks the keys of its reply', async () => {
    const signIns = await entries({ pathInfo: '/api/internal/authenticateuser', take: 10_000 });
    expect(signIns.length).toBeGreaterThan(0);
    for (const e of signIns) {
      expect(e.requestBody).toBeUndefined();
      expect(e.requestDto).toBeUndefined();
      expect(e.formData).toBeUndefined();
    }
    const ok = signIns.find((e) => e.responseDto);
    expect(ok.responseDto.authSessionKey).toBe('***');
    expect(ok.responseDto.apiKey).toBe('***');
    expect(ok.userAuthId).toBe('pm');
    const form = await entries({ pathInfo: '/json/reply/InternalUserAuthenticationRequest' });
    expect(form[0].formData).toBeUndefined();
    expect(form[0].requestBody).toBeUndefined();
  });

  it('masks the key in bodies, DTOs, form data, URIs and headers', async () => {
    const all = await entries({ pathInfo: '/api/internal/project/get', take: 30 });
    const withQuery = all.find((e) => e.absoluteUri.includes('authSessionKey='));
    expect(withQuery.absoluteUri).toContain('authSessionKey=***');
    const form = all.find((e) => e.formData);
    expect(form.formData.authSessionKey).toBe('***');
    expect(form.requestBody).toContain('authSessionKey=***');
    const headers = all.find((e) => e.headers.authorization);
    expect(headers.headers.authorization).toBe('Bearer ***');
    expect(headers.headers.cookie).not.toMatch(/ss-id=[^*]/);
    expect(headers.headers['x-api-key']).toBe('***');
    expect(JSON.parse(headers.requestBody)).toMatchObject({
      authSessionKey: '***',
      password: '***',
      apiKey: '***',
    });
    for (const e of all) if (e.requestDto) expect(e.requestDto.authSessionKey).toBe('***');
  });

  it('masks a key whose property name is written with JSON escapes', async () => {
    const fresh = await h.signIn('pm');
    const raw = `{"auth\\u0053essionKey":"${fresh.sessionKey}","projectId":1}`;
    const res = await h.post('/api/internal/project/get', raw);
    expectStatus(res, 200); // the service did bind it: it is the session key
    const log = await h.logs({ take: 5 });
    const leaked = log.json.results.filter((e: Json) => JSON.stringify(e).includes(fresh.sessionKey));
    expect(
      leaked.map((e: Json) => ({ id: e.id, pathInfo: e.pathInfo, requestBody: e.requestBody })),
      'log entries holding the session key',
    ).toEqual([]);
  });
});

describe('masking in headers', () => {
  it('masks a key carried in the Referer URL', async () => {
    const fresh = await h.signIn('pm');
    await h.call(
      'ProjectGetRequest',
      { authSessionKey: fresh.sessionKey, projectId: 1 },
      { headers: { referer: `http://console.test/projects/1?authSessionKey=${fresh.sessionKey}` } },
    );
    const log = await h.logs({ take: 3 });
    const leaked = log.json.results.filter((e: Json) => JSON.stringify(e).includes(fresh.sessionKey));
    expect(
      leaked.map((e: Json) => ({ id: e.id, referer: e.referer, headerReferer: e.headers?.referer })),
      'log entries holding the session key',
    ).toEqual([]);
  });
});

describe('paging edge cases', () => {
  it('counts a negative Skip as 0 and gives nothing for Take 0 or below', async () => {
    const top = idsOf(await entries({ take: 3 }));
    expect(idsOf(await entries({ skip: -5, take: 3 }))).toEqual(top);
    expect(await entries({ take: 0 })).toEqual([]);
    expect(await entries({ take: -1 })).toEqual([]);
  });
});

describe('across a restart', () => {
  it('keeps the entries written just before the service stopped, and numbering goes on', async () => {
    const before = await lastId();
    // No query in between: the entry may still wait in the write batch when the service stops.
    await h.call(
      'ProjectGetRequest',
      { authSessionKey: pm.sessionKey, projectId: 2 },
      { headers: { referer: 'http://restart.test/' } },
    );
    await h.restart();
    const [e] = await entries({ referer: 'http://restart.test/' });
    expect(e).toBeDefined();
    expect(e.id).toBe(before + 1);
    await h.call('ProjectGetRequest', { authSessionKey: pm.sessionKey, projectId: 1 });
    expect(await lastId()).toBe(before + 2);
  });

  it('starts again with the configured tracking switches (they change the running service only)', async () => {
    await h.logs({ enableSessionTracking: true });
    await h.restart();
    const res = await h.logs({ take: 1 });
    expect(res.json.responseStatus.meta.enableSessionTracking).toBe('false');
  });
});

describe('retention', () => {
  // Retention keeps 1 - REQUEST_LOG_ANON_PERCENT (90 %) of the rows for authenticated requests, 10 % for anonymous.
  it('keeps a rolling window of the newest rows', async () => {
    const small = await Harness.start({ logRetention: 1000 });
    try {
      await small.session('admin');
      const now = Date.now();
      for (let i = 0; i < 5_000; i++) {
        small.service.app.log.add(requestFacts(small.url, '/test/r', now, 1, 'pm'));
      }
      await small.as('pm', 'ProjectGetRequest', { projectId: 1 });
      const res = await small.logs({ take: 10_000 });
      expectStatus(res, 200);
      const list = idsOf(res.json.results);
      const newest = list[0];
      expect(res.json.results[0].pathInfo).toBe('/api/internal/project/get');
      // The window may run over by the slack (1,000) before it is trimmed, never more.
      expect(list.length).toBeGreaterThanOrEqual(900);
      expect(list.length).toBeLessThanOrEqual(900 + 1_000);
      expect(Math.min(...list)).toBeGreaterThan(newest - 2_000);
      expect(list).not.toContain(1);
    } finally {
      await small.close();
    }
  });

  it('keeps anonymous rows to their own share, and they never push out an authenticated row', async () => {
    const small = await Harness.start({ logRetention: 1000 });
    try {
      const now = Date.now();
      for (let i = 0; i < 50; i++)
        small.service.app.log.add(requestFacts(small.url, '/test/kept', now, 1, 'pm'));
      for (let i = 0; i < 20_000; i++)
        small.service.app.log.add(requestFacts(small.url, '/test/anon', now, 1));
      const kept = await small.logs({ pathInfo: '/test/kept', take: 100 });
      expect(kept.json.results).toHaveLength(50);
      const anon = await small.logs({ pathInfo: '/test/anon', take: 10_000 });
      // 10 % of 1,000, with the slack of 1,000 a burst may run over by.
      expect(anon.json.results.length).toBeGreaterThanOrEqual(100);
      expect(anon.json.results.length).toBeLessThanOrEqual(100 + 1_000);
    } finally {
      await small.close();
    }
  });
});

describe('idle trimming', () => {
  it('deletes rows over retention once the writer is idle, and waits while the log is read', () => {
    vi.useFakeTimers();
    const db = openDatabase(':memory:');
    try {
      const writer = createWriter(db, 100);
      const count = () => (db.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n;
      const row = (i: number) => [
        i,
        'GET',
        null,
        '/t',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        0,
        1,
        0, // authenticated: 90 of the 100 rows of retention
      ];
      writer.write(Array.from({ length: 600 }, (_, i) => row(i)));
      expect(count()).toBe(600); // over retention by less than the slack: nothing deleted while writing
      vi.advanceTimersByTime(900);
      writer.reading(); // a query of the log: the writer is not idle yet
      vi.advanceTimersByTime(900);
      expect(count()).toBe(600);
      vi.advanceTimersByTime(200);
      expect(count()).toBe(90);
      writer.stop();
    } finally {
      db.close();
      vi.useRealTimers();
    }
  });
});

describe('Take limit', () => {
  it('answers up to 10,000 rows and refuses a larger Take with 400 TooMany (issue 16)', async () => {
    const now = Date.now();
    for (let i = 0; i < 10_050; i++) {
      h.service.app.log.add(requestFacts(h.url, '/test/bulk', now, 1));
    }
    const res = await h.logs({ take: 10_000 });
    expectStatus(res, 200);
    expect(res.json.results).toHaveLength(10_000);
    for (const take of [10_001, 20_000, 2_000_000]) {
      const refused = await h.logs({ take });
      expectStatus(refused, 400);
      expect(refused.json.responseStatus.errorCode, `take=${take}`).toBe('TooMany');
      expect(refused.json.responseStatus.errors[0].fieldName).toBe('take');
    }
  });
});
