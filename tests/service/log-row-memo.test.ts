// The writer's memo of rows (server/core/log-row.ts, `memoRow`): a repeated request's row is the earlier one with
// its own date and duration. Property: for any facts, in any order and repeated, `memoRow` gives exactly the row
// `logRow` builds — secrets masked and scrubbed the same way — and two requests that differ in any fact but the
// date and the duration never share a row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  logRow,
  memoRow,
  sameRequestKey,
  TRACK_ERROR,
  TRACK_RESPONSE,
  TRACK_SESSION,
  type LogFacts,
} from '../../server/core/log-row';

const secret = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/);
const word = fc.stringMatching(/^[a-z]{1,8}$/);

/** Facts as the request path hands them over, from a small alphabet so that repeats happen. */
const facts: fc.Arbitrary<LogFacts> = fc
  .record({
    date: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
    duration: fc.double({ min: 0, max: 5000, noNaN: true }),
    tracking: fc.integer({ min: 0, max: TRACK_SESSION | TRACK_RESPONSE | TRACK_ERROR }),
    operation: fc.constantFrom('OpenIssueRead', 'ProjectGet', 'AuthenticateUser', null),
    logBody: fc.boolean(),
    errorStatus: fc.constantFrom(null, null, 400, 401, 404, 413),
    method: fc.constantFrom('POST', 'GET'),
    url: fc.constantFrom(
      '/api/internal/openissue/read',
      '/api/internal/project/get?projectId=1',
      '/json/reply/ProjectGetRequest?password=hunter2hunter2',
    ),
    ip: fc.constantFrom('127.0.0.1', '10.0.0.7', undefined),
    key: fc.constantFrom('k'.repeat(43), 'K'.repeat(43)),
    other: secret,
    agent: fc.constantFrom('autocannon', 'Mozilla/5.0'),
    authorization: fc.option(secret, { nil: undefined }),
    referer: fc.option(fc.constantFrom('http://localhost/projects/1', 'http://x/?token=abcdefgh1234'), {
      nil: undefined,
    }),
    field: word,
    user: fc.constantFrom(null, 'pm', 'admin'),
    fullName: fc.constantFrom(null, 'Pat Manager'),
    isAdmin: fc.boolean(),
    sessionKey: fc.constantFrom(null, 'k'.repeat(43), 'S'.repeat(43)),
    protocol: fc.constantFrom('http', 'https'),
    host: fc.constantFrom('127.0.0.1:3000', 'pm.example.com'),
    bodyParsed: fc.boolean(),
    jsonLength: fc.constantFrom(null, 20_000),
    json: fc.option(fc.constantFrom('{"a":1}', '{"password":"abcdefgh1234"}'), { nil: null }),
    bodyNote: fc.option(fc.constantFrom('[unparsed text/xml body, 12 bytes]'), { nil: undefined }),
    signInName: fc.option(fc.constantFrom('pm', 'admin', 'root'), { nil: undefined }),
  })
  .map((r) => {
    const body = { authSessionKey: r.key, folderId: 101, note: r.field, password: r.other };
    const raw = JSON.stringify(body);
    const headers: Record<string, string | string[] | undefined> = {
      host: '127.0.0.1:3000',
      'content-type': 'application/json',
      'content-length': String(raw.length),
      'user-agent': r.agent,
      authorization: r.authorization && `Bearer ${r.authorization}`,
      referer: r.referer,
    };
    const query = r.url.includes('?') ? Object.fromEntries(new URLSearchParams(r.url.split('?')[1])) : null;
    return [
      r.date,
      r.duration,
      r.tracking,
      r.operation,
      r.logBody,
      r.errorStatus,
      r.method,
      r.protocol,
      r.host,
      r.url,
      r.ip,
      headers,
      query,
      raw,
      r.bodyParsed,
      body,
      r.user,
      r.fullName,
      r.isAdmin,
      r.sessionKey,
      r.json,
      r.json && r.jsonLength,
      r.bodyNote,
      r.signInName,
    ] satisfies LogFacts;
  });

describe('the memo of log rows', () => {
  it('gives the row logRow builds, for repeated and new requests alike', () => {
    fc.assert(
      fc.property(fc.array(facts, { minLength: 1, maxLength: 40 }), (batch) => {
        // Each request twice: the second time (a later date and duration) from the memo.
        for (const f of [...batch, ...batch.map((f) => [f[0] + 1000, f[1] + 1, ...f.slice(2)] as LogFacts)]) {
          expect(memoRow(f)).toEqual(logRow(f));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never answers a request with the row of one that differs in a single fact', () => {
    fc.assert(
      fc.property(facts, facts, fc.integer({ min: 2, max: 23 }), (a, b, i) => {
        const changed = [...a] as LogFacts;
        (changed as unknown[])[i] = b[i];
        memoRow(a);
        expect(memoRow(changed)).toEqual(logRow(changed));
      }),
      { numRuns: 2000 },
    );
  });

  it('keys two requests alike only when every fact but the date and the duration is', () => {
    fc.assert(
      fc.property(facts, facts, (a, b) => {
        const same = JSON.stringify(a.slice(2)) === JSON.stringify(b.slice(2));
        expect(sameRequestKey(a) === sameRequestKey(b)).toBe(same);
      }),
      { numRuns: 500 },
    );
  });

  it('tells a request without a DTO from one whose DTO is null', () => {
    const f = (dto: unknown) =>
      [
        1,
        1,
        0,
        'ProjectGet',
        true,
        null,
        'POST',
        'http',
        'h',
        '/api/internal/project/get',
        undefined,
        {},
        null,
        'null',
        true,
        dto,
        null,
        null,
        false,
        null,
        null,
        null,
      ] satisfies LogFacts;
    expect(sameRequestKey(f(undefined))).not.toBe(sameRequestKey(f(null)));
    expect(memoRow(f(null))).toEqual(logRow(f(null)));
    expect(memoRow(f(undefined))).toEqual(logRow(f(undefined)));
  });
});
