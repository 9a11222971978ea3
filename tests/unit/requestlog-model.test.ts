import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/contract/dtos';
import { errorInfo, formatDuration, operationOf } from '../../src/features/requestlog/model/entry';
import { toCsv, toCurl } from '../../src/features/requestlog/model/export';
import { maskDeep, maskHeaders } from '../../src/features/requestlog/model/masking';
import { nextCursor, parseTrail, writeTrail } from '../../src/features/requestlog/model/paging';
import {
  filtersOf,
  parseLogQuery,
  toRequest,
  writeLogQuery,
} from '../../src/features/requestlog/model/query';
import { durationStats, pathStats, percentile, timeline } from '../../src/features/requestlog/model/stats';

const entry = (e: Partial<RequestLogEntry>): RequestLogEntry => e as RequestLogEntry;

describe('query in the URL', () => {
  it('reads every parameter, in any case, and writes them back in PascalCase', () => {
    const url = new URLSearchParams(
      'beforesecs=900&AfterSecs=60&IpAddress=10.0.0.1&ForwardedFor=1.2.3.4&UserAuthId=pm&SessionId=sess-1' +
        '&Referer=http://x/&PathInfo=/api/internal/folder/get&Ids=3,%204,x,5&BeforeId=40&AfterId=2' +
        '&HasResponse=true&WithErrors=false&Skip=10&Take=20&DurationLongerThan=PT0.5S&DurationLessThan=PT2S' +
        '&entry=7',
    );
    const q = parseLogQuery(url);
    expect(q).toEqual({
      beforeSecs: 900,
      afterSecs: 60,
      ipAddress: '10.0.0.1',
      forwardedFor: '1.2.3.4',
      userAuthId: 'pm',
      sessionId: 'sess-1',
      referer: 'http://x/',
      pathInfo: '/api/internal/folder/get',
      ids: [3, 4, 5],
      beforeId: 40,
      afterId: 2,
      hasResponse: true,
      withErrors: false,
      skip: 10,
      take: 20,
      durationLongerThan: 500,
      durationLessThan: 2000,
    });
    const out = writeLogQuery(q, url);
    expect(out.get('BeforeSecs')).toBe('900');
    expect(out.get('beforesecs')).toBeNull();
    expect(out.get('Ids')).toBe('3,4,5');
    expect(out.get('DurationLongerThan')).toBe('PT0.5S');
    expect(out.get('entry')).toBe('7');
    expect(parseLogQuery(out)).toEqual(q);
  });

  it('drops values that do not parse and caps Take', () => {
    const q = parseLogQuery(
      new URLSearchParams('BeforeSecs=-1&Take=99999&WithErrors=yes&DurationLongerThan=soon&BeforeId=1e3'),
    );
    expect(q).toEqual({ take: 10_000 });
  });

  it('filters leave out the cursor and paging; the request has the same fields', () => {
    const q = { pathInfo: '/a', beforeId: 5, skip: 1, take: 2 };
    expect(filtersOf(q)).toEqual({ pathInfo: '/a' });
    expect(toRequest(q)).toEqual(q);
  });

  it('keeps the trail of pages, the newest as "-"', () => {
    expect(writeTrail([undefined, 90, 40])).toBe('-.90.40');
    expect(parseTrail('-.90.40')).toEqual([undefined, 90, 40]);
    expect(parseTrail(null)).toEqual([]);
  });

  it('pages below the last id', () => {
    expect(nextCursor([entry({ id: 9 }), entry({ id: 7 })])).toBe(6);
    expect(nextCursor([entry({ id: 1 })])).toBeUndefined();
    expect(nextCursor([])).toBeUndefined();
  });
});

describe('entries', () => {
  it('reads the error code and field errors of a logged error, in any case of the names', () => {
    const e = entry({
      errorResponse: {
        UiErrorMessage: 'Bad',
        ResponseStatus: { ErrorCode: 'InvalidValue', Errors: [{ FieldName: 'folderId', Message: 'no' }] },
      },
    });
    expect(errorInfo(e)).toEqual({
      errorCode: 'InvalidValue',
      message: 'Bad',
      fieldErrors: [{ fieldName: 'folderId', message: 'no', errorCode: undefined }],
    });
    expect(errorInfo(entry({ errorResponse: 'odd' }))).toEqual({ fieldErrors: [] });
    expect(errorInfo(entry({ errorResponse: { __type: 'X' } })).errorCode).toBe('Error');
  });

  it('finds the operation from items or the reply route', () => {
    expect(operationOf(entry({ items: { operation: 'FolderGetRequest' } }))).toBe('FolderGetRequest');
    expect(operationOf(entry({ pathInfo: '/json/reply/ProjectGetRequest' }))).toBe('ProjectGetRequest');
    expect(operationOf(entry({ pathInfo: '/api/internal/x' }))).toBeUndefined();
  });

  it('writes durations in human units', () => {
    expect(formatDuration(0.84)).toBe('840 µs');
    expect(formatDuration(4.391)).toBe('4.39 ms');
    expect(formatDuration(82.71)).toBe('82.7 ms');
    expect(formatDuration(397)).toBe('397 ms');
    expect(formatDuration(1240)).toBe('1.24 s');
    expect(formatDuration(123_000)).toBe('2 min 3 s');
    expect(formatDuration(undefined)).toBe('—');
  });

  it('masks secrets that slipped through', () => {
    expect(maskHeaders({ Authorization: 'Bearer k', Cookie: 'a=b', accept: '*/*' })).toEqual([
      ['Authorization', '***'],
      ['Cookie', '***'],
      ['accept', '*/*'],
    ]);
    expect(
      maskDeep({ authSessionKey: 'k', nested: [{ password: 'p', apiKey: 'a', name: 'n' }], __type: 'T' }),
    ).toEqual({
      authSessionKey: '***',
      nested: [{ password: '***', apiKey: '***', name: 'n' }],
      __type: 'T',
    });
  });
});

describe('overview', () => {
  const at = (min: number, sec = 0) => new Date(Date.UTC(2026, 0, 1, 10, min, sec));
  const rows = [
    entry({ id: 5, dateTime: at(3), pathInfo: '/b', requestDuration: 100, errorResponse: {} }),
    entry({ id: 4, dateTime: at(3, 10), pathInfo: '/a', requestDuration: 3 }),
    entry({ id: 3, dateTime: at(1), pathInfo: '/a', requestDuration: 1.5, errorResponse: {} }),
    entry({ id: 2, dateTime: at(0, 59), pathInfo: '/a', requestDuration: 0.5 }),
    entry({ id: 1, pathInfo: '/c' }),
  ];

  it('takes nearest-rank percentiles', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(v, 50)).toBe(50);
    expect(percentile(v, 95)).toBe(95);
    expect(percentile(v, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });

  it('counts requests per minute split by errors, empty minutes filled', () => {
    expect(timeline(rows).map((b) => [b.ok, b.errors])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
      [1, 1],
    ]);
    expect(timeline([])).toEqual([]);
  });

  it('bins durations and trims empty bins', () => {
    const s = durationStats(rows);
    expect(s.count).toBe(4);
    expect(s.bins.map((b) => [b.upTo, b.count])).toEqual([
      [1, 1],
      [2, 1],
      [5, 1],
      [10, 0],
      [20, 0],
      [50, 0],
      [100, 0],
      [200, 1],
    ]);
    expect(s.p50).toBe(1.5);
    expect(s.p99).toBe(100);
  });

  it('ranks the slowest and the most failing paths', () => {
    const { slowest, failing } = pathStats(rows);
    expect(slowest.map((s) => s.path)).toEqual(['/b', '/a', '/c']);
    expect(failing.map((s) => [s.path, s.errors, s.count])).toEqual([
      ['/a', 1, 3],
      ['/b', 1, 1],
    ]);
  });
});

describe('export', () => {
  it('writes CSV with quoting and formula-safe cells', () => {
    const csv = toCsv([
      entry({
        id: 1,
        dateTime: new Date('2026-01-01T00:00:00Z'),
        httpMethod: 'POST',
        pathInfo: '/a,b',
        userAuthId: '=cmd()',
        requestDuration: 1.23456,
        errorResponse: { responseStatus: { errorCode: 'NotFound' } },
      }),
    ]);
    const [head, line] = csv.trim().split('\r\n');
    expect(head).toBe(
      'Id,DateTime,HttpMethod,PathInfo,UserAuthId,IpAddress,ForwardedFor,SessionId,Referer,DurationMs,Error,ErrorCode',
    );
    expect(line).toBe(`1,2026-01-01T00:00:00.000Z,POST,"/a,b",'=cmd(),,,,,1.235,true,NotFound`);
  });

  it('copies as curl without any secret, the session key left to the shell', () => {
    const curl = toCurl(
      entry({
        httpMethod: 'POST',
        absoluteUri: 'http://h/api/internal/project/get',
        headers: { host: 'h', authorization: 'Bearer x', 'content-type': 'application/json', 'x-o': "it's" },
        requestBody: '{"AuthSessionKey":"***","ProjectId":1}',
      }),
    );
    expect(curl).toBe(
      [
        "curl -X POST 'http://h/api/internal/project/get'",
        "  -H 'content-type: application/json'",
        "  -H 'x-o: it'\\''s'",
        `  --data-raw '{"AuthSessionKey":"'"$PM_SESSION_KEY"'","ProjectId":1}'`,
      ].join(' \\\n'),
    );
  });
});
