// The command palette's actions for a query. Typed words first, ranked (paletteSearch.ts): what they name — a
// project or a folder by id, a daily report by date — the places the console has read (paletteIndex.ts: screens,
// projects, RFIs, submittal packages, meetings, daily reports, folders) and the console's pages, in groups
// ordered by their best match; then the recent places that match; then API-explorer operations. With nothing
// typed: recent places, then pages. Every action is labelled by its title, never by an address. Pure.
import { operationNames, operations } from '../../contract/operations';
import { formatTextDate, parseTextDate } from '../../ui/textDate';
import { routes } from '../../routes/routes';
import type { EntryKind, SearchEntry } from './paletteIndex';
import { rank, scoreOf, wordsOf, type Searchable } from './paletteSearch';
import { pages, projectName, recentAction } from './palettePages';
import type { Place } from './recentPlaces';

export interface PaletteInput {
  query: string;
  recent: Place[];
  /** The project the user is in, or the last one they opened. */
  projectId?: number;
  isAdmin: boolean;
  /** What the console has already read (indexFromCache). */
  entries?: SearchEntry[];
  /**
   * That project's Daily Reports container (when its containers are loaded): a daily report by date then opens at
   * its own address; without it, at the project's older address, which finds the container and redirects.
   */
  dailyReportsContainerId?: number;
  /** The user's saved views (src/ui/views), found by name; they rank above the places inside a screen. */
  views?: Array<PaletteAction & Searchable>;
  /** Extra pages other screens add (e.g. a daily report by date), already matched to the query. */
  extra?: PaletteAction[];
}

export type PaletteGroup =
  | 'Go to'
  | 'Views'
  | 'Screens'
  | 'Projects'
  | 'RFIs'
  | 'Submittals'
  | 'Meetings'
  | 'Daily reports'
  | 'Folders'
  | 'Pages'
  | 'Recent'
  | 'API explorer';

export interface PaletteAction {
  id: string;
  group: PaletteGroup;
  label: string;
  description?: string;
  /** Where it goes; `folder` actions are resolved when chosen (the folder's project and kind are needed). */
  to?: string;
  folderId?: number;
  /** Opens a dialog instead of going somewhere ("forget": sign out and forget this browser). */
  dialog?: 'about' | 'forget';
}

/** The order of the groups: the typed ones by their best match (ties in this order), then Recent and operations. */
export const PALETTE_GROUPS: PaletteGroup[] = [
  'Go to',
  'Views',
  'Screens',
  'Projects',
  'RFIs',
  'Submittals',
  'Meetings',
  'Daily reports',
  'Folders',
  'Pages',
  'Recent',
  'API explorer',
];

const GROUP_OF: Record<EntryKind, PaletteGroup> = {
  screen: 'Screens',
  project: 'Projects',
  rfi: 'RFIs',
  submittal: 'Submittals',
  meeting: 'Meetings',
  dailyReport: 'Daily reports',
  folder: 'Folders',
};

/** A screen named by the query is what people mean ("daily", "rfi"): above the items inside it. */
const SCREEN_BONUS = 3;
/** A project or folder by id, a daily report by its date: asked for exactly. */
const EXACT = { date: 20, project: 8, folder: 7 };

const LIMIT_PER_GROUP = 8;

const operationList = operationNames.map((name) => ({
  name,
  path: operations[name].path,
  method: operations[name].method === 'ANY' ? 'GET' : 'POST',
  summary: operations[name].summary,
}));

const matchesAll = (text: string, ws: string[]) => ws.every((w) => text.toLowerCase().includes(w));

interface Scored {
  action: PaletteAction;
  score: number;
}

/** What the query names exactly: a project or a folder by id, a daily report by date. */
function exactly(input: PaletteInput, q: string, entries: SearchEntry[]): Scored[] {
  const out: Scored[] = [];
  const project = /^\s*(?:p(?:roject)?)?\s*#?\s*(\d{1,10})\s*$/i.exec(q);
  // A project the console has read is found by its id among the entries, under its name.
  if (project && !entries.some((e) => e.id === `project:${Number(project[1])}`)) {
    const id = Number(project[1]);
    out.push({
      action: {
        id: `project:${id}`,
        group: 'Go to',
        label: `Project ${id}`,
        description: 'Open its dashboard',
        to: routes.project.href(id),
      },
      score: EXACT.project,
    });
  }
  const folder = /^\s*(?:f(?:older)?)?\s*#?\s*(\d{1,10})\s*$/i.exec(q);
  if (folder) {
    const id = Number(folder[1]);
    out.push({
      action: {
        id: `folder:${id}`,
        group: 'Go to',
        label: `Folder ${id}`,
        description: 'Open the folder (any kind)',
        folderId: id,
      },
      score: EXACT.folder,
    });
  }
  // A daily report by its date (10/30/2026, 2026-10-30, "daily report 10/30/2026") in the current project.
  const day = parseTextDate(q.replace(/^\s*(?:daily\s*report|dr)\s*/i, ''));
  if (day && input.projectId !== undefined) {
    const iso = formatTextDate(day, 'iso');
    out.push({
      action: {
        id: `dailyreport:${iso}`,
        group: 'Go to',
        label: `Daily report of ${formatTextDate(day, 'us')}`,
        description: projectName(entries, input.projectId),
        to:
          input.dailyReportsContainerId !== undefined
            ? routes.dailyReport.href(input.projectId, input.dailyReportsContainerId, iso)
            : routes.dailyReportsOfProject.href(input.projectId, iso),
      },
      score: EXACT.date,
    });
  }
  return out;
}

export function paletteActions(input: PaletteInput): PaletteAction[] {
  const q = input.query.trim();
  const ws = wordsOf(q);
  const entries = input.entries ?? [];
  const recent = input.recent.map((p) => recentAction(p, entries));
  const pageList = pages(input, entries);

  if (!ws.length && !q.startsWith('/')) {
    return [...recent.slice(0, LIMIT_PER_GROUP), ...pageList.map(({ keywords: _, ...page }) => page)];
  }

  // Typed: everything that matches, scored.
  const current = input.projectId;
  const scored: Scored[] = [
    ...exactly(input, q, entries),
    ...rank(entries, ws, (e) => (e.projectId === current ? 0 : 1)).map(({ item, score }) => ({
      action: {
        id: item.id,
        group: GROUP_OF[item.kind],
        label: item.label,
        description: item.description,
        to: item.to,
      },
      score: score + (item.kind === 'screen' ? SCREEN_BONUS : 0),
    })),
    ...rank(input.views ?? [], ws).map(({ item: { keywords: _, ...view }, score }) => ({
      action: view,
      score: score + SCREEN_BONUS,
    })),
    ...rank(pageList, ws).map(({ item: { keywords: _, ...page }, score }) => ({ action: page, score })),
    ...(input.extra ?? []).map((action) => ({ action, score: EXACT.folder })),
  ];
  if (input.isAdmin && q.startsWith('/')) {
    scored.push({
      action: {
        id: `requestlog:${q}`,
        group: 'Pages',
        label: `Request log: requests to ${q}`,
        description: 'Filtered by path',
        to: routes.requestLog.href(new URLSearchParams({ PathInfo: q }).toString()),
      },
      score: EXACT.date,
    });
  }

  // Each address once (its best match), at most LIMIT_PER_GROUP per group, groups by their best match.
  const seen = new Set<string>();
  const groups = new Map<PaletteGroup, Scored[]>();
  for (const s of [...scored].sort((a, b) => b.score - a.score)) {
    if (s.action.to && seen.has(s.action.to)) continue;
    if (s.action.to) seen.add(s.action.to);
    const list = groups.get(s.action.group) ?? [];
    if (list.length < LIMIT_PER_GROUP) groups.set(s.action.group, [...list, s]);
  }
  const ordered = [...groups.entries()].sort(
    ([ga, a], [gb, b]) => b[0].score - a[0].score || PALETTE_GROUPS.indexOf(ga) - PALETTE_GROUPS.indexOf(gb),
  );
  const out = ordered.flatMap(([, list]) => list.map((s) => s.action));

  // Then the recent places that match and are not listed already, then operations.
  out.push(
    ...recent.filter((r) => !seen.has(r.to!) && scoreOf(r, ws) !== undefined).slice(0, LIMIT_PER_GROUP),
  );
  const rawWords = q.toLowerCase().split(/\s+/).filter(Boolean);
  out.push(
    ...operationList
      .filter((o) => matchesAll(`${o.name} ${o.path} ${o.summary} api explorer`, rawWords))
      .slice(0, LIMIT_PER_GROUP)
      .map((o) => ({
        id: `op:${o.name}`,
        group: 'API explorer' as const,
        label: `Try ${o.name}`,
        description: `${o.method} ${o.path}`,
        to: routes.apiExplorer.href(new URLSearchParams({ op: o.name }).toString()),
      })),
  );
  return out;
}
