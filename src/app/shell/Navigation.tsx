import type { ReactNode } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import type { FolderKind } from '../../contract/codes';
import { FolderIcon, GaugeIcon, HomeIcon } from '../../ui/icons';
import { containerOfKind, useConfig } from '../../config/config';
import { folderPath, routes } from '../../routes/routes';
import { useSession } from '../../session/session';

/** Sections that open one of the project's container folders, in the order staff expect them. */
const SECTIONS: Array<{ kind: FolderKind; label: string }> = [
  { kind: 'rfis', label: 'RFIs' },
  { kind: 'punchList', label: 'Punch list' },
  { kind: 'submittals', label: 'Submittals' },
  { kind: 'dailyReports', label: 'Daily reports' },
  { kind: 'meetings', label: 'Meetings' },
];

export function Navigation({ projectId }: { projectId?: number }) {
  const config = useConfig();
  const { pathname } = useLocation();
  const isAdmin = useSession()?.isAdmin === true;
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== undefined });
  const rootId = project.data?.rootFolderId;
  const containers = useQuery({ ...folderChildrenQuery(rootId ?? 0), enabled: rootId !== undefined });

  /**
   * An item is current on its own page ("page") and, for a section (`within`: the paths below it), on every page
   * inside it — an RFI in RFIs, a daily report in Daily reports, any folder in Folders ("true").
   */
  const item = (to: string, label: string, icon?: ReactNode, within?: string) => {
    const current = pathname === to ? 'page' : within && pathname.startsWith(within) ? 'true' : undefined;
    return (
      <NavLink
        key={to + label}
        component={Link}
        to={to}
        label={label}
        leftSection={icon}
        active={current !== undefined}
        aria-current={current}
      />
    );
  };

  const sectionLinks =
    projectId === undefined
      ? []
      : SECTIONS.flatMap(({ kind, label }) => {
          const folder = containerOfKind(config, containers.data, kind);
          const to = folder ? folderPath(projectId, folder, config) : undefined;
          return to ? [item(to, label, <FolderIcon />, `${to}/`)] : [];
        });

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <Stack gap={2}>
        {item(routes.home.href(), 'Start page', <HomeIcon />)}
        {projectId !== undefined && !project.isError && (
          <>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4} truncate="end">
              {project.data?.projectName ?? `Project ${projectId}`}
            </Text>
            {item(routes.project.href(projectId), 'Dashboard', <GaugeIcon />)}
            {rootId !== undefined &&
              item(
                routes.folder.href(projectId, rootId),
                'Folders',
                <FolderIcon />,
                `${routes.project.href(projectId)}/folders/`,
              )}
            {sectionLinks}
          </>
        )}
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
          {isAdmin ? 'Administration' : 'Tools'}
        </Text>
        {item(routes.apiExplorer.href(), 'API explorer')}
        {isAdmin && item(routes.requestLog.href(), 'Request log')}
        {isAdmin && item(routes.analytics.href(), 'Analytics')}
      </Stack>
    </ScrollArea>
  );
}
