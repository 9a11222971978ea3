// Every route the console has, in one place: the pattern router.tsx matches and the builder screens link with,
// declared together. Screens link through these, never by hand-built strings.
import type { FolderKind } from '../contract/codes';
import type { Folder } from '../contract/dtos';
import { folderKind, type AppConfig } from '../config/config';

/**
 * A route: the pattern router.tsx matches (absolute, so a child's pattern starts with its parent's) and the
 * builder screens link with. `:name?` is optional; `…Id` parameters are positive ids (`useRouteIds`).
 */
export interface Route<P extends string = string, A extends unknown[] = never[]> {
  pattern: P;
  href: (...args: A) => string;
}

const route = <const P extends string, A extends unknown[]>(pattern: P, href: (...args: A) => string) =>
  ({ pattern, href }) satisfies Route<P, A>;

const query = (search = '') => (search ? `?${search}` : '');

/** One route, three addresses: a container's latest report, the report of a day, and the older project form. */
const dailyReportsPattern = '/projects/:projectId/daily-reports/:containerId?/:date?';

export const routes = {
  /** The start page (the signed-in layout's index route). */
  home: route('/', () => '/'),
  signIn: route('/signin', (next?: string) =>
    next && next !== '/' ? `/signin?next=${encodeURIComponent(next)}` : '/signin',
  ),
  requestLog: route('/admin/request-log', (search?: string) => `/admin/request-log${query(search)}`),
  analytics: route('/admin/analytics', (search?: string) => `/admin/analytics${query(search)}`),
  /** Writes kept while offline, waiting to be sent (src/features/outbox). */
  outbox: route('/outbox', () => '/outbox'),
  apiExplorer: route('/api-explorer', (search?: string) => `/api-explorer${query(search)}`),
  project: route('/projects/:projectId', (projectId: number) => `/projects/${projectId}`),
  folder: route(
    '/projects/:projectId/folders/:folderId',
    (projectId: number, folderId: number) => `/projects/${projectId}/folders/${folderId}`,
  ),
  folderEdit: route(
    '/projects/:projectId/folders/:folderId/edit',
    (projectId: number, folderId: number) => `/projects/${projectId}/folders/${folderId}/edit`,
  ),
  rfis: route(
    '/projects/:projectId/rfis/:containerId',
    (projectId: number, containerId: number, search?: string) =>
      `/projects/${projectId}/rfis/${containerId}${query(search)}`,
  ),
  rfi: route(
    '/projects/:projectId/rfis/:containerId/:rfiId',
    (projectId: number, containerId: number, rfiId: number) =>
      `/projects/${projectId}/rfis/${containerId}/${rfiId}`,
  ),
  punchList: route(
    '/projects/:projectId/punch-list/:containerId',
    (projectId: number, containerId: number) => `/projects/${projectId}/punch-list/${containerId}`,
  ),
  submittals: route(
    '/projects/:projectId/submittals/:containerId',
    (projectId: number, containerId: number) => `/projects/${projectId}/submittals/${containerId}`,
  ),
  submittalPackage: route(
    '/projects/:projectId/submittals/:containerId/:packageId',
    (projectId: number, containerId: number, packageId: number, search?: string) =>
      `/projects/${projectId}/submittals/${containerId}/${packageId}${query(search)}`,
  ),
  /** A Daily Reports container (its folder id): the route redirects to its latest report. */
  dailyReports: route(
    dailyReportsPattern,
    (projectId: number, containerId: number) => `/projects/${projectId}/daily-reports/${containerId}`,
  ),
  /**
   * A daily report by its container and its day (YYYY-MM-DD); `reportFolderId` picks one of several reports of
   * the same day. The container id in the URL lets a cold load read the reports without the project first.
   */
  dailyReport: route(
    dailyReportsPattern,
    (projectId: number, containerId: number, day: string, reportFolderId?: number) =>
      `/projects/${projectId}/daily-reports/${containerId}/${day}${reportFolderId ? `?report=${reportFolderId}` : ''}`,
  ),
  /**
   * The older address without the container (`/daily-reports[/YYYY-MM-DD]`), kept for bookmarks and for places
   * that know only the project: the route finds the project's Daily Reports container and redirects (replace).
   */
  dailyReportsOfProject: route(
    dailyReportsPattern,
    (projectId: number, day?: string) => `/projects/${projectId}/daily-reports${day ? `/${day}` : ''}`,
  ),
  meeting: route(
    '/projects/:projectId/meetings/:folderId',
    (projectId: number, folderId: number, search?: string) =>
      `/projects/${projectId}/meetings/${folderId}${query(search)}`,
  ),
};

/**
 * Screens for folder kinds that have their own. Until the item screens exist every kind opens the folder view;
 * the screen issues add their kinds here (e.g. `dailyReport` → the daily-report screen).
 */
const screensByKind: Partial<Record<FolderKind, (projectId: number, folder: Folder) => string>> = {
  rfis: (projectId, folder) => routes.rfis.href(projectId, folder.folderId ?? 0),
  rfi: (projectId, folder) =>
    folder.folderParentId
      ? routes.rfi.href(projectId, folder.folderParentId, folder.folderId ?? 0)
      : routes.folder.href(projectId, folder.folderId ?? 0),
  punchList: (projectId, folder) => routes.punchList.href(projectId, folder.folderId ?? 0),
  submittals: (projectId, folder) => routes.submittals.href(projectId, folder.folderId ?? 0),
  submittalPackage: (projectId, folder) =>
    folder.folderParentId
      ? routes.submittalPackage.href(projectId, folder.folderParentId, folder.folderId ?? 0)
      : routes.folder.href(projectId, folder.folderId ?? 0),
  dailyReports: (projectId, folder) => routes.dailyReports.href(projectId, folder.folderId ?? 0),
  // A report folder's container is its parent.
  dailyReport: (projectId, folder) => {
    const day = reportDay(folder);
    return day && folder.folderParentId
      ? routes.dailyReport.href(projectId, folder.folderParentId, day)
      : routes.folder.href(projectId, folder.folderId ?? 0);
  },
  meeting: (projectId, folder) => routes.meeting.href(projectId, folder.folderId ?? 0),
};

/**
 * The day (YYYY-MM-DD) a daily-report folder is addressed by: the date in its name (`Daily Report 10/30/2026`,
 * MM/DD/YYYY or YYYY-MM-DD), else the local day it was created.
 */
export function reportDay({ folderName = '', createdDate: d }: Folder): string | undefined {
  const us = /(\d\d?)\/(\d\d?)\/(\d{4})/.exec(folderName);
  const [y, m, day] = us
    ? [us[3], us[1], us[2]]
    : (/(\d{4})-(\d\d)-(\d\d)/.exec(folderName)?.slice(1) ??
      (d && d.getTime() === d.getTime() ? [d.getFullYear(), d.getMonth() + 1, d.getDate()] : []));
  return y ? [y, m, day].map((v) => String(v).padStart(2, '0')).join('-') : undefined;
}

/** The route that opens a folder, chosen by its type (codes mapped to kinds by config.json). */
export function folderPath(projectId: number, folder: Folder, config: AppConfig): string | undefined {
  if (folder.folderId === undefined) return undefined;
  const kind = folderKind(config, folder);
  const screen = kind ? screensByKind[kind] : undefined;
  return screen ? screen(projectId, folder) : routes.folder.href(projectId, folder.folderId);
}

/** A `next` parameter is followed only to a path of this app (no `//host`, no scheme), never back to sign-in. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return routes.home.href();
  if (next === '/signin' || next.startsWith('/signin?') || next.startsWith('/signin/'))
    return routes.home.href();
  return next;
}

/** What a loader throws for an address that names nothing (the route's error boundary shows "not found"). */
export const notFound = () => new Response('Not found', { status: 404, statusText: 'Not found' });

/** Route parameter → positive id; anything else is a 404. */
export function routeId(value: string | undefined): number {
  const id = parseId(value);
  if (id === undefined) throw notFound();
  return id;
}

/** Route parameter → positive id, or undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
}
