// Service-test harness: starts the reference service on a free port with a fresh data directory and speaks
// HTTP to it the way any client would (fetch, raw text kept for wire checks). A test file (or a describe block)
// gets its service with `const h = useHarness()` and project 1's seed ids with `const ids = useSeedIds(h)`.
// The seed's "today" is pinned to 2026-11-01 (SEED_TODAY) unless the options say otherwise, so every date the
// tests rely on (overdue RFIs, the meetings, the daily reports) is the same whatever day they run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderTypes } from '../../src/contract/codes';
import {
  operationPath,
  operations,
  type OperationName,
  type RouteStyle,
} from '../../src/contract/operations';
import { PINNED_SEED_TODAY, seedIds } from '../../server/db/seed';
import { afterAll, beforeAll } from 'vitest';
import { startService, type RunningService, type ServiceOptions } from '../../server/service';

// Replies are checked field by field; `any` keeps the assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when the body is not JSON (JSONP, empty, text). */
  json: Json;
}

export interface HttpInit {
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | (string | number)[]>;
}

export interface CallInit extends Omit<HttpInit, 'body'> {
  style?: RouteStyle;
}

export interface Credentials {
  sessionKey: string;
  apiKey: string;
}

export const PASSWORDS: Record<string, string> = { admin: 'admin', pm: 'pm' };

/** Any id no seed uses. */
export const UNKNOWN_ID = 987_654;

function queryString(query: HttpInit['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const NOT_STARTED =
  'the harness has not started: use it in a test, or in a beforeAll written after useHarness';

export type HarnessOptions = Omit<ServiceOptions, 'dataDir'>;

export class Harness {
  private running?: RunningService;
  private folder?: string;
  private options: HarnessOptions = {};
  private sessions = new Map<string, Credentials>();

  private constructor() {}

  /** Starts a service now (for one test, which closes it); a whole file or block uses `useHarness`. */
  static async start(options: HarnessOptions = {}): Promise<Harness> {
    const h = new Harness();
    await h.open(options);
    return h;
  }

  /** A harness whose service is started later, by `open` (`useHarness` does it in a beforeAll). */
  static unstarted(): Harness {
    return new Harness();
  }

  /** Makes a fresh data directory and starts the service on it on a free port. */
  async open(options: HarnessOptions = {}): Promise<void> {
    const dataDir = await mkdtemp(join(tmpdir(), 'pm-service-test-'));
    try {
      this.running = await startService({ seedToday: PINNED_SEED_TODAY, ...options, dataDir, port: 0 });
    } catch (e) {
      await rm(dataDir, { recursive: true, force: true });
      throw e;
    }
    this.folder = dataDir;
    this.options = options;
  }

  get service(): RunningService {
    if (!this.running) throw new Error(NOT_STARTED);
    return this.running;
  }

  /** A service started by the test on this harness's data directory, which `close` then stops. */
  set service(service: RunningService) {
    this.running = service;
  }

  get dataDir(): string {
    if (!this.folder) throw new Error(NOT_STARTED);
    return this.folder;
  }

  get url(): string {
    return this.service.url;
  }

  /** Any method, any path; the raw text is kept. */
  async request(method: string, path: string, init: HttpInit = {}): Promise<HttpResult> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
    }
    const res = await fetch(this.url + path + queryString(init.query), { method, headers, body });
    const text = await res.text();
    let json: Json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  post(path: string, body?: unknown, init: Omit<HttpInit, 'body'> = {}): Promise<HttpResult> {
    return this.request('POST', path, { ...init, body: body ?? {} });
  }

  /** POSTs to an operation, by its request type name, at the route of the given style. */
  call(name: OperationName, body: Record<string, unknown> = {}, init: CallInit = {}): Promise<HttpResult> {
    const path = operationPath(name, init.style ?? 'internal');
    return this.post(path, body, init);
  }

  /** Signs in (always a new session). */
  async signIn(user: string, password = PASSWORDS[user]): Promise<Credentials> {
    const res = await this.call('InternalUserAuthenticationRequest', { userName: user, password });
    if (res.status !== 200) throw new Error(`sign-in of ${user} failed: ${res.status} ${res.text}`);
    return { sessionKey: res.json.authSessionKey, apiKey: res.json.apiKey };
  }

  /** A session of the user, signed in once per harness. */
  async session(user: string): Promise<Credentials> {
    let creds = this.sessions.get(user);
    if (!creds) {
      creds = await this.signIn(user);
      this.sessions.set(user, creds);
    }
    return creds;
  }

  /** Calls a session operation as the user (`pm` unless said otherwise). */
  async as(user: string, name: OperationName, body: Record<string, unknown> = {}, init: CallInit = {}) {
    const { sessionKey } = await this.session(user);
    return this.call(name, { authSessionKey: sessionKey, ...body }, init);
  }

  /** Queries the request log as admin (GET with query parameters). */
  async logs(query: HttpInit['query'] = {}, init: { apiKey?: string; method?: string } = {}) {
    const apiKey = init.apiKey ?? (await this.session('admin')).apiKey;
    return this.request(init.method ?? 'GET', operations.RequestLogs.path, {
      query,
      headers: { authorization: `Bearer ${apiKey}` },
    });
  }

  /** Stops the service and starts it again on the same data directory (a new port). */
  async restart(): Promise<void> {
    await this.service.close();
    this.running = await startService({ ...this.options, dataDir: this.dataDir, port: 0 });
  }

  /** Stops the service and removes its data directory (nothing to do when it never started). */
  async close(): Promise<void> {
    await this.running?.close();
    if (this.folder) await rm(this.folder, { recursive: true, force: true });
    this.running = undefined;
    this.folder = undefined;
  }
}

/**
 * The service of a test file or describe block: started in a `beforeAll` (fresh data directory, free port) and
 * closed in an `afterAll`. The harness object is returned at once and works from the first hook after this call
 * on (Vitest runs `beforeAll` hooks in the order they are written and `afterAll` hooks in reverse, so a file's own
 * setup written below sees a started service, and its own cleanup runs before the service closes).
 * `options` may be a function, for options an earlier `beforeAll` makes (a static folder).
 */
export function useHarness(options: HarnessOptions | (() => HarnessOptions) = {}): Harness {
  const h = Harness.unstarted();
  beforeAll(() => h.open(typeof options === 'function' ? options() : options));
  afterAll(() => h.close());
  return h;
}

/** Project 1's seed ids (`discover`) for the harness, read in a `beforeAll` once it has started. */
export function useSeedIds(h: Harness): SeedIds {
  const ids = {} as SeedIds;
  beforeAll(async () => {
    Object.assign(ids, await discover(h));
  });
  return ids;
}

/** Fails with the reply in the message when the status is not the expected one (readable test output). */
export function expectStatus(res: HttpResult, status: number): void {
  if (res.status !== status) {
    throw new Error(`expected HTTP ${status}, got ${res.status}: ${res.text.slice(0, 1500)}`);
  }
}

/** Asserts the error block of a failed reply and returns its responseStatus. */
export function expectError(res: HttpResult, status: number, errorCode?: string): Json {
  expectStatus(res, status);
  const rs = res.json?.responseStatus;
  if (!rs) throw new Error(`no responseStatus in ${res.text.slice(0, 500)}`);
  if (errorCode !== undefined && rs.errorCode !== errorCode) {
    throw new Error(`expected errorCode ${errorCode}, got ${rs.errorCode}: ${res.text.slice(0, 800)}`);
  }
  return rs;
}

/** The field names of a 400 reply. */
export function fieldNames(res: HttpResult): string[] {
  return (res.json?.responseStatus?.errors ?? []).map((e: { fieldName: string }) => e.fieldName);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const WIRE_DATE = /^\/Date\(-?\d+-0000\)\/$/;
export const RAW_WIRE_DATE = /"\\\/Date\(-?\d+-0000\)\\\/"/;
export const ISO_DURATION = /^-?P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;

export const FT = Object.fromEntries(Object.entries(folderTypes).map(([k, v]) => [k, v.code])) as Record<
  keyof typeof folderTypes,
  number
>;

/** Ids of project 1's seed data the tests use (from the seed's `seedIds`; `navigate` finds them through the API). */
export interface SeedIds {
  projectId: number;
  rootFolderId: number;
  containers: Record<
    'documents' | 'drawings' | 'rfis' | 'punchList' | 'submittals' | 'dailyReports' | 'meetings',
    number
  >;
  /** RFI folders of project 1 (RFI-001 first). */
  rfiFolderIds: number[];
  /** RFI-003: `pm` may not modify it. */
  readOnlyRfiFolderId: number;
  /** 'Owner Contracts': a folder `pm` may not modify. */
  readOnlyFolderId: number;
  /** 'Archive (empty)': no documents, no child folders. */
  emptyFolderId: number;
  punchListFolderId: number;
  submittalPackageFolderIds: number[];
  submittalItemFolderId: number;
  dailyReportId: number;
  meetingFolderId: number;
  /** A folder that holds documents (the documents container: 200 of them). */
  documentFolderId: number;
}

/** The seed's fixed ids of project 1, plus the RFI and package lists read through the API. */
export async function discover(h: Harness): Promise<SeedIds> {
  const s = seedIds;
  const c = s.containers[0];
  const rfis = (await children(h, 'pm', c.rfis))
    .filter((f) => f.folderType === FT.rfi)
    .map((f) => f.folderId);
  const packages = (await children(h, 'pm', c.submittals))
    .filter((f) => f.folderType === FT.submittalPackage)
    .map((f) => f.folderId);
  if (rfis[0] !== s.rfiFolder || packages[0] !== s.submittalPackageFolder) {
    throw new Error(
      `seedIds disagree with the API: RFIs ${rfis.slice(0, 3)}, packages ${packages.slice(0, 3)}`,
    );
  }
  return {
    projectId: s.projects[0],
    rootFolderId: s.rootFolders[0],
    containers: c,
    rfiFolderIds: rfis,
    readOnlyRfiFolderId: s.readOnlyRfiFolders[0],
    readOnlyFolderId: s.ownerContractsFolder,
    emptyFolderId: s.emptyFolder,
    punchListFolderId: c.punchList,
    submittalPackageFolderIds: packages,
    submittalItemFolderId: s.submittalItemFolder,
    dailyReportId: s.dailyReport,
    meetingFolderId: s.meetingFolder,
    documentFolderId: c.documents,
  };
}

export async function children(h: Harness, user: string, folderParentId: number): Promise<Json[]> {
  const res = await h.as(user, 'FolderReadIssueRequest', { folderParentId });
  expectStatus(res, 200);
  return res.json.folderList ?? [];
}

/** Walks a project the way the console navigates: project → root folder → containers by type → first items. */
export async function navigate(h: Harness, projectId: number, user = 'pm') {
  const project = await h.as(user, 'ProjectGetRequest', { projectId });
  expectStatus(project, 200);
  const rootFolderId: number = project.json.project.rootFolderId;
  const top = await children(h, user, rootFolderId);
  const byType = (code: number) => top.find((f) => f.folderType === code)?.folderId as number | undefined;
  const first = async (parent: number | undefined, code: number) =>
    parent === undefined ? undefined : (await children(h, user, parent)).find((f) => f.folderType === code);
  const submittalPackage = await first(byType(FT.submittals), FT.submittalPackage);
  return {
    rootFolderId,
    containers: {
      documents: byType(FT.documents),
      drawings: byType(FT.drawings),
      rfis: byType(FT.rfis),
      punchList: byType(FT.punchList),
      submittals: byType(FT.submittals),
      dailyReports: byType(FT.dailyReports),
      meetings: byType(FT.meetings),
    },
    rfiFolder: (await first(byType(FT.rfis), FT.rfi))?.folderId,
    submittalPackageFolder: submittalPackage?.folderId,
    submittalItemFolder: (await first(submittalPackage?.folderId, FT.submittalItem))?.folderId,
    dailyReport: (await first(byType(FT.dailyReports), FT.dailyReport))?.folderReferenceId,
    meetingFolder: (await first(byType(FT.meetings), FT.meeting))?.folderId,
  };
}
