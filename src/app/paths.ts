// Every route the console has, in one place. Screens link through these, never by hand-built strings.
import type { FolderKind } from '../contract/codes';
import type { Folder } from '../contract/dtos';
import type { AppConfig } from './config';

export const paths = {
  home: '/',
  requestLog: (search = '') => `/admin/request-log${search ? `?${search}` : ''}`,
  signIn: (next?: string) => (next && next !== '/' ? `/signin?next=${encodeURIComponent(next)}` : '/signin'),
  project: (projectId: number) => `/projects/${projectId}`,
  folder: (projectId: number, folderId: number) => `/projects/${projectId}/folders/${folderId}`,
  folderEdit: (projectId: number, folderId: number) => `/projects/${projectId}/folders/${folderId}/edit`,
  rfis: (projectId: number, containerId: number, search = '') =>
    `/projects/${projectId}/rfis/${containerId}${search ? `?${search}` : ''}`,
  rfi: (projectId: number, containerId: number, rfiId: number) =>
    `/projects/${projectId}/rfis/${containerId}/${rfiId}`,
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
};

/** The route that opens a folder, chosen by its type (codes mapped to kinds by config.json). */
export function folderPath(projectId: number, folder: Folder, config: AppConfig): string | undefined {
  if (folder.folderId === undefined) return undefined;
  const kind = folder.folderType === undefined ? undefined : config.folderTypes.get(folder.folderType)?.kind;
  const screen = kind ? screensByKind[kind] : undefined;
  return screen ? screen(projectId, folder) : paths.folder(projectId, folder.folderId);
}

/** A `next` parameter is followed only to a path of this app (no `//host`, no scheme), never back to sign-in. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home;
  if (next === '/signin' || next.startsWith('/signin?') || next.startsWith('/signin/')) return paths.home;
  return next;
}

/** Route parameter → positive id, or undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
}
