// Issue 11, suite 1 — service fuzz: 10,000 requests generated with fast-check from a fixed seed, across all 20
// operations and beyond them: malformed JSON, wrong types, missing and extra fields, huge strings and lists,
// unknown operations and routes, odd methods and content types, missing and wrong keys, read-only targets.
// Held: no 5xx and no dropped connection; every error reply a proper ResponseStatus; the service answers a live
// read after every 1,000 requests; no refused request (4xx) and no read changes one domain row (a change
// counter kept by triggers, looked at after each request); a block of 1,000 writes that must all be refused
// leaves the checksum of every domain table as it was. Prints its figures (docs/reliability.md, section 1).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operationNames,
  operations,
  JSON_REPLY_PREFIX,
  type OperationName,
} from '../../src/contract/operations';
import type { ObjectSchema, Schema } from '../../src/contract/schema';
import { sessionCases } from './cases';
import { useHarness, useSeedIds, type Credentials, type HttpResult } from './harness';
import { DataWatch, improperError } from './reliability';

const SEED = 20261122;
const MIXED = Number(process.env.FUZZ_MIXED ?? 9_000);
const REFUSED_WRITES = 1_000;

const h = useHarness();
const ids = useSeedIds(h);
let pm: Credentials;
let admin: Credentials;
let watch: DataWatch;

beforeAll(async () => {
  pm = await h.session('pm');
  admin = await h.session('admin');
  watch = new DataWatch(h.dataDir);
});
afterAll(() => {
  watch?.close();
});

interface FuzzRequest {
  kind: string;
  op?: OperationName;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Blob;
  /** The request must be refused (4xx) whatever else happens. */
  refused: boolean;
  /** Why it must be refused (for the figures). */
  reason?: string;
}

const WRITES = new Set(operationNames.filter((n) => operations[n].effect === 'write'));
const API = [/^\/api\//i, /^\/json\//i, /^\/requestlogs/i];

/** A body that works for the operation, and whether pm may write to its target. */
function baseBody(name: OperationName, target: 'own' | 'readOnly', tag: number): Record<string, unknown> {
  const ro = target === 'readOnly';
  switch (name) {
    case 'InternalUserAuthenticationRequest':
      return { userName: 'pm', password: 'pm' };
    case 'RequestLogs':
      return { take: 5, pathInfo: '/api/internal/project/get' };
    case 'OpenIssueUpdateRequest':
      return {
        openIssue: {
          folderId: ro ? ids.readOnlyRfiFolderId : ids.rfiFolderIds[1],
          subject: `Fuzz subject ${tag}`,
          dueDate: '12/31/2026',
        },
      };
    case 'PunchListCreateManyRequest':
      return {
        punchlistList: [
          { folderId: ids.punchListFolderId, tempItemId: `fuzz-${tag}-a`, summary: `Fuzz item ${tag}` },
          {
            folderId: ids.punchListFolderId,
            tempItemId: `fuzz-${tag}-b`,
            summary: 'Second row',
            location: 'L2',
          },
        ],
      };
    case 'SubmittalUpdateRequest':
      return { submittal: { folderId: ids.submittalPackageFolderIds[1], notes: `Fuzz notes ${tag}` } };
    case 'FolderUpdateRequest':
      return {
        folder: {
          folderId: ro ? ids.readOnlyFolderId : ids.emptyFolderId,
          folderDescription: `Fuzz description ${tag}`,
        },
      };
    case 'ExtDriveDocumentCreateRequest':
      return {
        document: {
          folderParentId: ro ? ids.readOnlyFolderId : ids.documentFolderId,
          fileName: `fuzz-${tag}.pdf`,
        },
      };
    default:
      return sessionCases.find((c) => c.name === name)!.valid(ids);
  }
}

/** Values that no field of this kind accepts. */
function wrongValues(schema: Schema): unknown[] {
  switch (schema.kind) {
    case 'int':
    case 'long':
    case 'decimal':
      return ['abc', {}, [], true, '1e999x'];
    case 'bool':
      return ['maybe', {}, [], 12];
    case 'string':
      return [{}, [], { text: 'nested' }];
    case 'dateTime':
      return ['someday', {}, 12, '2026-13-45'];
    case 'timeSpan':
      return ['forever', {}, []];
    case 'list':
      return ['abc', {}, 12];
    case 'object':
    case 'dict':
      return ['abc', [], 12, true];
    case 'any':
      return [];
  }
}

/** Every (path, schema) of a request: top-level fields and the fields of its entity object or list rows. */
function fieldPaths(schema: ObjectSchema): [string[], Schema][] {
  const out: [string[], Schema][] = [];
  for (const [k, s] of Object.entries(schema.fields)) {
    if (k === 'authSessionKey') continue;
    out.push([[k], s]);
    if (s.kind === 'object') for (const [k2, s2] of Object.entries(s.fields)) out.push([[k, k2], s2]);
    if (s.kind === 'list' && s.of.kind === 'object')
      for (const [k2, s2] of Object.entries(s.of.fields)) out.push([[k, '0', k2], s2]);
  }
  return out;
}

function setPath(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (at[key] === null || typeof at[key] !== 'object') at[key] = /^\d+$/.test(key) ? [] : {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]] = value;
  return copy;
}

function deletePath(body: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string, unknown> | undefined = copy;
  for (const key of path.slice(0, -1)) at = at?.[key] as Record<string, unknown> | undefined;
  if (at && typeof at === 'object') delete at[path[path.length - 1]];
  return copy;
}

const pascal = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(pascal)
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k[0].toUpperCase() + k.slice(1), pascal(x)]))
      : v;

type Auth = 'pm' | 'admin' | 'none' | 'bogus' | 'apiKeyAsSession' | 'expiredShape';
type Mutation =
  | { m: 'valid' }
  | { m: 'pascal' }
  | { m: 'missing'; pick: number }
  | { m: 'extra'; extra: Record<string, unknown>; nested: boolean }
  | { m: 'wrongType'; pick: number; value: number }
  | { m: 'hugeString'; pick: number; size: number }
  | { m: 'hugeList'; size: number }
  | { m: 'malformed'; how: number; at: number }
  | { m: 'notObject'; which: number };

const MALFORMED = [
  'truncate',
  'singleQuotes',
  'trailingGarbage',
  'bom',
  'trailingComma',
  'unquotedKeys',
  'nul',
];
const NOT_OBJECT = ['[]', '[{}]', '"text"', '42', 'true', 'null', '-0', '1e400'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  '*/*',
  'garbage',
  '',
];
const METHODS = ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'SEARCH'];

const opArb = fc.record({
  op: fc.oneof(
    // Sign-in costs a scrypt hash when it gets that far: fewer of them.
    { weight: 1, arbitrary: fc.constant('InternalUserAuthenticationRequest' as OperationName) },
    {
      weight: 19 * 8,
      arbitrary: fc.constantFrom(...operationNames.filter((n) => n !== 'InternalUserAuthenticationRequest')),
    },
  ),
  style: fc.constantFrom('internal', 'internal.json', 'reply', 'reply.json'),
  auth: fc.constantFrom<Auth>(
    'pm',
    'pm',
    'pm',
    'pm',
    'admin',
    'none',
    'bogus',
    'apiKeyAsSession',
    'expiredShape',
  ),
  target: fc.constantFrom<'own' | 'readOnly'>('own', 'own', 'readOnly'),
  mutation: fc.oneof(
    { weight: 3, arbitrary: fc.constant<Mutation>({ m: 'valid' }) },
    { weight: 1, arbitrary: fc.constant<Mutation>({ m: 'pascal' }) },
    { weight: 2, arbitrary: fc.record({ m: fc.constant('missing' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        m: fc.constant('extra' as const),
        extra: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        nested: fc.boolean(),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({ m: fc.constant('wrongType' as const), pick: fc.nat(), value: fc.nat() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        m: fc.constant('hugeString' as const),
        pick: fc.nat(),
        size: fc.constantFrom(5_000, 100_000, 300_000, 1_100_000),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ m: fc.constant('hugeList' as const), size: fc.constantFrom(1_001, 2_000) }),
    },
    {
      weight: 4,
      arbitrary: fc.record({ m: fc.constant('malformed' as const), how: fc.nat(), at: fc.nat() }),
    },
    { weight: 1, arbitrary: fc.record({ m: fc.constant('notObject' as const), which: fc.nat() }) },
  ),
  method: fc.oneof(
    { weight: 9, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
  ),
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  ),
  query: fc.oneof(
    { weight: 8, arbitrary: fc.constant('') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '?format=json',
        '?format=xml',
        '?format=',
        '?callback=cb',
        '?callback=alert(1)//',
        '?callback=%3C%2Fscript%3E',
        '?callback=' + 'a'.repeat(3000),
        '?projectId=abc&folderId=%00',
        '?authSessionKey=',
        '?%ZZ=1',
      ),
    },
  ),
  tag: fc.nat(),
});

function buildOpRequest(g: OpPick): FuzzRequest {
  const { op: name, style, auth, target, mutation, method, contentType, query, tag } = g;
  const op = operations[name];
  const refusals: string[] = [];
  let body: Record<string, unknown> = baseBody(name, target, tag);
  const headers: Record<string, string> = {};

  // Keys.
  if (op.auth === 'session') {
    const key =
      auth === 'pm'
        ? pm.sessionKey
        : auth === 'admin'
          ? admin.sessionKey
          : auth === 'bogus'
            ? 'bogus-key'
            : auth === 'apiKeyAsSession'
              ? pm.apiKey
              : auth === 'expiredShape'
                ? pm.sessionKey.slice(0, -1) + (pm.sessionKey.endsWith('A') ? 'B' : 'A')
                : undefined;
    if (key !== undefined) body = { authSessionKey: key, ...body };
    else refusals.push('no session');
    if (!['pm', 'admin'].includes(auth) && auth !== 'none') refusals.push('bad session');
    if (
      target === 'readOnly' &&
      WRITES.has(name) &&
      auth === 'pm' &&
      !['PunchListCreateManyRequest', 'SubmittalUpdateRequest'].includes(name)
    )
      refusals.push('read-only target');
  } else if (op.auth === 'admin') {
    if (auth === 'admin') headers.authorization = `Bearer ${admin.apiKey}`;
    else if (auth === 'pm') {
      headers.authorization = `Bearer ${pm.apiKey}`;
      refusals.push('not an admin');
    } else if (auth === 'none') refusals.push('no API key');
    else {
      headers.authorization = `Bearer ${auth === 'apiKeyAsSession' ? pm.sessionKey : 'bogus'}`;
      refusals.push('bad API key');
    }
  } else if (auth === 'bogus' || auth === 'none') {
    body = { userName: 'pm', password: auth === 'none' ? '' : 'wrong-password' };
    refusals.push('bad credentials');
  }

  // The body.
  const paths = fieldPaths(op.request);
  let text: string | undefined;
  switch (mutation.m) {
    case 'valid':
      break;
    case 'pascal':
      body = pascal(body) as Record<string, unknown>;
      break;
    case 'missing': {
      const present = paths.filter(([p]) => {
        let at: unknown = body;
        for (const k of p) at = (at as Record<string, unknown> | undefined)?.[k];
        return at !== undefined;
      });
      if (present.length) body = deletePath(body, present[mutation.pick % present.length][0]);
      break;
    }
    case 'extra': {
      if (mutation.nested) {
        const entity = Object.keys(body).find(
          (k) => body[k] && typeof body[k] === 'object' && k !== 'authSessionKey',
        );
        if (entity && !Array.isArray(body[entity]))
          body = { ...body, [entity]: { ...mutation.extra, ...(body[entity] as object) } };
        else body = { ...mutation.extra, ...body };
      } else body = { ...mutation.extra, ...body };
      break;
    }
    case 'wrongType': {
      const typed = paths.filter(([, s]) => wrongValues(s).length);
      const [p, s] = typed[mutation.pick % typed.length];
      const values = wrongValues(s);
      body = setPath(body, p, values[mutation.value % values.length]);
      refusals.push('wrong type');
      break;
    }
    case 'hugeString': {
      const strings = paths.filter(([, s]) => s.kind === 'string');
      if (strings.length) {
        body = setPath(body, strings[mutation.pick % strings.length][0], 'x'.repeat(mutation.size));
      } else
        body = {
          ...body,
          additionalInfo: [{ propertyName: 'pad', propertyValue: 'x'.repeat(mutation.size) }],
        };
      if (mutation.size > 1024 * 1024) refusals.push('body over 1 MiB');
      break;
    }
    case 'hugeList': {
      if (name === 'PunchListCreateManyRequest') {
        const rows = Array.from({ length: mutation.size }, (_, i) => ({
          folderId: ids.punchListFolderId,
          tempItemId: `fuzz-huge-${tag}-${i}`,
          summary: 'Huge list row',
        }));
        body = { ...body, punchlistList: rows };
        refusals.push(JSON.stringify(body).length > 1024 * 1024 ? 'body over 1 MiB' : 'over 1,000 rows');
      } else if (name === 'RequestLogs') {
        body = { ...body, ids: Array.from({ length: mutation.size }, (_, i) => i + 1) };
      } else {
        body = {
          ...body,
          additionalInfo: Array.from({ length: mutation.size }, (_, i) => ({
            propertyName: `p${i}`,
            propertyValue: i,
          })),
        };
      }
      break;
    }
    case 'malformed': {
      const json = JSON.stringify(body);
      const how = MALFORMED[mutation.how % MALFORMED.length];
      if (how === 'truncate') text = json.slice(0, mutation.at % json.length);
      else if (how === 'singleQuotes') text = json.replaceAll('"', "'");
      else if (how === 'trailingGarbage') text = json + '}x';
      else if (how === 'bom') text = '\ufeff' + json;
      else if (how === 'trailingComma') text = json.slice(0, -1) + ',}';
      else if (how === 'unquotedKeys') text = json.replace(/"([A-Za-z]+)":/g, '$1:');
      else text = json.slice(0, 1) + '\u0000' + json.slice(1);
      // An empty body is an empty request, not malformed.
      if (text.trim() !== '') refusals.push('malformed JSON');
      break;
    }
    case 'notObject':
      text = NOT_OBJECT[mutation.which % NOT_OBJECT.length];
      refusals.push('not an object');
      break;
  }
  text ??= JSON.stringify(body);

  // Transport: method, content type, route, query.
  const base = style.startsWith('reply') ? JSON_REPLY_PREFIX + name : op.path;
  const path = (style.endsWith('.json') ? base + '.json' : base) + query;
  if (query.startsWith('?format=xml')) refusals.push('format xml');
  let sent: string | Blob | undefined = text;
  if (method === 'GET' || method === 'HEAD') sent = undefined;
  if (method !== 'POST' && op.method === 'POST') refusals.push('method');
  if (['PROPFIND', 'SEARCH'].includes(method)) refusals.push('method');
  if (sent !== undefined) {
    if (contentType === '')
      sent = new Blob([text]); // a Blob without a type: no Content-Type header
    else headers['content-type'] = contentType;
    if (contentType.startsWith('application/x-www-form-urlencoded') && op.auth === 'session')
      refusals.push('form body without a session field');
  }
  // Form bodies of the request log and sign-in may pass (their fields are optional), so only these count.
  return {
    kind: mutation.m,
    op: name,
    method,
    path,
    headers,
    body: sent,
    refused: refusals.length > 0,
    reason: refusals[0],
  };
}

type OpPick = {
  op: OperationName;
  style: string;
  auth: Auth;
  target: 'own' | 'readOnly';
  mutation: Mutation;
  method: string;
  contentType: string;
  query: string;
  tag: number;
};

const routeArb = fc.record({
  path: fc.oneof(
    fc
      .string({
        minLength: 1,
        maxLength: 20,
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')),
      })
      .chain((s) =>
        fc.constantFrom(
          `/api/internal/${s}`,
          `/json/reply/${s}`,
          `/json/reply/${s}Request`,
          `/json/oneway/${s}`,
          `/requestlogs/${s}`,
          `/api/internal/openissue/${s}`,
          `/api/${s}`,
          `/${s}`,
          `/${s}.php`,
        ),
      ),
    fc.constantFrom(
      '/api/',
      '/api',
      '/json/reply/',
      '/json/reply',
      '/json',
      '/api/internal/openissue/read/extra',
      '/api/internal/%ZZ',
      '/api/internal/' + 'a'.repeat(6000),
      '/json/reply/OpenIssueReadRequest/../../../etc/passwd',
      '/api/internal/project/get%00',
      '/json/reply/ProjectGetRequest.xml',
      '/json/reply/ProjectGetRequest.csv',
      '/json/reply/__proto__',
      '/json/reply/constructor',
      '/requestlogsx',
    ),
  ),
  method: fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'),
  withKey: fc.boolean(),
});

/** Every route of an operation, lower case (the router is case-insensitive). */
const KNOWN_ROUTES = new Set(
  operationNames
    .flatMap((n) => [operations[n].path, JSON_REPLY_PREFIX + n].flatMap((p) => [p, p + '.json']))
    .map((p) => p.toLowerCase()),
);

function buildRouteRequest(g: { path: string; method: string; withKey: boolean }): FuzzRequest {
  const hasBody = g.method !== 'GET' && g.method !== 'HEAD';
  // A generated name may happen to be a real route: then it need not be refused.
  const known = KNOWN_ROUTES.has(g.path.toLowerCase().replace(/\/$/, ''));
  return {
    kind: 'unknownRoute',
    method: g.method,
    path: g.path,
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    body: hasBody
      ? JSON.stringify(g.withKey ? { authSessionKey: pm.sessionKey, folderId: 1 } : { folderId: 1 })
      : undefined,
    refused: !known,
    reason: known ? undefined : 'unknown route',
  };
}

const requestArb = fc.oneof(
  { weight: 9, arbitrary: opArb.map((g) => ({ op: g as OpPick })) },
  { weight: 1, arbitrary: routeArb.map((g) => ({ route: g })) },
);

function build(g: { op?: OpPick; route?: { path: string; method: string; withKey: boolean } }): FuzzRequest {
  return g.op ? buildOpRequest(g.op) : buildRouteRequest(g.route!);
}

async function send(r: FuzzRequest): Promise<HttpResult> {
  const res = await fetch(h.url + r.path, {
    method: r.method,
    headers: r.headers,
    body: r.body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const describeRequest = (r: FuzzRequest, res?: HttpResult) =>
  `${r.kind} ${r.method} ${r.path.slice(0, 120)} [${r.reason ?? 'may pass'}] ` +
  `body=${typeof r.body === 'string' ? r.body.slice(0, 160) : r.body ? '<bytes>' : '-'} ` +
  `headers=${JSON.stringify(r.headers)}` +
  (res ? ` → ${res.status} ${res.text.slice(0, 300)}` : '');

interface Figures {
  requests: number;
  byStatus: Record<number, number>;
  byKind: Record<string, number>;
  perOperation: Record<string, number>;
  refused: number;
  acceptedWrites: number;
  ms: number;
}

/** Whether a request may change domain rows (a write that is not sure to be refused). */
const mayWrite = (r: FuzzRequest) => r.op !== undefined && WRITES.has(r.op) && !r.refused;

/**
 * Sends the requests and checks each. Requests that may write run alone, so a change is pinned on the request
 * that made it; the others run 8 at a time, and no row may change while they do.
 */
async function run(requests: FuzzRequest[], failures: string[]): Promise<Figures> {
  const figures: Figures = {
    requests: 0,
    byStatus: {},
    byKind: {},
    perOperation: {},
    refused: 0,
    acceptedWrites: 0,
    ms: 0,
  };
  const started = performance.now();
  let sinceAlive = 0;

  async function one(r: FuzzRequest): Promise<boolean> {
    let res: HttpResult;
    try {
      res = await send(r);
    } catch (e) {
      failures.push(`no reply (${(e as Error).message}): ${describeRequest(r)}`);
      return false;
    }
    figures.requests++;
    figures.byStatus[res.status] = (figures.byStatus[res.status] ?? 0) + 1;
    figures.byKind[r.kind] = (figures.byKind[r.kind] ?? 0) + 1;
    if (r.op) figures.perOperation[r.op] = (figures.perOperation[r.op] ?? 0) + 1;
    const path = new URL(h.url + r.path).pathname;
    const isApi = API.some((p) => p.test(path));
    const accepted = res.status < 300;
    if (!accepted) figures.refused++;
    if (accepted && r.op && WRITES.has(r.op)) figures.acceptedWrites++;
    if (res.status >= 500) failures.push(`HTTP ${res.status}: ${describeRequest(r, res)}`);
    else if (r.refused && accepted) failures.push(`accepted but must be refused: ${describeRequest(r, res)}`);
    else if (!accepted && r.method !== 'HEAD') {
      if (isApi) {
        const why = improperError(res, r.op === 'RequestLogs');
        if (why) failures.push(`improper error reply (${why}): ${describeRequest(r, res)}`);
      } else if (res.status !== 404) failures.push(`outside the API, not 404: ${describeRequest(r, res)}`);
    }
    return accepted;
  }

  let i = 0;
  while (i < requests.length && failures.length <= 20) {
    const before = watch.changes();
    if (mayWrite(requests[i])) {
      const r = requests[i++];
      const accepted = await one(r);
      const after = watch.changes();
      if (after !== before && !accepted)
        failures.push(`${after - before} domain rows changed by a refused write: ${describeRequest(r)}`);
      sinceAlive++;
    } else {
      const batch: FuzzRequest[] = [];
      while (i < requests.length && batch.length < 8 && !mayWrite(requests[i])) batch.push(requests[i++]);
      await Promise.all(batch.map(one));
      const after = watch.changes();
      if (after !== before)
        failures.push(
          `${after - before} domain rows changed by reads or refused writes: ${batch.map((r) => describeRequest(r)).join(' | ')}`,
        );
      sinceAlive += batch.length;
    }
    if (sinceAlive >= 1000) {
      sinceAlive = 0;
      const alive = await h.call('ProjectGetRequest', { authSessionKey: pm.sessionKey, projectId: 1 });
      if (alive.status !== 200) failures.push(`service not answering after ${i} requests: ${alive.status}`);
    }
  }
  figures.ms = Math.round(performance.now() - started);
  return figures;
}

describe('service fuzz (issue 11, suite 1)', () => {
  it(`${MIXED.toLocaleString('en')} generated requests across the 20 operations and beyond: no 5xx, proper errors, refusals change nothing`, async () => {
    const requests = fc.sample(requestArb, { seed: SEED, numRuns: MIXED }).map(build);
    // Every operation is in the mix.
    expect(new Set(requests.map((r) => r.op).filter(Boolean)).size).toBe(20);
    const failures: string[] = [];
    const figures = await run(requests, failures);
    console.log(`[fuzz] mixed: ${JSON.stringify(figures)}`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(figures.requests).toBe(MIXED);
  }, 600_000);

  it("answers a URL the router cannot decode with a ResponseStatus, not the framework's own body", async () => {
    for (const path of ['/api/internal/%ZZ', '/json/reply/%E0%A4%A', '/requestlogs/%']) {
      const res = await h.request('POST', path, { body: { authSessionKey: pm.sessionKey } });
      expect(res.status, path).toBe(400);
      expect(improperError(res, false), path).toBeUndefined();
      expect(res.json.responseStatus.errorCode).toBe('BadRequest');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const alive = await h.call('ProjectGetRequest', { authSessionKey: pm.sessionKey, projectId: 1 });
    expect(alive.status).toBe(200);
  });

  it(`${REFUSED_WRITES.toLocaleString('en')} writes that must be refused leave every domain table's checksum as it was`, async () => {
    const writes = fc
      .sample(
        opArb.filter((g) => WRITES.has(g.op)),
        { seed: SEED + 1, numRuns: REFUSED_WRITES * 4 },
      )
      .map((g) => buildOpRequest(g as OpPick))
      .filter((r) => r.refused)
      .slice(0, REFUSED_WRITES);
    expect(writes.length).toBe(REFUSED_WRITES);
    const reasons: Record<string, number> = {};
    for (const r of writes) reasons[r.reason!] = (reasons[r.reason!] ?? 0) + 1;
    const before = watch.checksum();
    const rows = watch.rowCount();
    const failures: string[] = [];
    const figures = await run(writes, failures);
    const after = watch.checksum();
    console.log(
      `[fuzz] refused writes: ${JSON.stringify({ ...figures, reasons, domainRows: rows, checksum: before.slice(0, 16) })}`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(figures.refused).toBe(REFUSED_WRITES);
    expect(after).toBe(before);
    const alive = await h.call('ProjectGetRequest', { authSessionKey: pm.sessionKey, projectId: 1 });
    expect(alive.status).toBe(200);
  }, 120_000);
});
