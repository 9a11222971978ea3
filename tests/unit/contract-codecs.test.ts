import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  camelCase,
  decodeLenient,
  decodeStrict,
  encode,
  formatDateTime,
  formatTimeSpan,
  parseDateTime,
  parseTimeSpan,
  stringifyWire,
} from '../../src/contract/codecs';
import { OpenIssue, Project, RequestLogEntry } from '../../src/contract/dtos';
import { operations } from '../../src/contract/operations';

describe('camelCase (rule 6)', () => {
  it.each([
    ['UserName', 'userName'],
    ['CCUserList', 'ccUserList'],
    ['CSI', 'csi'],
    ['CSIName', 'csiName'],
    ['ID', 'id'],
    ['DocumentCSI', 'documentCSI'],
    ['LinkedIssueFolderID', 'linkedIssueFolderID'],
    ['ExtDriveOrgID', 'extDriveOrgID'],
    ['APIKey', 'apiKey'],
    ['IpAddress', 'ipAddress'],
    ['Email', 'email'],
    ['referencedDocuments', 'referencedDocuments'],
    ['Is2Tier', 'is2Tier'],
    ['Subc1Name', 'subc1Name'],
  ])('%s → %s', (pascal, camel) => expect(camelCase(pascal)).toBe(camel));

  it('every declared field is its own camelCase (declared the way rule 6 writes it)', () => {
    for (const op of Object.values(operations)) {
      for (const schema of [op.request, op.response]) {
        for (const key of Object.keys(schema.fields)) {
          const pascal = key[0].toUpperCase() + key.slice(1);
          if (key === 'referencedDocuments' || key === 'errorCode') continue;
          expect([camelCase(pascal), key]).toContain(key);
        }
      }
    }
  });
});

describe('DateTime', () => {
  it('reads every wire form', () => {
    expect(parseDateTime('/Date(1700000000000)/')?.getTime()).toBe(1700000000000);
    expect(parseDateTime('/Date(1700000000000-0000)/')?.getTime()).toBe(1700000000000);
    expect(parseDateTime('/Date(1700000000000+0200)/')?.getTime()).toBe(1700000000000);
    expect(parseDateTime('/Date(1700000000000-0500)/')?.getTime()).toBe(1700000000000);
    expect(parseDateTime('/Date(-86400000)/')?.toISOString()).toBe('1969-12-31T00:00:00.000Z');
    expect(parseDateTime('2026-11-01T10:00:00Z')?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(parseDateTime('2026-11-01T10:00:00.5+01:00')?.toISOString()).toBe('2026-11-01T09:00:00.500Z');
    expect(parseDateTime('2026-11-01')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const text of ['', 'abc', '/Date()/', '/Date(12a)/', '11/01/2026', '2026-13-45']) {
      expect(parseDateTime(text)).toBeUndefined();
    }
  });

  it('writes /Date(ms-0000)/ and escapes the slashes in JSON text', () => {
    const d = new Date(1700000000000);
    expect(formatDateTime(d)).toBe('/Date(1700000000000-0000)/');
    expect(stringifyWire({ d: formatDateTime(d) })).toBe('{"d":"\\/Date(1700000000000-0000)\\/"}');
    expect(JSON.parse(stringifyWire({ d: formatDateTime(d) })).d).toBe('/Date(1700000000000-0000)/');
  });

  it('round-trips write → JSON text → read for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8_640_000_000_000, max: 8_640_000_000_000 }), (ms) => {
        const text = stringifyWire({ d: formatDateTime(new Date(ms)) });
        expect(parseDateTime(JSON.parse(text).d)?.getTime()).toBe(ms);
      }),
    );
  });
});

describe('TimeSpan', () => {
  it.each([
    ['PT0.0123S', 12.3],
    ['PT1H2M3S', 3_723_000],
    ['P1DT2H', 93_600_000],
    ['-PT1S', -1000],
    ['PT0S', 0],
    ['P1D', 86_400_000],
    ['PT1H2M', 3_720_000],
  ])('reads %s', (text, ms) => expect(parseTimeSpan(text)).toBeCloseTo(ms, 6));

  it.each([
    [12.3, 'PT0.0123S'],
    [3_723_000, 'PT1H2M3S'],
    [93_600_000, 'P1DT2H'],
    [-1000, '-PT1S'],
    [0, 'PT0S'],
    [3_720_000, 'PT1H2M'],
  ])('writes %s ms as %s', (ms, text) => expect(formatTimeSpan(ms)).toBe(text));

  it('refuses what is not a duration', () => {
    for (const text of ['', 'P', 'PT', '1S', 'PTS', 'P1H', 'abc', '-P'])
      expect(parseTimeSpan(text)).toBeUndefined();
  });

  it('round-trips any whole number of ticks', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (ticks) => {
        const ms = ticks / 10_000;
        expect(parseTimeSpan(formatTimeSpan(ms))).toBeCloseTo(ms, 4);
      }),
    );
  });
});

describe('schema codecs', () => {
  it('lenient decode turns dates into Date and keeps odd values and unknown fields', () => {
    const decoded = decodeLenient(Project, {
      ProjectId: 1,
      startDate: '/Date(1700000000000-0000)/',
      endDate: 'not a date',
      address: { line1: '1 Main St', city: null },
      extra: 'kept',
    }) as Record<string, unknown>;
    expect(decoded.projectId).toBe(1);
    expect(decoded.startDate).toEqual(new Date(1700000000000));
    expect(decoded.endDate).toBe('not a date');
    expect(decoded.address).toEqual({ line1: '1 Main St' });
    expect(decoded.extra).toBe('kept');
    const entry = decodeLenient(RequestLogEntry, { requestDuration: 'PT0.5S', requestDto: { __type: 'X' } });
    expect(entry).toEqual({ requestDuration: 500, requestDto: { __type: 'X' } });
  });

  it('strict decode binds case-insensitively, coerces numeric text, and names bad fields by path', () => {
    const req = operations.OpenIssueUpdateRequest.request;
    const ok = decodeStrict(req, { OpenIssue: { FolderId: '12', Subject: 'Beam size', CostImpact: 'true' } });
    expect(ok.errors).toEqual([]);
    expect(ok.value).toEqual({ openIssue: { folderId: 12, subject: 'Beam size', costImpact: true } });
    const bad = decodeStrict(req, { openIssue: { folderId: 'abc', ccUserList: [1, 'x'], statusId: 1.5 } });
    expect(bad.errors.map((e) => e.fieldName)).toEqual([
      'openIssue.folderId',
      'openIssue.ccUserList[1]',
      'openIssue.statusId',
    ]);
    expect(decodeStrict(req, { openIssue: [] }).errors[0].fieldName).toBe('openIssue');
    expect(decodeStrict(operations.FolderGetRequest.request, { folderId: 2 ** 40 }).errors[0].errorCode).toBe(
      'OutOfRange',
    );
  });

  it('encode writes dates and durations, drops nulls, keeps 0, false and []', () => {
    const out = encode(OpenIssue, {
      folderId: 0,
      costImpact: false,
      ccUserList: [],
      subject: undefined,
      statusId: null,
    });
    expect(out).toEqual({ folderId: 0, costImpact: false, ccUserList: [] });
    expect(encode(RequestLogEntry, { dateTime: new Date(5), requestDuration: 1500 })).toEqual({
      dateTime: '/Date(5-0000)/',
      requestDuration: 'PT1.5S',
    });
  });
});

describe('operations table', () => {
  it('has the 20 operations with the exact paths of the interface', () => {
    const paths = Object.fromEntries(Object.entries(operations).map(([n, o]) => [n, o.path]));
    expect(Object.keys(paths)).toHaveLength(20);
    expect(paths.SubmittalUpdateRequest).toBe('/api/internal/submittal/Update');
    expect(paths.DocumentsReadInFolderRequest).toBe('/api/internal/document/documentsreadInfolder');
    expect(paths.RequestLogs).toBe('/requestlogs');
    for (const [name, op] of Object.entries(operations)) {
      expect(op.name).toBe(name);
      if (name !== 'RequestLogs') expect(op.path.startsWith('/api/internal/')).toBe(true);
      const hasSession = 'authSessionKey' in op.request.fields;
      expect(hasSession).toBe(op.auth === 'session');
    }
  });
});
