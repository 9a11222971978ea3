// The command palette's actions for a query: recent places first, then what the query names (a project, a
// folder or an RFI by number), the console's pages and every API-explorer operation. Pure, so it is tested alone.
import { operationNames, operations } from '../../contract/operations';
import { formatTextDate, parseTextDate } from '../../ui/textDate';
import { routes } from '../../routes/routes';
import type { Place } from './recentPlaces';

export interface PaletteRfi {
  folderId: number;
  number: string;
  subject: string;
  projectId: number;
  containerId: number;
}

export interface PaletteInput {
  query: string;
  recent: Place[];
  /** The project the user is in, or the last one they opened. */
  projectId?: number;
  isAdmin: boolean;
  /** The RFIs of that project (when loaded). */
  rfis: PaletteRfi[];
  /**
   * That project's Daily Reports container (when its containers are loaded): a daily report by date then opens at
   * its own address; without it, at the project's older address, which finds the container and redirects.
   */
  dailyReportsContainerId?: number;
  /** Extra pages other screens add (e.g. a daily report by date), already matched to the query. */
  extra?: PaletteAction[];
}

export interface PaletteAction {
  id: string;
  group: 'Recent' | 'Go to' | 'RFIs' | 'Pages' | 'API explorer';
  label: string;
  description?: string;
  /** Where it goes; `folder` actions are resolved when chosen (the folder's project and kind are needed). */
  to?: string;
  folderId?: number;
  /** Opens a dialog instead of going somewhere. */
  dialog?: 'about';
}

const words = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);
const matchesAll = (text: string, ws: string[]) => ws.every((w) => text.toLowerCase().includes(w));

/** `RFI-007`, `rfi 7`, `#7`, `7` → 7. */
export function rfiNumberOf(query: string): number | undefined {
  const m = /^\s*(?:rfi)?[\s#-]*0*(\d{1,6})\s*$/i.exec(query);
  return m ? Number(m[1]) : undefined;
}

function digits(text: string): number | undefined {
  const d = text.replace(/\D/g, '');
  return d ? Number(d) : undefined;
}

const LIMIT_PER_GROUP = 8;

const operationList = operationNames.map((name) => ({
  name,
  path: operations[name].path,
  method: operations[name].method === 'ANY' ? 'GET' : 'POST',
  summary: operations[name].summary,
}));

export function paletteActions(input: PaletteInput): PaletteAction[] {
  const q = input.query.trim();
  const ws = words(q);
  const out: PaletteAction[] = [];

  // Recent places first.
  out.push(
    ...input.recent
      .filter((p) => matchesAll(`${p.title} ${p.path}`, ws))
      .slice(0, LIMIT_PER_GROUP)
      .map((p) => ({
        id: `recent:${p.path}`,
        group: 'Recent' as const,
        label: p.title,
        description: p.path,
        to: p.path,
      })),
  );

  // What the query names.
  const project = /^\s*(?:p(?:roject)?)?\s*#?\s*(\d{1,10})\s*$/i.exec(q);
  if (project) {
    const id = Number(project[1]);
    out.push({
      id: `project:${id}`,
      group: 'Go to',
      label: `Project ${id}`,
      description: 'Open its dashboard',
      to: routes.project.href(id),
    });
  }
  const folder = /^\s*(?:f(?:older)?)?\s*#?\s*(\d{1,10})\s*$/i.exec(q);
  if (folder) {
    const id = Number(folder[1]);
    out.push({
      id: `folder:${id}`,
      group: 'Go to',
      label: `Folder ${id}`,
      description: 'Open the folder (any kind)',
      folderId: id,
    });
  }

  // RFIs of the current (or last) project, by number or by words of the subject.
  const n = rfiNumberOf(q);
  const rfis =
    n !== undefined
      ? input.rfis.filter((r) => digits(r.number) === n)
      : ws.length && !(ws.length === 1 && 'rfi'.startsWith(ws[0]) && ws[0].length < 3)
        ? input.rfis.filter((r) => matchesAll(`rfi ${r.number} ${r.subject}`, ws))
        : [];
  out.push(
    ...rfis.slice(0, LIMIT_PER_GROUP).map((r) => ({
      id: `rfi:${r.folderId}`,
      group: 'RFIs' as const,
      label: `${r.number || `RFI ${r.folderId}`} ${r.subject}`.trim(),
      description: `Project ${r.projectId}`,
      to: routes.rfi.href(r.projectId, r.containerId, r.folderId),
    })),
  );

  // A daily report by its date (10/30/2026, 2026-10-30, "daily report 10/30/2026") in the current project.
  const day = parseTextDate(q.replace(/^\s*(?:daily\s*report|dr)\s*/i, ''));
  if (day && input.projectId !== undefined) {
    const iso = formatTextDate(day, 'iso');
    out.push({
      id: `dailyreport:${iso}`,
      group: 'Go to',
      label: `Daily report of ${formatTextDate(day, 'us')}`,
      description: `Project ${input.projectId}`,
      to:
        input.dailyReportsContainerId !== undefined
          ? routes.dailyReport.href(input.projectId, input.dailyReportsContainerId, iso)
          : routes.dailyReportsOfProject.href(input.projectId, iso),
    });
  }

  out.push(...(input.extra ?? []));

  // Pages.
  const pages: PaletteAction[] = [
    { id: 'page:home', group: 'Pages', label: 'Start page', description: 'Projects', to: routes.home.href() },
    ...(input.projectId !== undefined
      ? [
          {
            id: 'page:dashboard',
            group: 'Pages' as const,
            label: `Dashboard of project ${input.projectId}`,
            to: routes.project.href(input.projectId),
          },
        ]
      : []),
    {
      id: 'page:explorer',
      group: 'Pages',
      label: 'API explorer',
      description: 'Try any operation',
      to: routes.apiExplorer.href(),
    },
  ];
  pages.push({
    id: 'page:about',
    group: 'Pages',
    label: 'About PM Console',
    description: 'Version and commit of this build',
    dialog: 'about',
  });
  if (input.isAdmin) {
    pages.push({
      id: 'page:requestlog',
      group: 'Pages',
      label: 'Request log',
      description: 'Every call to the service',
      to: routes.requestLog.href(),
    });
    if (q.startsWith('/')) {
      pages.unshift({
        id: `requestlog:${q}`,
        group: 'Pages',
        label: `Request log: requests to ${q}`,
        description: 'Filtered by path',
        to: routes.requestLog.href(new URLSearchParams({ PathInfo: q }).toString()),
      });
    }
  }
  out.push(
    ...pages.filter(
      (p) => p.id.startsWith('requestlog:') || matchesAll(`${p.label} ${p.description ?? ''}`, ws),
    ),
  );

  // Operations, in the API explorer.
  if (ws.length) {
    out.push(
      ...operationList
        .filter((o) => matchesAll(`${o.name} ${o.path} ${o.summary} api explorer`, ws))
        .slice(0, LIMIT_PER_GROUP)
        .map((o) => ({
          id: `op:${o.name}`,
          group: 'API explorer' as const,
          label: `Try ${o.name}`,
          description: `${o.method} ${o.path}`,
          to: routes.apiExplorer.href(new URLSearchParams({ op: o.name }).toString()),
        })),
    );
  }
  return out;
}

export const PALETTE_GROUPS: PaletteAction['group'][] = ['Recent', 'Go to', 'RFIs', 'Pages', 'API explorer'];
