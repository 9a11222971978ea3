// Sequential round trips before each screen is complete (issue 10, part `roundtrips` of `npm run bench`).
//
// Definition. A screen's network log is every request the page makes from the start of the navigation until the
// screen is complete: its <h1> is shown and no request has been in flight for QUIET_MS (600 ms). Each request
// has a start (when the page sent it) and an end (when the last byte of its response arrived). Request B *follows*
// request A when B started at or after A's response ended and, where B names ids (`{folderId: 136}`), A's reply
// is where one of them came from: the first reply to tell it (`sourcesOf`; a request that names no id is judged by
// the time alone). The number of **sequential round trips** is the length of the longest chain A1 → A2 → … → Ak
// in which each request follows the previous one: the waterfall depth, the least number of waits for data the
// screen could not overlap. The chain by the time alone is reported beside it (`timeRoundTrips`). Counted over the service's data calls (`/api/internal/*`, `/json/reply/*`,
// `/requestlogs`); the same count over every request (document, code chunks, config.json, data) is reported
// beside it, for information (code chunks are cached after the first visit).
//
// Each screen is opened twice, signed in as admin (the session put in sessionStorage, as the sign-in form leaves
// it), in a new browser profile (empty HTTP cache, no localStorage):
//  - in the app (the figure of the budget): the project's dashboard is loaded, then the screen is opened by a
//    client-side navigation (history.pushState + popstate, what a link does), so what the dashboard fetched is
//    cached, as it is for a person who got there through the console;
//  - cold: a full page load of the screen's URL, i.e. a bookmark opened the first time.
// Budget: in the app, 1 where the screen's data does not depend on data, 2 where it does (`dependsOnData` says
// why). Cold, 2: every project screen's navbar shows the project's containers, the children of its root folder,
// whose id only ProjectGet tells. Never more than 2.
//
// Every data call is held DATA_LATENCY_MS in the browser before it is sent (a service across a WAN): requests
// a screen sends together then start within a few ms of each other and end ≥ 300 ms later, so a chain measures
// waiting for data, not the CPU of a shared machine delaying a request past the end of a 5 ms reply. Starts and
// ends are taken when Playwright reports the request and its end (`request`, `requestfinished`).
//
//   npx tsx bench/roundtrips.ts http://127.0.0.1:PORT    (a running service with the built console; prints JSON)
import { type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { launchChromium } from './harness/browser';

export interface Screen {
  id: string;
  name: string;
  /** The route's `path:` in src/app/router.tsx (screens whose route is missing are reported as such). */
  route: string;
  /** The URL opened (seeded ids: docs/service-domain.md). */
  url: string;
  /** The screen's own data needs an id that only another reply tells. */
  dependsOnData?: string;
  /** Where the in-app navigation starts (default: the project's dashboard). */
  from?: string;
  /** A budget moved from the rule above, with the reason (docs/performance.md). */
  budget?: { app: number; cold: number; why: string };
}

// Project 1 of the seed: containers Documents 2, RFIs 4, Punch List 5, Submittals 6, Daily Reports 7, Meetings
// 8; 'Owner Contracts' 11 (Documents › Contracts › Owner Contracts); RFI-001 101; submittal package 1000;
// meeting 3000; the last seeded daily report is 10/30/2026.
export const SCREENS: Screen[] = [
  {
    id: 'start',
    name: 'Start page (projects)',
    route: 'features/projects/StartPage',
    url: '/',
    from: '/projects/1',
  },
  {
    id: 'dashboard',
    name: 'Project dashboard',
    route: 'path: routes.project.pattern',
    url: '/projects/1',
    from: '/',
    // Issue 22's work panels: the screen is complete when its last panel is, and the interface has no list with
    // the details a panel counts (due dates, statuses, minutes): project → containers → each container's list →
    // one read per RFI / meeting, all of a step sent together. The project's details and folders (what the
    // screen showed before) still arrive within the old budget (1 / 2); the panels fill in after.
    budget: {
      app: 4,
      cold: 4,
      why: 'work panels: project → containers → lists → one read per RFI / meeting (no list with details)',
    },
  },
  {
    id: 'folder',
    name: 'Folder (nested: Documents › Contracts › Owner Contracts)',
    route: 'path: routes.folder.pattern',
    url: '/projects/1/folders/11',
    dependsOnData: 'the folder tree opens the folder’s parent, whose id comes with the folder',
  },
  {
    id: 'documents',
    name: 'Documents (200 documents)',
    route: 'path: routes.folder.pattern',
    url: '/projects/1/folders/2',
  },
  {
    id: 'folder-edit',
    name: 'Folder edit',
    route: 'path: routes.folderEdit.pattern',
    url: '/projects/1/folders/2/edit',
  },
  {
    id: 'rfi-list',
    name: 'RFI list',
    route: 'path: routes.rfis.pattern',
    url: '/projects/1/rfis/4',
    dependsOnData:
      'each RFI’s details are read by the ids the RFI container’s list gives (the interface has no list of details)',
  },
  { id: 'rfi', name: 'RFI', route: 'path: routes.rfi.pattern', url: '/projects/1/rfis/4/101' },
  {
    id: 'request-log',
    name: 'Request log',
    route: 'path: routes.requestLog.pattern',
    url: '/admin/request-log',
  },
  {
    id: 'punch-list',
    name: 'Punch list',
    route: 'path: routes.punchList.pattern',
    url: '/projects/1/punch-list/5',
  },
  {
    id: 'submittals',
    name: 'Submittal packages',
    route: 'path: routes.submittals.pattern',
    url: '/projects/1/submittals/6',
  },
  {
    id: 'submittal-package',
    name: 'Submittal package',
    route: 'path: routes.submittalPackage.pattern',
    url: '/projects/1/submittals/6/1000',
    dependsOnData: 'the attachments are read per item, and the items are the package’s child folders',
  },
  {
    id: 'daily-report',
    name: 'Daily report (by container and day)',
    route: 'path: routes.dailyReport.pattern',
    url: '/projects/1/daily-reports/7/2026-10-30',
    dependsOnData: 'the report is found by its day among the Daily Reports container’s children',
  },
  {
    id: 'daily-report-latest',
    name: 'Daily reports container (opens the latest)',
    route: 'path: routes.dailyReport.pattern',
    url: '/projects/1/daily-reports/7',
    dependsOnData: 'the latest report is found among the Daily Reports container’s children',
  },
  {
    id: 'meeting',
    name: 'Meeting',
    route: 'path: routes.meeting.pattern',
    url: '/projects/1/meetings/3000',
    // Previous / next in the series: the meeting names its folder, the folder's children are the series, and
    // each one's date is only in its own read (the interface has no meeting list). The meeting and its minutes
    // still arrive within the old budget (1 / 2); the series is asked for as soon as the meeting is in.
    budget: {
      app: 1,
      cold: 3,
      why: 'series: meeting → its folder’s children → one read per meeting (no meeting list with dates)',
    },
  },
  {
    id: 'api-explorer',
    name: 'API explorer',
    route: 'path: routes.apiExplorer.pattern',
    url: '/api-explorer',
  },
];

const QUIET_MS = 600;
const SCREEN_TIMEOUT_MS = 30_000;

interface Logged extends DataFlow {
  url: string;
  method: string;
  kind: 'data' | 'other';
  start: number;
  end: number;
}

export interface Visit {
  /** Longest chain of data calls, each started after the previous one's response ended. */
  dataRoundTrips: number;
  /** The same by the time alone (the ids left out), for information: what a loaded machine adds. */
  timeRoundTrips: number;
  /** The same over every request (document, code, config, data). */
  allRoundTrips: number;
  dataRequests: number;
  requests: number;
  /** The data chain, e.g. ["project/get", "folder/readissuefolder"]. */
  chain: string[];
  completeMs: number;
  heading: string;
  /** Every request: ms from the navigation's first request to its start and its end. */
  log: { url: string; start: number; end: number }[];
}

export interface ScreenResult {
  id: string;
  name: string;
  url: string;
  status: 'measured' | 'no route' | 'error';
  error?: string;
  budgetCold: number;
  budgetNav: number;
  dependsOnData?: string;
  cold?: Visit;
  nav?: Visit;
  pass?: boolean;
}

const ID_KEY = /id$/i;

/**
 * What an id field names, so that ids are compared within one kind: `folderId`, `folderParentId`,
 * `parentFolderId` and `rootFolderId` are all folders, `folderProjectId` is a project, `meetingMinuteId` is a
 * minute (a minute numbered 101 is not RFI folder 101). A plain `id` is any kind ('').
 */
export function idKind(key: string): string {
  const k = key.toLowerCase().replace(/ids?$/, '');
  if (k.endsWith('project')) return 'project';
  return k.includes('folder') ? 'folder' : k;
}

const idToken = (key: string, value: unknown) => `${idKind(key)}:${String(value)}`;

/** The ids a data call asks for: its JSON body's (or query's) top-level id fields (`{folderId: 11}`). */
function requestIds(body: string | null, search: string): [string, string][] {
  const pairs: [string, unknown][] = [...new URLSearchParams(search).entries()];
  if (body) {
    try {
      pairs.push(...Object.entries(JSON.parse(body) as Record<string, unknown>));
    } catch {
      // not JSON: no ids
    }
  }
  return pairs
    .filter(([k, v]) => ID_KEY.test(k) && (typeof v === 'number' || (typeof v === 'string' && v !== '')))
    .map(([k, v]) => [k, String(v)]);
}

/** Every id a JSON reply tells, anywhere in it, as `kind:value` tokens (`folder:136`). */
export function replyIdsOf(json: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(json)) for (const v of json) replyIdsOf(v, into);
  else if (json && typeof json === 'object') {
    for (const [k, v] of Object.entries(json)) {
      if (ID_KEY.test(k) && (typeof v === 'number' || typeof v === 'string')) {
        into.add(idToken(k, v));
      } else if (/ids$/i.test(k) && Array.isArray(v)) {
        for (const x of v) if (typeof x === 'number' || typeof x === 'string') into.add(idToken(k, x));
      } else {
        replyIdsOf(v, into);
      }
    }
  }
  return into;
}

const isData = (path: string) =>
  path.startsWith('/api/internal/') || path.startsWith('/json/reply/') || path.startsWith('/requestlogs');

/**
 * A reply is handed to the page a little before the network log marks its end (the loading-finished event), so
 * a request sent in reaction to a reply can appear to start up to a few ms before that reply's end.
 */
export const FOLLOW_TOLERANCE_MS = 10;

/**
 * Every data call is answered no sooner than this after it was sent (held in the browser, then sent on): a
 * service across a WAN. Requests a screen sends together then start within a few ms of each other and end
 * ≥ 300 ms later, so a chain measures waiting for data, not the CPU of a shared machine delaying a request
 * past the end of a 5 ms reply. Code, CSS and config.json are not delayed.
 */
export const DATA_LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 300);

/** The ids a request asks for and the ids its reply tells (see `follows`). */
export interface DataFlow {
  /** The request's id fields as `kind:value` (`{folderId: 136}` → "folder:136", see `idKind`); none if it names no id. */
  ids?: string[];
  /** Every id field anywhere in the reply, the same way (`rootFolderId: 1` → "folder:1", a plain `id: 7` → ":7"). */
  replyIds?: ReadonlySet<string>;
}

const tells = (a: DataFlow, id: string) =>
  !!a.replyIds && (a.replyIds.has(id) || a.replyIds.has(id.replace(/^[^:]*:/, ':')));

/**
 * The requests B can follow, or null where the time alone decides (any request B was sent after).
 *
 * A request that names ids waited for the reply that first told one of them: for each of its ids, the reply
 * that told it and ended first (among those that ended before B was sent). A request whose ids no earlier reply
 * told needed no reply (its ids came with the address). A request that names no id, or one sent after a reply
 * that could not be read, is judged by the time alone.
 *
 * Why not the time alone: a call that waited for the page's CPU (the dashboard's 36 RFI reads, sent one per task
 * while a loaded machine draws other replies) or for code started after unrelated replies ended and counted as
 * one more round trip. With a CPU burner the time alone made the dashboard 5 and the RFI list 3 on a first visit,
 * for the same requests and data flow that read 4 and 2 on a quiet machine. And not "any reply that told an id":
 * a meeting's minutes link RFIs the RFI list told long before.
 */
function sourcesOf<T extends { start: number; end: number } & DataFlow>(r: T, items: T[]): Set<T> | null {
  if (!r.ids?.length) return null;
  const before = items.filter((a) => a !== r && a.start < r.start && a.end - FOLLOW_TOLERANCE_MS <= r.start);
  if (before.some((a) => !a.replyIds)) return null;
  const sources = new Set<T>();
  for (const id of r.ids) {
    let first: T | undefined;
    for (const a of before) if (tells(a, id) && (!first || a.end < first.end)) first = a;
    if (first) sources.add(first);
  }
  return sources;
}

/**
 * Longest chain of requests in which each follows the previous one, and the chain itself. B follows A when B was
 * sent at or after A's reply ended (FOLLOW_TOLERANCE_MS) and, where B names ids, A is where they came from
 * (`sourcesOf`).
 */
export function longestChain<T extends { start: number; end: number } & DataFlow>(items: T[]): T[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  const depth: number[] = [];
  const prev: number[] = [];
  sorted.forEach((r, i) => {
    depth[i] = 1;
    prev[i] = -1;
    const sources = sourcesOf(r, sorted);
    for (let j = 0; j < i; j++) {
      const a = sorted[j];
      const follows = sources ? sources.has(a) : a.start < r.start && a.end - FOLLOW_TOLERANCE_MS <= r.start;
      if (follows && depth[j] + 1 > depth[i]) {
        depth[i] = depth[j] + 1;
        prev[i] = j;
      }
    }
  });
  let best = -1;
  depth.forEach((d, i) => {
    if (best < 0 || d > depth[best]) best = i;
  });
  const chain: T[] = [];
  for (let i = best; i >= 0; i = prev[i]) chain.unshift(sorted[i]);
  return chain;
}

const HOME = '/projects/1';

/**
 * Runs `navigate` and logs the page's requests until the screen is complete: an <h1> is shown (and, with
 * `expectPath`, the address is that path) and no request has been in flight for QUIET_MS.
 */
async function visit(page: Page, navigate: () => Promise<unknown>, expectPath?: string): Promise<Visit> {
  const log: Logged[] = [];
  /** The data replies' bodies being read (for the ids they tell). */
  const reading: Promise<void>[] = [];
  const sent = new Map<Request, number>();
  let inFlight = 0;
  let lastActivity = Date.now();
  const onRequest = (request: Request) => {
    sent.set(request, performance.now());
    inFlight++;
    lastActivity = Date.now();
  };
  const onDone = (request: Request, failed: boolean) => {
    const end = performance.now();
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
    const start = sent.get(request);
    if (failed || start === undefined) return;
    const u = new URL(request.url());
    const ids = requestIds(request.postData(), u.search);
    const entry: Logged = {
      url: u.pathname + u.search + (ids.length ? ` {${ids.map(([k, v]) => `${k}: ${v}`).join(', ')}}` : ''),
      method: request.method(),
      kind: isData(u.pathname) ? 'data' : 'other',
      start,
      end,
      ids: ids.map(([k, v]) => idToken(k, v)),
    };
    log.push(entry);
    if (entry.kind === 'data')
      reading.push(
        request
          .response()
          .then((r) => r?.json())
          .then((json: unknown) => void (entry.replyIds = replyIdsOf(json)))
          .catch(() => undefined),
      );
  };
  const onFinished = (r: Request) => onDone(r, false);
  const onFailed = (r: Request) => onDone(r, true);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  const started = Date.now();
  try {
    await navigate();
    if (expectPath) await page.waitForURL((u) => u.pathname === expectPath, { timeout: SCREEN_TIMEOUT_MS });
    const h1 = page.locator('h1').first();
    await h1.waitFor({ state: 'visible', timeout: SCREEN_TIMEOUT_MS });
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() - started > SCREEN_TIMEOUT_MS)
        throw new Error(`${page.url()}: network not quiet after 30 s`);
      await page.waitForTimeout(50);
    }
    const completeMs = lastActivity - started;
    await Promise.all(reading);
    const heading = ((await h1.textContent()) ?? '').trim();
    const data = log.filter((r) => r.kind === 'data');
    const chain = longestChain(data);
    return {
      dataRoundTrips: chain.length,
      timeRoundTrips: longestChain(data.map(({ start, end }) => ({ start, end }))).length,
      allRoundTrips: longestChain(log).length,
      dataRequests: data.length,
      requests: log.length,
      chain: chain.map((r) => r.url.replace(/^\/api\/internal\//, '').replace(/\?.*$/, '')),
      completeMs,
      heading,
      log: [...log]
        .sort((a, b) => a.start - b.start)
        .map((r) => ({
          url: `${r.method} ${r.url}`,
          start: Math.round(r.start - Math.min(...log.map((x) => x.start))),
          end: Math.round(r.end - Math.min(...log.map((x) => x.start))),
        })),
    };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
  }
}

async function signInSession(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/internal/authenticateuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: 'admin' }),
  });
  const reply = (await res.json()) as { authSessionKey?: string; apiKey?: string };
  if (!reply.authSessionKey || !reply.apiKey) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
  return { sessionKey: reply.authSessionKey, apiKey: reply.apiKey, userName: 'admin', isAdmin: true };
}

export interface RoundTripOptions {
  baseUrl: string;
  /** src/app/router.tsx as text: screens whose route pattern is not in it are reported as 'no route'. */
  routerSource?: string;
  screens?: Screen[];
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
}

export async function measureRoundTrips(options: RoundTripOptions): Promise<ScreenResult[]> {
  const { baseUrl, routerSource, signal, onProgress } = options;
  const screens = options.screens ?? SCREENS;
  const session = await signInSession(baseUrl);
  const browser: Browser = await launchChromium();
  const newContext = async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 860 },
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
    });
    await context.route(
      (u) => isData(u.pathname),
      async (route) => {
        await new Promise((r) => setTimeout(r, DATA_LATENCY_MS));
        await route.continue();
      },
    );
    await context.addInitScript(
      `if (!sessionStorage.getItem('pm-console.session')) sessionStorage.setItem('pm-console.session', ${JSON.stringify(JSON.stringify(session))});`,
    );
    return context;
  };
  const results: ScreenResult[] = [];
  try {
    for (const screen of screens) {
      if (signal?.aborted) break;
      const budgetCold = screen.budget?.cold ?? 2;
      const budgetNav = screen.budget?.app ?? (screen.dependsOnData ? 2 : 1);
      const base = {
        id: screen.id,
        name: screen.name,
        url: screen.url,
        budgetCold,
        budgetNav,
        dependsOnData: screen.dependsOnData ?? screen.budget?.why,
      };
      if (routerSource !== undefined && !routerSource.includes(screen.route)) {
        results.push({ ...base, status: 'no route' });
        onProgress?.(`  ${screen.id}: no route ${screen.route} in src/app/router.tsx`);
        continue;
      }
      let context: BrowserContext | undefined;
      try {
        context = await newContext();
        const page = await context.newPage();
        const cold = await visit(page, () => page.goto(screen.url, { waitUntil: 'commit' }));
        // In the app: the project's dashboard (a full load), then the screen by a client-side navigation.
        await visit(page, () => page.goto(screen.from ?? HOME, { waitUntil: 'commit' }));
        const nav = await visit(
          page,
          async () => {
            await page.evaluate((url) => {
              history.pushState(null, '', url);
              dispatchEvent(new PopStateEvent('popstate', { state: null }));
            }, screen.url);
          },
          screen.url,
        );
        const pass = cold.dataRoundTrips <= budgetCold && nav.dataRoundTrips <= budgetNav;
        results.push({ ...base, status: 'measured', cold, nav, pass });
        onProgress?.(
          `  ${screen.id}: cold ${cold.dataRoundTrips} (${cold.chain.join(' → ')}), in-app ${nav.dataRoundTrips}` +
            ` (${nav.chain.join(' → ')}) — "${nav.heading}"`,
        );
      } catch (e) {
        results.push({
          ...base,
          status: 'error',
          error: e instanceof Error ? e.message.split('\n')[0] : String(e),
        });
        onProgress?.(`  ${screen.id}: error ${results[results.length - 1].error}`);
      } finally {
        await context?.close().catch(() => undefined);
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import('node:fs');
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
  const only = process.argv[3]?.split(',');
  const results = await measureRoundTrips({
    baseUrl,
    routerSource: readFileSync('src/app/router.tsx', 'utf8'),
    screens: only ? SCREENS.filter((s) => only.includes(s.id)) : SCREENS,
    onProgress: (l) => console.error(l),
  });
  console.log(JSON.stringify(results, null, 2));
}
