// The palette's fixed pages (start page, dashboard, API explorer, About, forget this browser, the request log for
// admins) and the recent places under their titles. Pure; ranked with the rest by paletteActions.ts.
import { routes } from '../../routes/routes';
import type { PaletteAction, PaletteInput } from './paletteActions';
import type { SearchEntry } from './paletteIndex';
import type { Searchable } from './paletteSearch';
import { pathLabel, type Place } from './recentPlaces';

export const projectName = (entries: SearchEntry[], id: number) =>
  entries.find((e) => e.id === `project:${id}`)?.label ?? `Project ${id}`;

export function pages(input: PaletteInput, entries: SearchEntry[]): Array<PaletteAction & Searchable> {
  const list: Array<PaletteAction & Searchable> = [
    { id: 'page:home', group: 'Pages', label: 'Start page', description: 'Projects', to: routes.home.href() },
  ];
  if (input.projectId !== undefined) {
    list.push({
      id: 'page:dashboard',
      group: 'Pages',
      label: 'Dashboard',
      description: projectName(entries, input.projectId),
      keywords: 'project',
      to: routes.project.href(input.projectId),
    });
  }
  list.push(
    {
      id: 'page:explorer',
      group: 'Pages',
      label: 'API explorer',
      description: 'Try any operation',
      to: routes.apiExplorer.href(),
    },
    {
      id: 'page:about',
      group: 'Pages',
      label: 'About PM Console',
      description: 'Version and commit of this build',
      keywords: 'version build commit',
      dialog: 'about',
    },
    {
      id: 'page:forget',
      group: 'Pages',
      label: 'Sign out and forget this browser',
      description: 'Also deletes your saved views and everything kept here',
      keywords: 'forget browser sign out views clear device',
      dialog: 'forget',
    },
  );
  if (input.isAdmin) {
    list.push({
      id: 'page:requestlog',
      group: 'Pages',
      label: 'Request log',
      description: 'Every call to the service',
      keywords: 'requests calls admin',
      to: routes.requestLog.href(),
    });
  }
  return list;
}

/** A recent place under its title: the place the console knows at that address, else the screen's own title. */
export function recentAction(place: Place, entries: SearchEntry[]): PaletteAction {
  const known = entries.find((e) => e.to === place.path);
  const projectId = /^\/projects\/(\d+)/.exec(place.path)?.[1];
  const title = place.title && !place.title.startsWith('/') ? place.title : pathLabel(place.path);
  return {
    id: `recent:${place.path}`,
    group: 'Recent',
    label: known?.label ?? title,
    description:
      known?.description ??
      (projectId && place.path !== routes.project.href(Number(projectId))
        ? projectName(entries, Number(projectId))
        : undefined),
    to: place.path,
  };
}
