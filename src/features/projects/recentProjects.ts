// Projects this user opened before, newest first, kept in localStorage (ids and names only). There is no
// "list projects" operation, so this is the start page's list; rootFolderId lets a revisit fetch the
// project's folders in parallel with the project, and `work` the dashboard's work panels' lists with them.
import { useSyncExternalStore } from 'react';
import type { Project } from '../../contract/dtos';
import { storedValue } from '../../ui/storedValue';

export interface RecentProject {
  projectId: number;
  name?: string;
  number?: string;
  rootFolderId?: number;
  /**
   * The containers the dashboard's work panels read, as of the last visit: folders whose children it lists
   * and document folders whose documents it reads. A revisit asks for them with the project.
   */
  work?: { children: number[]; documents: number[] };
  openedAt: number;
}

const MAX = 8;
const stored = (userName: string) =>
  storedValue<RecentProject[]>(
    `recent-projects:${userName.toLowerCase()}`,
    (v) => (Array.isArray(v) ? v.filter(isRecent).slice(0, MAX) : undefined),
    `pm-console.recentProjects.${userName.toLowerCase()}`,
  );
const EMPTY: RecentProject[] = [];

const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; list: RecentProject[] }>();

function isRecent(v: unknown): v is RecentProject {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return Number.isInteger(r.projectId) && typeof r.openedAt === 'number';
}

export function readRecentProjects(userName: string | undefined): RecentProject[] {
  if (!userName) return EMPTY;
  const store = stored(userName);
  const raw = store.raw();
  const snap = snapshots.get(userName);
  if (snap && snap.raw === raw) return snap.list;
  const list = store.read() ?? EMPTY;
  snapshots.set(userName, { raw, list });
  return list;
}

function write(userName: string, list: RecentProject[]) {
  // Storage full or blocked: the list is a convenience, not data.
  stored(userName).write(list);
  for (const l of listeners) l();
}

export function rememberProject(userName: string | undefined, project: Project): void {
  if (!userName || project.projectId === undefined) return;
  const entry: RecentProject = {
    projectId: project.projectId,
    name: project.projectName,
    number: project.projectNumber,
    rootFolderId: project.rootFolderId,
    // Kept from the last visit until the dashboard learns them again (rememberWork).
    work: findRecentProject(userName, project.projectId)?.work,
    openedAt: Date.now(),
  };
  const rest = readRecentProjects(userName).filter((p) => p.projectId !== entry.projectId);
  const current = readRecentProjects(userName)[0];
  // Re-rendering the same project must not rewrite storage (and re-render the start page) each time.
  if (
    current &&
    current.projectId === entry.projectId &&
    current.name === entry.name &&
    current.number === entry.number &&
    current.rootFolderId === entry.rootFolderId
  ) {
    return;
  }
  write(userName, [entry, ...rest].slice(0, MAX));
}

const sameIds = (a: number[] | undefined, b: number[]) =>
  a !== undefined && a.length === b.length && a.every((id, i) => id === b[i]);

/** Keeps the work panels' container ids with a project already in the list (no write when unchanged). */
export function rememberWork(
  userName: string | undefined,
  projectId: number,
  work: { children: number[]; documents: number[] },
): void {
  if (!userName) return;
  const list = readRecentProjects(userName);
  const entry = list.find((p) => p.projectId === projectId);
  if (!entry) return;
  if (sameIds(entry.work?.children, work.children) && sameIds(entry.work?.documents, work.documents)) return;
  write(
    userName,
    list.map((p) => (p === entry ? { ...p, work } : p)),
  );
}

export function findRecentProject(
  userName: string | undefined,
  projectId: number,
): RecentProject | undefined {
  return readRecentProjects(userName).find((p) => p.projectId === projectId);
}

export function clearRecentProjects(userName: string | undefined): void {
  if (!userName) return;
  stored(userName).remove();
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecentProjects(userName: string | undefined): RecentProject[] {
  return useSyncExternalStore(subscribe, () => readRecentProjects(userName));
}
