// Bad input gets 4xx, never 5xx (docs/service.md#errors, with its limits): per operation a field error naming the
// field, a 404 for an unknown id; then malformed JSON, wrong types in every field of every operation, bodies that
// are not objects, huge bodies, unknown operations, odd methods and content types — looped over all 20 operations.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationNames, operationPath, operations, type OperationName } from '../../src/contract/operations';
import type { ObjectSchema, Schema } from '../../src/contract/schema';
import { sessionCases } from './cases';
import {
  expectError,
  expectStatus,
  fieldNames,
  useHarness,
  useSeedIds,
  type Credentials,
  type HttpResult,
  type SeedIds,
} from './harness';

const h = useHarness();
const ids = useSeedIds(h);
let pm: Credentials;
let admin: Credentials;

beforeAll(async () => {
  pm = await h.session('pm');
  admin = await h.session('admin');
});

const ALL_STYLES = ['internal', 'reply'] as const;

/** Headers and session fields that let a request through authentication. */
function authFor(name: OperationName): { body: Record<string, unknown>; headers: Record<string, string> } {
  const auth = operations[name].auth;
  if (auth === 'session') return { body: { authSessionKey: pm.sessionKey }, headers: {} };
  if (auth === 'admin') return { body: {}, headers: { authorization: `Bearer ${admin.apiKey}` } };
  return { body: {}, headers: {} };
}

function expectNo5xx(res: HttpResult, what: string) {
  if (res.status >= 500) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 800)}`);
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
}

describe('field errors and unknown ids, per operation', () => {
  it.each(sessionCases.map((c) => [c.name, c] as const))('%s: 400 naming the bad field', async (_name, c) => {
    for (const style of ALL_STYLES) {
      const res = await h.as('pm', c.name, c.bad.body(ids), { style });
      const rs = expectError(res, 400);
      expect(fieldNames(res)).toEqual([c.bad.fieldName]);
      expect(res.json.errorOccured).toBe(true);
      expect(rs.errors[0].message).toEqual(expect.any(String));
      expect(rs.errors[0].errorCode).toEqual(expect.any(String));
      expect(res.json.uiErrorMessage).toEqual(expect.any(String));
    }
  });

  it.each(sessionCases.filter((c) => c.missing).map((c) => [c.name, c] as const))(
    '%s: 400 naming the missing id',
    async (_name, c) => {
      const res = await h.as('pm', c.name, c.missing!.body);
      expectError(res, 400);
      expect(fieldNames(res)).toEqual([c.missing!.fieldName]);
    },
  );

  it.each(sessionCases.map((c) => [c.name, c] as const))(
    '%s: 404 NotFound for an unknown id',
    async (_name, c) => {
      const res = await h.as('pm', c.name, c.unknown());
      const rs = expectError(res, 404, 'NotFound');
      expect(res.json.errorOccured).toBe(true);
      expect(rs.message).toEqual(expect.any(String));
    },
  );

  it('InternalUserAuthenticationRequest: 400 naming a badly typed field', async () => {
    const res = await h.call('InternalUserAuthenticationRequest', { userName: 'pm', password: ['pm'] });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual(['password']);
  });

  it('RequestLogs: 400 naming a badly typed parameter; unknown ids are simply not found', async () => {
    const bad = await h.logs({ take: 'many' });
    expectError(bad, 400);
    expect(fieldNames(bad)).toEqual(['take']);
    const none = await h.logs({ ids: 987_654 });
    expectStatus(none, 200);
    expect(none.json.results).toEqual([]);
  });

  it('answers 404 for an id of the wrong kind', async () => {
    const cases: [OperationName, Record<string, unknown>][] = [
      ['OpenIssueReadRequest', { folderId: ids.meetingFolderId }],
      ['OpenIssueReadRecipientsRequest', { folderId: ids.rootFolderId }],
      ['MeetingReadRequest', { folderId: ids.rfiFolderIds[0] }],
      ['MeetingMinutesReadByMeetingRequest', { folderId: ids.submittalItemFolderId }],
      ['SubmittalItemReadAttachmentsRequest', { folderId: ids.submittalPackageFolderIds[0] }],
      ['SubmittalUpdateRequest', { submittal: { folderId: ids.submittalItemFolderId } }],
      ['OpenIssueUpdateRequest', { openIssue: { folderId: ids.meetingFolderId, subject: 'x' } }],
    ];
    for (const [name, body] of cases) {
      const res = await h.as('pm', name, body);
      expect(res.status, `${name} ${JSON.stringify(body)}: ${res.text.slice(0, 300)}`).toBe(404);
    }
  });

  it('answers 400 for ids that cannot exist (0, negative, beyond int32)', async () => {
    const zero = await h.as('pm', 'FolderGetRequest', { folderId: 0 });
    expectError(zero, 400);
    expect(fieldNames(zero)).toEqual(['folderId']);
    const huge = await h.as('pm', 'FolderGetRequest', { folderId: 2 ** 31 });
    expectError(huge, 400);
    expect(fieldNames(huge)).toEqual(['folderId']);
    const negative = await h.as('pm', 'FolderGetRequest', { folderId: -5 });
    expectNo5xx(negative, 'folderId -5');
    const infinite = await h.post(
      '/api/internal/folder/get',
      `{"authSessionKey":"${pm.sessionKey}","folderId":1e999}`,
    );
    expectError(infinite, 400);
    expect(fieldNames(infinite)).toEqual(['folderId']);
  });
});

/** A value of the wrong type for a schema. */
function wrongValue(schema: Schema): unknown {
  switch (schema.kind) {
    case 'int':
    case 'long':
    case 'decimal':
      return 'abc';
    case 'bool':
      return 'maybe';
    case 'string':
      return { text: 'not text' };
    case 'dateTime':
      return 'next tuesday';
    case 'timeSpan':
      return 'a while';
    case 'list':
    case 'dict':
    case 'object':
      return 'not a structure';
    case 'any':
      return undefined;
  }
}

/** [path, body fragment] for every field of a request, one level into its object and list fields. */
function wrongBodies(schema: ObjectSchema, base: (name: string) => Record<string, unknown>) {
  const out: [string, Record<string, unknown>][] = [];
  for (const [field, s] of Object.entries(schema.fields)) {
    if (field === 'authSessionKey') continue;
    const wrong = wrongValue(s);
    if (wrong === undefined) continue;
    out.push([field, { [field]: wrong }]);
    const nested = s.kind === 'list' ? s.of : s;
    if (nested.kind === 'object') {
      for (const [inner, is] of Object.entries(nested.fields)) {
        const w = wrongValue(is);
        if (w === undefined) continue;
        const value = { ...base(field), [inner]: w };
        if (s.kind === 'list') out.push([`${field}[1].${inner}`, { [field]: [base(field), value] }]);
        else out.push([`${field}.${inner}`, { [field]: value }]);
      }
    }
  }
  return out;
}

describe('wrong types in every field of every operation', () => {
  it.each(operationNames.map((n) => [n] as const))('%s', async (name) => {
    const op = operations[name];
    const auth = authFor(name);
    const base = (field: string): Record<string, unknown> =>
      field === 'punchlistList'
        ? { folderId: ids.punchListFolderId, summary: 'ok', tempItemId: 'wrong-types-base' }
        : field === 'openIssue'
          ? { folderId: ids.rfiFolderIds[0] }
          : field === 'submittal'
            ? { folderId: ids.submittalPackageFolderIds[0] }
            : field === 'folder'
              ? { folderId: ids.containers.documents }
              : field === 'document'
                ? { folderParentId: ids.documentFolderId, fileName: 'x.pdf' }
                : {};
    const bodies = wrongBodies(op.request, base);
    expect(bodies.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const [path, fragment] of bodies) {
      const res = await h.post(op.path, { ...auth.body, ...fragment }, { headers: auth.headers });
      if (res.status !== 400 || JSON.stringify(fieldNames(res)) !== JSON.stringify([path])) {
        failures.push(
          `${path}: HTTP ${res.status} fieldNames=${JSON.stringify(fieldNames(res))} ${res.text.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('malformed bodies never give 5xx', () => {
  const malformed: [string, string][] = [
    ['truncated JSON', '{"folderId": '],
    ['trailing comma', '{"folderId": 1,}'],
    ['single quotes', "{'folderId': 1}"],
    ['bare word', 'hello'],
    ['XML', '<FolderGetRequest><FolderId>1</FolderId></FolderGetRequest>'],
    ['NUL bytes', '{"folderId":\u0000 1}'],
    ['lone surrogate', '{"folderId": "\ud800"'],
  ];

  it.each(operationNames.map((n) => [n] as const))(
    '%s: 400 SerializationException for malformed JSON',
    async (name) => {
      const auth = authFor(name);
      for (const style of ALL_STYLES) {
        for (const [label, text] of malformed) {
          const res = await h.post(operationPath(name, style), text, { headers: auth.headers });
          const rs = expectError(res, 400, 'SerializationException');
          expect(res.headers.get('content-type'), label).toBe('application/json; charset=utf-8');
          expect(rs.stackTrace, label).toBeUndefined();
        }
      }
    },
  );

  it.each(operationNames.map((n) => [n] as const))(
    '%s: 400 for a body that is not an object',
    async (name) => {
      const auth = authFor(name);
      for (const text of [
        '[1,2,3]',
        '[]',
        '"a string"',
        '42',
        'true',
        'null',
        `[{"authSessionKey":"${pm.sessionKey}"}]`,
      ]) {
        const res = await h.post(operations[name].path, text, { headers: auth.headers });
        expectError(res, 400, 'SerializationException');
      }
    },
  );

  it.each(operationNames.map((n) => [n] as const))(
    '%s: deep nesting and odd keys stay 4xx or 200',
    async (name) => {
      const auth = authFor(name);
      const deep = '['.repeat(5000) + ']'.repeat(5000);
      const bodies = [
        `{"additionalInfo": ${deep}}`,
        `{"additionalInfo": [${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}]}`,
        '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}',
        `{"additionalInfo": [{"propertyName": "${'n'.repeat(10_000)}", "propertyValue": null}]}`,
        '{"": 1, "\\u0000": 2}',
      ];
      for (const text of bodies) {
        const res = await h.post(operations[name].path, text, {
          headers: { ...auth.headers, 'content-type': 'application/json' },
        });
        expect(res.status, `${name} ${text.slice(0, 60)}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      }
    },
  );
});

describe('huge bodies', () => {
  const twoMiB = JSON.stringify({
    additionalInfo: [{ propertyName: 'pad', propertyValue: 'x'.repeat(2 * 1024 * 1024) }],
  });

  it.each(operationNames.map((n) => [n] as const))('%s: 413 PayloadTooLarge for 2 MiB', async (name) => {
    for (const style of ALL_STYLES) {
      const res = await h.post(operationPath(name, style), twoMiB);
      const rs = expectError(res, 413, 'PayloadTooLarge');
      expect(rs.message).toEqual(expect.any(String));
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });

  it('answers a body just under 1 MiB normally', async () => {
    const body = {
      authSessionKey: pm.sessionKey,
      projectId: 1,
      additionalInfo: [{ propertyName: 'pad', propertyValue: 'x'.repeat(1024 * 1024 - 200) }],
    };
    expect(JSON.stringify(body).length).toBeLessThan(1024 * 1024);
    const res = await h.call('ProjectGetRequest', body);
    expectStatus(res, 200);
    expect(res.json.project.projectId).toBe(1);
  });

  it('answers 413 for a form body over 1 MiB and for text/plain', async () => {
    const form = await h.post(
      '/api/internal/project/get',
      `projectId=1&pad=${'x'.repeat(1024 * 1024 + 10)}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expectError(form, 413, 'PayloadTooLarge');
    const text = await h.post('/api/internal/project/get', twoMiB, {
      headers: { 'content-type': 'text/plain' },
    });
    expectError(text, 413, 'PayloadTooLarge');
  });

  it('refuses more than 1,000 punch-list rows with 400', async () => {
    const row = (i: number) => ({
      folderId: ids.punchListFolderId,
      tempItemId: `too-many-${i}`,
      summary: `Row ${i}`,
    });
    const res = await h.as('pm', 'PunchListCreateManyRequest', {
      punchlistList: Array.from({ length: 1001 }, (_, i) => row(i)),
    });
    expectError(res, 400);
    expect(fieldNames(res)).toEqual(['punchlistList']);
  });
});

describe('unknown operations', () => {
  it.each([
    ['POST', '/api/internal/nothing'],
    ['POST', '/api/internal/openissue/delete'],
    ['GET', '/api/internal/openissue'],
    ['POST', '/api/whatever'],
    ['POST', '/json/reply/NoSuchRequest'],
    ['POST', '/json/reply/'],
    ['POST', '/json/oneway/ProjectGetRequest'],
    ['DELETE', '/json/anything/at/all'],
    ['POST', '/api/internal/project/get/extra'],
    ['POST', '/requestlogs/1'],
  ])('%s %s: 405 UnknownOperation', async (method, path) => {
    const res = await h.request(method, path, { body: method === 'GET' ? undefined : { projectId: 1 } });
    const rs = expectError(res, 405, 'UnknownOperation');
    expect(rs.message).toEqual(expect.any(String));
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers 404 outside the API', async () => {
    const res = await h.request('GET', '/no/such/page.txt');
    expect(res.status).toBe(404);
  });
});

describe('odd methods', () => {
  const postOps = operationNames.filter((n) => operations[n].method === 'POST');

  it.each(postOps.map((n) => [n] as const))(
    '%s: 405 for GET, PUT, DELETE, PATCH; HEAD and OPTIONS no 5xx',
    async (name) => {
      for (const style of ALL_STYLES) {
        const path = operationPath(name, style);
        for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
          const res = await h.request(method, path, method === 'GET' ? {} : { body: { projectId: 1 } });
          const rs = expectError(res, 405);
          expect(rs.errorCode, `${method} ${path}`).toBe('MethodNotAllowed');
        }
        for (const method of ['HEAD', 'OPTIONS']) {
          const res = await h.request(method, path);
          expectNo5xx(res, `${method} ${path}`);
        }
      }
    },
  );
});

describe('odd content types', () => {
  it.each(sessionCases.map((c) => [c.name, c] as const))(
    '%s: JSON sent as text/plain works',
    async (_name, c) => {
      const res = await h.post(
        operations[c.name].path,
        JSON.stringify({ authSessionKey: pm.sessionKey, ...c.valid(ids) }),
        {
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        },
      );
      expectStatus(res, 200);
    },
  );

  it.each(operationNames.map((n) => [n] as const))(
    '%s: form-urlencoded bodies never give 5xx',
    async (name) => {
      const auth = authFor(name);
      const form = new URLSearchParams({
        authSessionKey: pm.sessionKey,
        folderId: String(ids.rfiFolderIds[0]),
        projectId: '1',
        dailyReportId: String(ids.dailyReportId),
        folderParentId: String(ids.rootFolderId),
        parentFolderId: String(ids.documentFolderId),
        take: '1',
        userName: 'pm',
        password: 'wrong',
      }).toString();
      const res = await h.post(operations[name].path, form, {
        headers: { ...auth.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
    },
  );

  it('answers the id reads through form-urlencoded bodies', async () => {
    const reads: [OperationName, Record<string, string>][] = [
      ['ProjectGetRequest', { projectId: '1' }],
      ['FolderGetRequest', { folderId: String(ids.rootFolderId) }],
      ['OpenIssueReadRequest', { folderId: String(ids.rfiFolderIds[0]) }],
      ['DailyReportGetRequest', { dailyReportId: String(ids.dailyReportId) }],
      ['MeetingReadRequest', { folderId: String(ids.meetingFolderId) }],
    ];
    for (const [name, fields] of reads) {
      const res = await h.post(
        operations[name].path,
        new URLSearchParams({ authSessionKey: pm.sessionKey, ...fields }).toString(),
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      );
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(200);
    }
  });

  it.each(operationNames.map((n) => [n] as const))(
    '%s: multipart, XML and binary content types never give 5xx',
    async (name) => {
      const auth = authFor(name);
      const cases: [string, string][] = [
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n1\r\n--x--',
        ],
        ['application/xml', '<FolderGetRequest><FolderId>1</FolderId></FolderGetRequest>'],
        ['application/octet-stream', '\u0000\u0001\u0002'],
        ['application/json; charset=latin1', '{"folderId": 1}'],
        ['', '{}'],
      ];
      for (const [type, text] of cases) {
        const headers: Record<string, string> = { ...auth.headers };
        if (type) headers['content-type'] = type;
        const res = await h.post(operations[name].path, text, { headers });
        expect(res.status, `${name} ${type}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      }
    },
  );

  it('takes an empty body as an empty request', async () => {
    const res = await h.request('POST', '/api/internal/project/get', {
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 401, 'Unauthorized');
    const log = await h.request('POST', '/requestlogs', {
      query: { take: 1 },
      headers: { authorization: `Bearer ${admin.apiKey}`, 'content-type': 'application/json' },
    });
    expectStatus(log, 200);
  });
});

describe('odd query strings', () => {
  it('survives long callbacks, empty formats and repeated parameters', async () => {
    const body = { authSessionKey: pm.sessionKey, projectId: 1 };
    const long = await h.post('/api/internal/project/get', body, { query: { callback: 'a'.repeat(5000) } });
    expectStatus(long, 200);
    const empty = await h.post('/api/internal/project/get', body, { query: { format: '' } });
    expect(empty.status).toBeLessThan(500);
    const repeated = await h.post(
      '/api/internal/project/get',
      { authSessionKey: pm.sessionKey },
      { query: { projectId: [1, 2] } },
    );
    expect(repeated.status).toBeLessThan(500);
  });
});

describe('random requests (property test, fixed seed)', () => {
  /** Values of the right type, of the wrong type, and at the edges, for a schema. */
  function arb(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const ids = () =>
      fc.constantFrom(
        0,
        -1,
        1,
        2,
        ids_.rootFolderId,
        ids_.rfiFolderIds[0],
        ids_.readOnlyRfiFolderId,
        ids_.readOnlyFolderId,
        ids_.punchListFolderId,
        ids_.submittalPackageFolderIds[0],
        ids_.submittalItemFolderId,
        ids_.meetingFolderId,
        ids_.documentFolderId,
        ids_.emptyFolderId,
        987_654,
        2 ** 31,
        2 ** 53,
        1e300,
        1.5,
      );
    const junk = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constant(null),
      fc.constant({}),
      fc.constant([]),
      fc.boolean(),
    );
    switch (schema.kind) {
      case 'int':
      case 'long':
        return fc.oneof(ids(), fc.integer(), fc.integer().map(String), junk);
      case 'decimal':
        return fc.oneof(fc.double({ noNaN: true }), fc.integer(), junk);
      case 'bool':
        return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'yes', 1, 0), junk);
      case 'string':
        return fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.constantFrom(
            '',
            '   ',
            '12/31/2026',
            '2026-02-30',
            '1/1/1899',
            'In Review',
            'RFI-001',
            'x'.repeat(9000),
          ),
          fc.integer(),
          junk,
        );
      case 'dateTime':
        return fc.oneof(
          fc.constantFrom(
            '/Date(1700000000000)/',
            '/Date(-1)/',
            '/Date(1700000000000+0130)/',
            '2026-01-01T00:00:00Z',
          ),
          fc.string({ maxLength: 12 }),
          junk,
        );
      case 'timeSpan':
        return fc.oneof(
          fc.constantFrom('PT0.5S', 'P1D', '-PT1S', 'PT', 'P'),
          fc.string({ maxLength: 8 }),
          junk,
        );
      case 'any':
        return junk;
      case 'list':
        return depth > 2 ? junk : fc.oneof(fc.array(arb(schema.of, depth + 1), { maxLength: 3 }), junk);
      case 'dict':
        return depth > 2
          ? junk
          : fc.oneof(
              fc.dictionary(fc.string({ maxLength: 6 }), arb(schema.of, depth + 1), { maxKeys: 3 }),
              junk,
            );
      case 'object': {
        if (depth > 2) return junk;
        const fields = Object.fromEntries(
          Object.entries(schema.fields).map(([k, s]) => [k, arb(s, depth + 1)]),
        );
        return fc.oneof(
          { weight: 4, arbitrary: fc.record(fields, { requiredKeys: [] }) },
          { weight: 1, arbitrary: junk },
        );
      }
    }
  }

  let ids_: SeedIds;
  beforeAll(() => {
    ids_ = ids;
  });

  it.each(operationNames.map((n) => [n] as const))('%s: 40 random bodies, never a 5xx', async (name) => {
    const op = operations[name];
    const auth = authFor(name);
    const body = fc.record(
      Object.fromEntries(
        Object.entries(op.request.fields)
          .filter(([k]) => k !== 'authSessionKey')
          .map(([k, s]) => [k, arb(s)]),
      ),
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await h.post(op.path, { ...(b as object), ...auth.body }, { headers: auth.headers });
        if (res.status >= 500) throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 500)}`);
        if (res.status !== 200)
          expect(res.json?.responseStatus?.errorCode, res.text.slice(0, 300)).toEqual(expect.any(String));
      }),
      { numRuns: 40, seed: 20261101, endOnFailure: true },
    );
  });
});
