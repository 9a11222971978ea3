// Every route the console has, in one place. Screens link through these, never by hand-built strings.
import type { FolderKind } from '../contract/codes';
import type { Folder } from '../contract/dtos';
import { folderKind, type AppConfig } from '../config/config';

export const paths = {
  home: '/',
  requestLog: (search = '') => `/admin/request-log${search ? `?${search}` : ''}`,
  apiExplorer: (search = '') => `/api-explorer${search ? `?${search}` : ''}`,
  signIn: (next?: string) => (next && next !== '/' ? `/signin?next=${encodeURIComponent(next)}` : '/signin'),
  project: (projectId: number) => `/projects/${projectId}`,
  folder: (projectId: number, folderId: number) => `/projects/${projectId}/folders/${folderId}`,
  folderEdit: (projectId: number, folderId: number) => `/projects/${projectId}/folders/${folderId}/edit`,
  rfis: (projectId: number, containerId: number, search = '') =>
    `/projects/${projectId}/rfis/${containerId}${search ? `?${search}` : ''}`,
  rfi: (projectId: number, containerId: number, rfiId: number) =>
    `/projects/${projectId}/rfis/${containerId}/${rfiId}`,
  punchList: (projectId: number, containerId: number) => `/projects/${projectId}/punch-list/${containerId}`,
  submittals: (projectId: number, containerId: number) => `/projects/${projectId}/submittals/${containerId}`,
  submittalPackage: (projectId: number, containerId: number, packageId: number, search = '') =>
    `/projects/${projectId}/submittals/${containerId}/${packageId}${search ? `?${search}` : ''}`,
  /** A Daily Reports container (its folder id): the route redirects to its latest report. */
  dailyReports: (projectId: number, containerId: number) =>
    `/projects/${projectId}/daily-reports/${containerId}`,
  /**
   * A daily report by its container and its day (YYYY-MM-DD); `reportFolderId` picks one of several reports of
   * the same day. The container id in the URL lets a cold load read the reports without the project first.
   */
  dailyReport: (projectId: number, containerId: number, day: string, reportFolderId?: number) =>
    `/projects/${projectId}/daily-reports/${containerId}/${day}${reportFolderId ? `?report=${reportFolderId}` : ''}`,
  /**
   * The older address without the container (`/daily-reports[/YYYY-MM-DD]`), kept for bookmarks and for places
   * that know only the project: the route finds the project's Daily Reports container and redirects (replace).
   */
  dailyReportsOfProject: (projectId: number, day?: string) =>
    `/projects/${projectId}/daily-reports${day ? `/${day}` : ''}`,
  meeting: (projectId: number, folderId: number, search = '') =>
    `/projects/${projectId}/meetings/${folderId}${search ? `?${search}` : ''}`,
};

/**
 * Screens for folder kinds that have their own. Until the item screens exist every kind opens the folder view;
 * the screen issues add their kinds here (e.g. `dailyReport` → the daily-report screen).
 */
const screensByKind: Partial<Record<FolderKind, (projectId: number, folder: Folder) => string>> = {
  rfis: (projectId, folder) => paths.rfis(projectId, folder.folderId ?? 0),
  rfi: (projectId, folder) =>
    folder.folderParentId
      ? paths.rfi(projectId, folder.folderParentId, folder.folderId ?? 0)
      : paths.folder(projectId, folder.folderId ?? 0),
  punchList: (projectId, folder) => paths.punchList(projectId, folder.folderId ?? 0),
  submittals: (projectId, folder) => paths.submittals(projectId, folder.folderId ?? 0),
  submittalPackage: (projectId, folder) =>
    folder.folderParentId
      ? paths.submittalPackage(projectId, folder.folderParentId, folder.folderId ?? 0)
      : paths.folder(projectId, folder.folderId ?? 0),
  dailyReports: (projectId, folder) => paths.dailyReports(projectId, folder.folderId ?? 0),
  // A report folder's container is its parent.
  dailyReport: (projectId, folder) => {
    const day = reportDay(folder);
    return day && folder.folderParentId
      ? paths.dailyReport(projectId, folder.folderParentId, day)
      : paths.folder(projectId, folder.folderId ?? 0);
  },
  meeting: (projectId, folder) => paths.meeting(projectId, folder.folderId ?? 0),
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
  return screen ? screen(projectId, folder) : paths.folder(projectId, folder.folderId);
}

/** A `next` parameter is followed only to a path of this app (no `//host`, no scheme), never back to sign-in. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home;
  if (next === '/signin' || next.startsWith('/signin?') || next.startsWith('/signin/')) return paths.home;
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
