// Wire rules (interface rules 1–7, docs/service.md#routes-and-wire), checked on the raw text of the replies: dates,
// nulls, property names, both route styles, format selection, JSONP, case-insensitive binding, content types.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/contract/codecs';
import { operationPath, operations } from '../../src/contract/operations';
import { sessionCases } from './cases';
import {
  expectError,
  expectStatus,
  ISO_DURATION,
  useHarness,
  useSeedIds,
  WIRE_DATE,
  type Json,
} from './harness';

const h = useHarness();
const ids = useSeedIds(h);
let key: string;

beforeAll(async () => {
  key = (await h.session('pm')).sessionKey;
});

/** Read operations only: calling them twice must give the same text. */
const reads = sessionCases.filter((c) => operations[c.name].effect === 'read');

/** Every `Date(` in the text is an escaped wire date `"\/Date(<ms>-0000)\/"`. */
function expectWireDates(text: string): number {
  const all = text.match(/Date\(/g) ?? [];
  const wire = text.match(/"\\\/Date\(-?\d+-0000\)\\\/"/g) ?? [];
  expect(wire.length).toBe(all.length);
  expect(text).not.toMatch(/"\/Date\(/);
  return wire.length;
}

/** Paths of every null in a JSON value. */
function nullPaths(value: Json, path = '$'): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, `${path}[${i}]`));
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => nullPaths(v, `${path}.${k}`));
  return [];
}

/** Property names that are not camelCase (rule 6: never a leading capital). */
function nonCamel(value: Json, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => nonCamel(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(/^[A-Z]/.test(k) ? [`${path}.${k}`] : []),
      ...nonCamel(v, `${path}.${k}`),
    ]);
  }
  return [];
}

describe('JSON text', () => {
  it.each(sessionCases.map((c) => [c.name, c] as const))(
    '%s: application/json; charset=utf-8, no nulls, camelCase names, success block',
    async (_name, c) => {
      const res = await h.as('pm', c.name, c.valid(ids));
      expectStatus(res, 200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.text).not.toMatch(/:\s*null\b/);
      expect(nullPaths(res.json)).toEqual([]);
      // Dictionary keys (ReturnedIdList entries) are not camelCased; everything else is.
      const names =
        c.name === 'PunchListCreateManyRequest'
          ? nonCamel({ ...res.json, returnedIdList: [] })
          : nonCamel(res.json);
      expect(names).toEqual([]);
      expect(res.json.errorOccured).toBe(false);
      expect(typeof res.json.numberOfRecordsEffected).toBe('number');
      expect(res.json.responseStatus?.errorCode).toBeUndefined();
      expect(res.json.uiErrorMessage).toBeUndefined();
      expectWireDates(res.text);
    },
  );

  it('writes DateTime as "\\/Date(<ms>-0000)\\/" (project start and end, folder dates)', async () => {
    const project = await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    expect(project.text).toMatch(/"startDate":"\\\/Date\(\d+-0000\)\\\/"/);
    expect(project.text).toMatch(/"endDate":"\\\/Date\(\d+-0000\)\\\/"/);
    expect(project.json.project.startDate).toMatch(WIRE_DATE);
    const start = parseDateTime(project.json.project.startDate)!;
    const end = parseDateTime(project.json.project.endDate)!;
    expect(start.getUTCFullYear()).toBeGreaterThan(2000);
    expect(end.getTime()).toBeGreaterThan(start.getTime());

    const folder = await h.as('pm', 'FolderGetRequest', { folderId: ids.rootFolderId });
    expect(folder.text).toMatch(/"createdDate":"\\\/Date\(\d+-0000\)\\\/"/);
    expect(folder.text).toMatch(/"updatedDate":"\\\/Date\(\d+-0000\)\\\/"/);
    expect(expectWireDates(folder.text)).toBeGreaterThanOrEqual(2);
  });

  it('writes DateTime of lists the same way (documents, attachments, daily report, folders as documents)', async () => {
    const docs = await h.as('pm', 'DocumentsReadInFolderRequest', { parentFolderId: ids.documentFolderId });
    expect(docs.text).toMatch(/"documentUpdateDate":"\\\/Date\(\d+-0000\)\\\/"/);
    const att = await h.as('pm', 'SubmittalItemReadAttachmentsRequest', {
      folderId: ids.submittalItemFolderId,
    });
    expect(att.text).toMatch(/"uploadedDate":"\\\/Date\(\d+-0000\)\\\/"/);
    const report = await h.as('pm', 'DailyReportGetRequest', { dailyReportId: ids.dailyReportId });
    expect(report.text).toMatch(/"dated":"\\\/Date\(\d+-0000\)\\\/"/);
    const asDocs = await h.as('pm', 'FoldersDocumentsGetByParentFolderRequest', {
      folderParentId: ids.rootFolderId,
    });
    expect(asDocs.text).toMatch(/"createdDate":"\\\/Date\(\d+-0000\)\\\/"/);
    for (const r of [docs, att, report, asDocs]) expect(expectWireDates(r.text)).toBeGreaterThan(0);
  });

  it('writes text dates as MM/DD/YYYY strings, not as wire dates', async () => {
    const rfi = await h.as('pm', 'OpenIssueReadRequest', { folderId: ids.rfiFolderIds[0] });
    const issue = rfi.json.openIssue;
    for (const field of ['createdDate', 'dueDate', 'closedDate']) {
      if (issue[field] !== undefined) expect(issue[field], field).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
    expect(issue.createdDate ?? issue.dueDate).toBeDefined();
  });

  it('writes TimeSpan as an ISO 8601 duration (requestDuration of the log)', async () => {
    await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    const log = await h.logs({ take: 5 });
    expectStatus(log, 200);
    expect(log.json.results.length).toBeGreaterThan(0);
    for (const entry of log.json.results) expect(entry.requestDuration).toMatch(ISO_DURATION);
    expect(log.text).toMatch(/"requestDuration":"P/);
    expectWireDates(log.text);
  });

  it('writes 0, false and [] (only nulls are omitted)', async () => {
    const update = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.containers.documents },
    });
    expect(update.text).toContain('"numberOfRecordsEffected":0');
    expect(update.text).toContain('"errorOccured":false');
    const empty = await h.as('pm', 'PunchListCreateManyRequest', { punchlistList: [] });
    expectStatus(empty, 200);
    expect(empty.text).toContain('"returnedIdList":[]');
  });

  it('writes error replies as JSON too, without nulls or stack traces', async () => {
    const res = await h.as('pm', 'FolderGetRequest', { folderId: 'abc' });
    expectError(res, 400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(nullPaths(res.json)).toEqual([]);
    expect(res.json.errorOccured).toBe(true);
    expect(res.json.uiErrorMessage).toEqual(expect.any(String));
    expect(res.json.uiDevErrorMessage).toEqual(expect.any(String));
    expect(res.json.responseStatus.stackTrace).toBeUndefined();
    expect(res.text).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

describe('route styles', () => {
  it.each(reads.map((c) => [c.name, c] as const))(
    '%s: /api/internal/… and /json/reply/… give the same body',
    async (_name, c) => {
      const body = { authSessionKey: key, ...c.valid(ids) };
      const internal = await h.call(c.name, body, { style: 'internal' });
      const reply = await h.call(c.name, body, { style: 'reply' });
      expectStatus(internal, 200);
      expectStatus(reply, 200);
      expect(reply.text).toBe(internal.text);
      expect(reply.headers.get('content-type')).toBe(internal.headers.get('content-type'));
    },
  );

  it('answers both styles for every operation (writes and the log included)', async () => {
    const admin = await h.session('admin');
    for (const c of sessionCases) {
      for (const style of ['internal', 'reply'] as const) {
        const res = await h.call(c.name, { authSessionKey: key, ...c.valid(ids) }, { style });
        expectStatus(res, 200);
      }
    }
    for (const path of [operationPath('RequestLogs', 'internal'), operationPath('RequestLogs', 'reply')]) {
      const res = await h.request('GET', path, {
        query: { take: 1 },
        headers: { authorization: `Bearer ${admin.apiKey}` },
      });
      expectStatus(res, 200);
      expect(res.json.results).toHaveLength(1);
    }
  });

  it('routes the interface paths with their capitals (submittal/Update, documentsreadInfolder)', async () => {
    const update = await h.post('/api/internal/submittal/Update', {
      authSessionKey: key,
      submittal: { folderId: ids.submittalPackageFolderIds[0] },
    });
    expectStatus(update, 200);
    const docs = await h.post('/api/internal/document/documentsreadInfolder', {
      authSessionKey: key,
      parentFolderId: ids.documentFolderId,
    });
    expectStatus(docs, 200);
    expect(docs.json.folderDocuments.length).toBeGreaterThan(0);
  });

  it('also routes the paths in lower case and with a trailing slash', async () => {
    const a = await h.post('/api/internal/document/documentsreadinfolder', {
      authSessionKey: key,
      parentFolderId: ids.documentFolderId,
    });
    const b = await h.post('/api/internal/document/documentsreadInfolder/', {
      authSessionKey: key,
      parentFolderId: ids.documentFolderId,
    });
    expectStatus(a, 200);
    expectStatus(b, 200);
    expect(a.text).toBe(b.text);
  });
});

describe('format selection', () => {
  const body = () => ({ authSessionKey: key, projectId: 1 });

  it('gives the same JSON with .json, ?format=json and Accept: application/json', async () => {
    const plain = await h.post('/api/internal/project/get', body());
    expectStatus(plain, 200);
    const variants = [
      await h.post('/api/internal/project/get.json', body()),
      await h.post('/json/reply/ProjectGetRequest.json', body()),
      await h.post('/api/internal/project/get', body(), { query: { format: 'json' } }),
      await h.post('/json/reply/ProjectGetRequest', body(), { query: { format: 'json' } }),
      await h.post('/api/internal/project/get', body(), { headers: { accept: 'application/json' } }),
      await h.post('/json/reply/ProjectGetRequest', body(), { headers: { accept: 'application/json' } }),
      await h.post('/api/internal/project/get', body(), { query: { format: 'JSON' } }),
    ];
    for (const v of variants) {
      expectStatus(v, 200);
      expect(v.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(v.text).toBe(plain.text);
    }
  });

  it('refuses ?format=xml (and other formats) with 406', async () => {
    for (const format of ['xml', 'csv', 'jsv']) {
      const res = await h.post('/api/internal/project/get', body(), { query: { format } });
      expectError(res, 406);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });
});

describe('JSONP', () => {
  const body = () => ({ authSessionKey: key, projectId: 1 });

  it('wraps the JSON in the callback with text/javascript', async () => {
    const plain = await h.post('/api/internal/project/get', body());
    const res = await h.post('/api/internal/project/get', body(), { query: { callback: 'handleProject' } });
    expectStatus(res, 200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.text).toBe(`handleProject(${plain.text})`);
  });

  it('keeps dots, digits and underscores of the callback', async () => {
    const res = await h.post('/json/reply/ProjectGetRequest', body(), {
      query: { callback: 'app.cb_2.done' },
    });
    expect(res.text.startsWith('app.cb_2.done({')).toBe(true);
    expect(res.text.endsWith('})')).toBe(true);
  });

  it('sanitises the callback to [A-Za-z0-9._]: alert(1)// becomes alert1', async () => {
    const plain = await h.post('/api/internal/project/get', body());
    const res = await h.post('/api/internal/project/get', body(), { query: { callback: 'alert(1)//' } });
    expectStatus(res, 200);
    expect(res.text).toBe(`alert1(${plain.text})`);
    const tricky = await h.post('/api/internal/project/get', body(), {
      query: { callback: '</script><script>x=1;y' },
    });
    expect(tricky.text.startsWith('scriptscriptx1y({')).toBe(true);
    expect(tricky.text).not.toContain('<');
  });

  it('wraps error replies too, with their HTTP status', async () => {
    const res = await h.post('/api/internal/project/get', { projectId: 1 }, { query: { callback: 'cb' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const inner = JSON.parse(res.text.replace(/^cb\(/, '').replace(/\)$/, ''));
    expect(inner.responseStatus.errorCode).toBe('Unauthorized');
  });

  it('writes plain JSON when nothing is left of the callback after sanitising', async () => {
    const res = await h.post('/api/internal/project/get', body(), { query: { callback: '()<>' } });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.json.project.projectId).toBe(1);
  });

  it('wraps the request log too', async () => {
    const admin = await h.session('admin');
    const res = await h.request('GET', '/requestlogs', {
      query: { take: 1, callback: 'logs' },
      headers: { authorization: `Bearer ${admin.apiKey}` },
    });
    expectStatus(res, 200);
    expect(res.text.startsWith('logs({')).toBe(true);
  });
});

describe('binding', () => {
  it('binds a PascalCase body exactly as a camelCase one', async () => {
    const camel = await h.call('OpenIssueReadRequest', {
      authSessionKey: key,
      folderId: ids.rfiFolderIds[0],
    });
    const pascal = await h.call('OpenIssueReadRequest', {
      AuthSessionKey: key,
      FolderId: ids.rfiFolderIds[0],
    });
    const odd = await h.call('OpenIssueReadRequest', { AUTHSESSIONKEY: key, folderid: ids.rfiFolderIds[0] });
    expectStatus(pascal, 200);
    expect(pascal.text).toBe(camel.text);
    expect(odd.text).toBe(camel.text);
  });

  it('binds PascalCase in nested objects and lists', async () => {
    const res = await h.call('PunchListCreateManyRequest', {
      AuthSessionKey: key,
      PunchlistList: [
        { FolderId: ids.punchListFolderId, TempItemId: 'wire-pascal-1', Summary: 'Pascal row' },
      ],
    });
    expectStatus(res, 200);
    expect(res.json.returnedIdList).toHaveLength(1);
    expect(res.json.returnedIdList[0].TempItemId).toBe('wire-pascal-1');
  });

  it('takes numbers and booleans sent as strings', async () => {
    const res = await h.call('ProjectGetRequest', { authSessionKey: key, projectId: '1' });
    expectStatus(res, 200);
    expect(res.json.project.projectId).toBe(1);
  });

  it('ignores unknown properties', async () => {
    const res = await h.call('ProjectGetRequest', {
      authSessionKey: key,
      projectId: 1,
      somethingElse: [1, 2],
    });
    expectStatus(res, 200);
  });

  it('reads DateTime in every form (wire date as written, ISO 8601, with offset) and refuses others', async () => {
    // Folder.CreatedDate is not updatable: sending it back as read changes nothing, but it is still bound.
    const read = await h.as('pm', 'FolderGetRequest', { folderId: ids.containers.documents });
    const res = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.containers.documents, createdDate: read.json.folder.createdDate },
    });
    expectStatus(res, 200);
    const iso = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.containers.documents, createdDate: '2024-01-02T03:04:05Z' },
    });
    expectStatus(iso, 200);
    const offset = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.containers.documents, createdDate: '/Date(1700000000000+0100)/' },
    });
    expectStatus(offset, 200);
    const bad = await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.containers.documents, createdDate: 'yesterday' },
    });
    expectError(bad, 400);
    expect(bad.json.responseStatus.errors[0].fieldName).toBe('folder.createdDate');
  });

  it('takes request fields from the query string as well', async () => {
    const res = await h.post(
      '/api/internal/project/get',
      { authSessionKey: key },
      { query: { ProjectId: 2 } },
    );
    expectStatus(res, 200);
    expect(res.json.project.projectId).toBe(2);
  });
});

describe('content types', () => {
  it('accepts JSON sent as text/plain', async () => {
    const res = await h.post(
      '/api/internal/project/get',
      JSON.stringify({ authSessionKey: key, projectId: 1 }),
      { headers: { 'content-type': 'text/plain' } },
    );
    expectStatus(res, 200);
    expect(res.json.project.projectId).toBe(1);
  });

  it('accepts a form-urlencoded body', async () => {
    const res = await h.post(
      '/api/internal/project/get',
      new URLSearchParams({ authSessionKey: key, projectId: '1' }).toString(),
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expectStatus(res, 200);
    expect(res.json.project.projectId).toBe(1);
  });

  it('accepts application/json with a charset', async () => {
    const res = await h.post(
      '/api/internal/project/get',
      JSON.stringify({ authSessionKey: key, projectId: 1 }),
      {
        headers: { 'content-type': 'application/json; charset=utf-8' },
      },
    );
    expectStatus(res, 200);
  });

  it('sets the security headers on API replies', async () => {
    const res = await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS', () => {
  const cors = useHarness({ corsOrigins: ['http://console.example'] });

  it('answers a preflight from a listed origin and allows Content-Type and Authorization', async () => {
    const res = await cors.request('OPTIONS', '/api/internal/project/get', {
      headers: {
        origin: 'http://console.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://console.example');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const post = await cors.post(
      '/api/internal/project/get',
      { projectId: 1 },
      { headers: { origin: 'http://console.example' } },
    );
    expect(post.headers.get('access-control-allow-origin')).toBe('http://console.example');
  });

  it('gives no CORS headers to an origin that is not listed (nor by default)', async () => {
    const res = await cors.request('OPTIONS', '/api/internal/project/get', {
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const post = await h.post(
      '/api/internal/project/get',
      { projectId: 1 },
      { headers: { origin: 'http://console.example' } },
    );
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });
});
