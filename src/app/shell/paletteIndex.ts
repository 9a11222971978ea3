// What the command palette can find without asking the service: the replies the console has already read, taken
// from the query cache and turned into places — projects, the screens of a project (its containers), RFIs,
// submittal packages, meetings, daily reports and folders — each labelled by its title and linked to its screen —
// and the projects this user opened before (the start page's list, kept on this device), so a project read
// before a reload is still found by its name (issue 34). Pure (the cache's entries in, places out), so it is
// tested alone (tests/unit/palette-search.test.ts).
import type { FolderKind } from '../../contract/codes';
import type { Folder, Meeting, OpenIssue, Project, SubmittalPackage } from '../../contract/dtos';
import { folderKind, type AppConfig } from '../../config/config';
import { folderPath, routes } from '../../routes/routes';
import type { Searchable } from './paletteSearch';

/**
 * The query keys the palette reads, by prefix — the one place that knows them. The shell imports no feature, so
 * the features' key factories are not used here; tests/unit/palette-search.test.ts checks these prefixes
 * against them (`projectKeys`, `folderKeys`, `rfiKeys`, `meetingKeys`, `submittalKeys`, `dailyReportKeys`).
 * The id is the key's next element.
 */
export const CACHE_KEYS = {
  /** → Project */
  project: ['projects', 'detail'],
  /** → Folder */
  folder: ['folders', 'detail'],
  /** → Folder[] (a folder's children) */
  children: ['folders', 'children'],
  /** → { openIssue: OpenIssue } (an RFI, by its folder id) */
  rfi: ['rfis', 'detail'],
  /** → Meeting (by its folder id) */
  meeting: ['meetings', 'detail'],
  /** → { submittal: SubmittalPackage } | null (the last reply of operation 6, by the package's folder id) */
  submittal: ['submittals', 'lastReply'],
  /** → { report: DailyReport; folder?: Folder } */
  dailyReport: ['dailyReports', 'report'],
} as const;

export interface CachedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

export type EntryKind = 'screen' | 'project' | 'rfi' | 'submittal' | 'meeting' | 'dailyReport' | 'folder';

export interface SearchEntry extends Searchable {
  /** The palette action's id: `project:1`, `screen:7`, `rfi:107`, `submittal:1000`, `meeting:3000`, … */
  id: string;
  kind: EntryKind;
  to: string;
  projectId: number;
}

/** The screens a project's containers open, by the name people call them, with the words they may type. */
const SCREENS: Partial<Record<FolderKind, { name: string; words: string }>> = {
  rfis: { name: 'RFIs', words: 'rfi requests for information' },
  punchList: { name: 'Punch list', words: 'punchlist' },
  submittals: { name: 'Submittals', words: 'submittal packages' },
  dailyReports: { name: 'Daily reports', words: 'daily report diary' },
  meetings: { name: 'Meetings', words: 'meeting minutes' },
  documents: { name: 'Documents', words: 'document files' },
  drawings: { name: 'Drawings', words: 'drawing sheets plans' },
};

const startsWith = (key: readonly unknown[], prefix: readonly string[]) =>
  prefix.every((p, i) => key[i] === p);

const idOf = (key: readonly unknown[], prefix: readonly string[]) =>
  typeof key[prefix.length] === 'number' ? (key[prefix.length] as number) : undefined;

/** A project opened before (`RecentProject` of the start page's list): its id, and its name and number if known. */
export interface KnownProject {
  projectId: number;
  name?: string;
  number?: string;
}

/**
 * The places in the cache, once each (a folder read as a child and on its own counts once), and the projects
 * opened before (`known`), under what the cache says of them when it has them.
 */
export function indexFromCache(
  cached: CachedQuery[],
  config: AppConfig,
  known: KnownProject[] = [],
): SearchEntry[] {
  const projects = new Map<number, Project>();
  const folders = new Map<number, Folder>();
  const rfis = new Map<number, OpenIssue>();
  const meetings = new Map<number, Meeting>();
  const packages = new Map<number, SubmittalPackage>();
  const addFolder = (f: unknown) => {
    const folder = f as Folder | undefined;
    if (folder?.folderId !== undefined)
      folders.set(folder.folderId, { ...folders.get(folder.folderId), ...folder });
  };

  for (const { queryKey: key, data } of cached) {
    if (data === undefined || data === null) continue;
    const at = (prefix: readonly string[]) => (startsWith(key, prefix) ? idOf(key, prefix) : undefined);
    let id: number | undefined;
    if ((id = at(CACHE_KEYS.project)) !== undefined) projects.set(id, data as Project);
    else if (at(CACHE_KEYS.folder) !== undefined) addFolder(data);
    else if (at(CACHE_KEYS.children) !== undefined && Array.isArray(data)) data.forEach(addFolder);
    else if ((id = at(CACHE_KEYS.rfi)) !== undefined) {
      const issue = (data as { openIssue?: OpenIssue }).openIssue;
      if (issue) rfis.set(id, issue);
    } else if ((id = at(CACHE_KEYS.meeting)) !== undefined) meetings.set(id, data as Meeting);
    else if ((id = at(CACHE_KEYS.submittal)) !== undefined) {
      const pkg = (data as { submittal?: SubmittalPackage }).submittal;
      if (pkg) packages.set(id, pkg);
    } else if (at(CACHE_KEYS.dailyReport) !== undefined) addFolder((data as { folder?: Folder }).folder);
  }

  // Project names: the project's own reply, else its root folder (named after it).
  const names = new Map<number, string>();
  const numbers = new Map<number, string>();
  for (const k of known) {
    if (k.name) names.set(k.projectId, k.name);
    if (k.number) numbers.set(k.projectId, k.number);
  }
  for (const f of folders.values()) {
    if (folderKind(config, f) === 'project' && f.folderProjectId !== undefined && f.folderName)
      names.set(f.folderProjectId, f.folderName);
  }
  for (const [id, p] of projects) if (p.projectName) names.set(id, p.projectName);
  const projectLabel = (id: number) => names.get(id) ?? `Project ${id}`;

  const out: SearchEntry[] = [];
  const projectIds = new Set([...projects.keys(), ...names.keys(), ...known.map((k) => k.projectId)]);
  for (const id of projectIds) {
    const number = projects.get(id)?.projectNumber ?? numbers.get(id);
    out.push({
      id: `project:${id}`,
      kind: 'project',
      label: projectLabel(id),
      description: `Project ${id}${number ? ` · ${number}` : ''}`,
      keywords: 'project dashboard',
      numbers: [id, number],
      to: routes.project.href(id),
      projectId: id,
    });
  }

  for (const folder of folders.values()) {
    const projectId = folder.folderProjectId;
    const folderId = folder.folderId!;
    const kind = folderKind(config, folder);
    if (projectId === undefined || kind === 'project') continue;
    const to = folderPath(projectId, folder, config);
    if (!to) continue;
    const at = { to, projectId, description: projectLabel(projectId) };
    const name = folder.folderName ?? '';
    const screen = kind ? SCREENS[kind] : undefined;
    if (screen) {
      out.push({
        ...at,
        id: `screen:${folderId}`,
        kind: 'screen',
        label: screen.name,
        keywords: `${name} ${screen.words}`,
      });
    } else if (kind === 'rfi') {
      const issue = rfis.get(folderId);
      // The RFI folder's description holds its number (the list screen reads it the same way).
      const number = issue?.number ?? folder.folderDescription ?? '';
      const subject = issue?.subject ?? name;
      out.push({
        ...at,
        id: `rfi:${folderId}`,
        kind: 'rfi',
        label: number ? `${number} · ${subject}` : subject || `RFI ${folderId}`,
        keywords: 'rfi',
        numbers: [number],
      });
    } else if (kind === 'submittalPackage') {
      const pkg = packages.get(folderId);
      const title = name || pkg?.description || `Package ${folderId}`;
      out.push({
        ...at,
        id: `submittal:${folderId}`,
        kind: 'submittal',
        label: pkg?.number ? `${pkg.number} · ${title}` : title,
        keywords: `submittal package ${folder.folderDescription ?? ''} ${pkg?.reference ?? ''}`,
        numbers: [pkg?.number],
      });
    } else if (kind === 'meeting') {
      const meeting = meetings.get(folderId);
      out.push({
        ...at,
        id: `meeting:${folderId}`,
        kind: 'meeting',
        label: meeting?.subject ?? (name || `Meeting ${folderId}`),
        keywords: `meeting ${folder.folderDescription ?? ''} ${meeting?.meetingDate ?? ''}`,
        numbers: [meeting?.meetingNumber],
      });
    } else if (kind === 'dailyReport') {
      out.push({
        ...at,
        id: `report:${folderId}`,
        kind: 'dailyReport',
        label: name || `Daily report ${folderId}`,
        keywords: 'daily report',
      });
    } else if (kind === 'folder' || kind === undefined) {
      out.push({
        ...at,
        id: `place:${folderId}`,
        kind: 'folder',
        label: name || `Folder ${folderId}`,
        keywords: `folder ${folder.folderDescription ?? ''}`,
      });
    }
  }
  return out;
}
