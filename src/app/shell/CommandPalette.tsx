// The command palette (Ctrl/⌘-K): jump to a recent place, a project, a folder, an RFI by number, a page or an
// API-explorer operation, or open About (AboutDialog). Its own chunk, loaded the first time it is asked for (PaletteHost).
import '@mantine/spotlight/styles.css';
import { useEffect, useState } from 'react';
import { Kbd, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { containerOfKind, useConfig } from '../../config/config';
import { folderPath } from '../../routes/routes';
import { useSession } from '../../session/session';
import { AboutDialog } from './AboutDialog';
import { PALETTE_GROUPS, paletteActions, type PaletteAction, type PaletteRfi } from './paletteActions';
import type { PaletteProps } from './PaletteHost';
import { palette, paletteStore } from './paletteStore';
import { useRecentPlaces } from './recentPlaces';

/**
 * The RFIs of a project (its RFI container's children) and its Daily Reports container, fetched only while the
 * palette is open.
 */
function useProjectPlaces(
  projectId: number | undefined,
  enabled: boolean,
): { rfis: PaletteRfi[]; dailyReportsContainerId?: number } {
  const config = useConfig();
  const on = enabled && projectId !== undefined;
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: on });
  const rootId = project.data?.rootFolderId;
  const containers = useQuery({ ...folderChildrenQuery(rootId ?? 0), enabled: on && rootId !== undefined });
  const containerId = containerOfKind(config, containers.data, 'rfis')?.folderId;
  const dailyReportsContainerId = containerOfKind(config, containers.data, 'dailyReports')?.folderId;
  const rfis = useQuery({
    ...folderChildrenQuery(containerId ?? 0),
    enabled: on && containerId !== undefined,
  });
  if (projectId === undefined || containerId === undefined || !rfis.data)
    return { rfis: [], dailyReportsContainerId };
  const list = rfis.data
    .filter((f) => f.folderId !== undefined)
    .map((f) => ({
      folderId: f.folderId!,
      // The RFI folder's description holds its number (the list screen reads it the same way).
      number: f.folderDescription ?? '',
      subject: f.folderName ?? '',
      projectId,
      containerId,
    }));
  return { rfis: list, dailyReportsContainerId };
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
  const { rfis, dailyReportsContainerId } = useProjectPlaces(currentProject, opened);

  const actions = paletteActions({
    query,
    recent,
    projectId: currentProject,
    isAdmin: session?.isAdmin === true,
    rfis,
    dailyReportsContainerId,
  });

  const [aboutOpen, setAboutOpen] = useState(false);

  const run = async (action: PaletteAction) => {
    if (action.dialog === 'about') return setAboutOpen(true);
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

  const groups = PALETTE_GROUPS.map((g) => ({
    group: g,
    items: actions.filter((a) => a.group === g),
  })).filter((g) => g.items.length);

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
          placeholder="Go to… a project or folder id, an RFI number, a page, an operation"
          aria-label="Command palette: where to go"
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
                ? 'Nothing matches. Try a project id, a folder id or an RFI number.'
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
