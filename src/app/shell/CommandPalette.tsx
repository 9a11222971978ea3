// The command palette (Ctrl/⌘-K): find a screen, a project, an RFI, a submittal package, a meeting, a daily
// report or a folder among what the console has read (paletteIndex.ts), by name or number; jump to a project or
// folder by id, a recent place, a page or an API-explorer operation, or open About (AboutDialog). Its own chunk,
// loaded the first time it is asked for (PaletteHost), with its search code.
import '@mantine/spotlight/styles.css';
import './CommandPalette.css';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Kbd, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { containerOfKind, useConfig } from '../../config/config';
import { folderPath } from '../../routes/routes';
import { wipeViewsStore } from '../../api/views/wipe';
import { signOut, useSession } from '../../session/session';
// The start page's list of projects opened before (localStorage): already in the entry with the router's loader.
import { useRecentProjects } from '../../features/projects/recentProjects';
import { AboutDialog } from './AboutDialog';
import { paletteActions, type PaletteAction } from './paletteActions';
import { indexFromCache, type KnownProject, type SearchEntry } from './paletteIndex';
import type { PaletteProps } from './PaletteHost';
import { palette, paletteStore } from './paletteStore';
import { useRecentPlaces } from './recentPlaces';
import { useViewActions } from './paletteViews';

/**
 * The current project's containers and RFI list, read while the palette is open (so its RFIs are found by number
 * even before the RFI list was opened); they land in the query cache like any read. Returns the Daily Reports
 * container, for a daily report by date.
 */
function useProjectPlaces(projectId: number | undefined, enabled: boolean): number | undefined {
  const config = useConfig();
  const on = enabled && projectId !== undefined;
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: on });
  const rootId = project.data?.rootFolderId;
  const containers = useQuery({ ...folderChildrenQuery(rootId ?? 0), enabled: on && rootId !== undefined });
  const rfisId = containerOfKind(config, containers.data, 'rfis')?.folderId;
  useQuery({ ...folderChildrenQuery(rfisId ?? 0), enabled: on && rfisId !== undefined });
  return containerOfKind(config, containers.data, 'dailyReports')?.folderId;
}

/**
 * What the console has read (the query cache) and the projects opened before (they outlive a reload), as places
 * to search; kept current while the palette is open.
 */
function useCachedPlaces(opened: boolean, known: KnownProject[]): SearchEntry[] {
  const queryClient = useQueryClient();
  const config = useConfig();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!opened) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') setVersion((v) => v + 1);
    });
  }, [opened, queryClient]);
  return useMemo(() => {
    if (!opened) return [];
    const cached = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => ({ queryKey: q.queryKey, data: q.state.data }));
    return indexFromCache(cached, config, known);
    // `version` changes when a reply arrives: the index is built again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, version, queryClient, config, known]);
}

/**
 * Ctrl/⌘-K in the palette's own field, which keeps the focus while the palette fades out after Escape: pressed
 * then, it opens the palette again instead of nothing (and the shell's shortcut does not toggle it).
 */
function reopenOnShortcut(event: KeyboardEvent<HTMLInputElement>) {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
    event.preventDefault();
    palette.open();
  }
}

export function CommandPalette({ projectId, requests }: PaletteProps) {
  const [query, setQuery] = useState('');
  // Each request (Ctrl/⌘-K, the header's button) opens it, the first one as soon as it is loaded.
  useEffect(() => {
    if (requests > 0) palette.open();
  }, [requests]);
  const opened = useSpotlight(paletteStore).opened;
  const session = useSession();
  const config = useConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recent = useRecentPlaces(session?.userName);
  const lastProject = recent
    .map((p) => /^\/projects\/(\d+)/.exec(p.path)?.[1])
    .find((id) => id !== undefined);
  const currentProject = projectId ?? (lastProject ? Number(lastProject) : undefined);
  const dailyReportsContainerId = useProjectPlaces(currentProject, opened);
  const entries = useCachedPlaces(opened, useRecentProjects(session?.userName));

  const actions = paletteActions({
    query,
    recent,
    projectId: currentProject,
    isAdmin: session?.isAdmin === true,
    entries,
    dailyReportsContainerId,
    views: useViewActions(opened),
  });

  const [aboutOpen, setAboutOpen] = useState(false);

  const run = async (action: PaletteAction) => {
    if (action.dialog === 'about') return setAboutOpen(true);
    if (action.dialog === 'forget') {
      if (!window.confirm('Sign out and forget this browser? Your saved views and the records kept here go.'))
        return;
      // The views go first, while the page is still here to finish it (docs/views.md); then signed out as usual.
      // A sign-out's own wipes run after it has left the page, and a quick next page could cut them short.
      return void import('../../api/views/store')
        .then((m) => m.forgetViews())
        .catch(() => wipeViewsStore())
        .then(() => signOut(queryClient, navigate));
    }
    if (action.to) return void navigate(action.to);
    if (action.folderId !== undefined) {
      try {
        const folder = await queryClient.fetchQuery(folderQuery(action.folderId));
        const to =
          folder.folderProjectId !== undefined
            ? folderPath(folder.folderProjectId, folder, config)
            : undefined;
        if (!to) throw new Error(`Folder ${action.folderId} belongs to no project.`);
        void navigate(to);
      } catch (e) {
        notifications.show({
          color: 'red',
          title: `Could not open folder ${action.folderId}`,
          message: e instanceof Error && e.message ? e.message : 'Something went wrong.',
        });
      }
    }
  };

  // Groups in the order the actions come (best match first).
  const groups = [...new Set(actions.map((a) => a.group))].map((group) => ({
    group,
    items: actions.filter((a) => a.group === group),
  }));

  return (
    <>
      <AboutDialog opened={aboutOpen} onClose={() => setAboutOpen(false)} />
      <Spotlight.Root
        store={paletteStore}
        query={query}
        onQueryChange={setQuery}
        shortcut={null}
        scrollable
        maxHeight={480}
        classNames={{ action: 'pm-palette-action' }}
      >
        <Spotlight.Search
          placeholder="Go to… a name or a number"
          aria-label="Command palette: where to go"
          onKeyDown={reopenOnShortcut}
        />
        <Spotlight.ActionsList aria-label="Places and actions">
          {groups.map(({ group, items }) => (
            <Spotlight.ActionsGroup key={group} label={group}>
              {items.map((a) => (
                <Spotlight.Action
                  key={a.id}
                  label={a.label}
                  description={a.description}
                  onClick={() => void run(a)}
                  data-testid={`palette-${a.id}`}
                />
              ))}
            </Spotlight.ActionsGroup>
          ))}
          {groups.length === 0 && (
            <Spotlight.Empty>
              {query.trim()
                ? 'Nothing the console has read matches. Try other words, a number, or a project or folder id.'
                : 'Type to search.'}
            </Spotlight.Empty>
          )}
        </Spotlight.ActionsList>
        <Spotlight.Footer>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move, <Kbd size="xs">Enter</Kbd> to open,{' '}
            <Kbd size="xs">Esc</Kbd> to close
          </Text>
        </Spotlight.Footer>
      </Spotlight.Root>
    </>
  );
}

export default CommandPalette;
