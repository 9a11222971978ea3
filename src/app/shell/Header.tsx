import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Burger, Button, Group, Kbd, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useOutboxCount } from '../../api/outbox/useOutbox';
import { projectQuery } from '../../api/queries/projects';
import { routes } from '../../routes/routes';
import { signOut, useSession } from '../../session/session';
import { ColourSchemePicker } from './ColourSchemePicker';
import { SearchIcon, SignOutIcon } from '../../ui/icons';
import { openPalette } from './PaletteHost';
import { useLateParts } from './idle';

export interface HeaderProps {
  projectId?: number;
  navOpened: boolean;
  onToggleNav: () => void;
}

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

export function Header({ projectId, navOpened, onToggleNav }: HeaderProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== undefined });
  const inProject = projectId !== undefined && !project.isError;
  const projectName = project.data?.projectName ?? `Project ${projectId}`;
  const unsentCount = useOutboxCount();
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  // The closed dialog (its portal) once the page is idle, with its code (src/app/shell/late.ts).
  const late = useLateParts();
  const signOutNow = () => {
    setConfirmSignOut(false);
    void signOut(queryClient, navigate);
  };
  const unsent = `${unsentCount} ${unsentCount === 1 ? 'change has' : 'changes have'} not been sent`;
  // Unsent writes go with the sign-out: ask first.
  const askSignOut = () => {
    if (unsentCount === 0) signOutNow();
    else if (late) setConfirmSignOut(true);
    // The dialog's code not in yet (offline since the page loaded, no service worker): the browser's own question.
    else if (window.confirm(`${unsent}; signing out discards them. Sign out?`)) signOutNow();
  };

  // At phone width the project's name gets the row: the brand steps aside inside a project (the navigation's
  // "Start page" leads home), and the palette and sign-out become icons. It steps aside for the Outbox badge
  // too: beside it, the search button and the rest there is no room for it at 390 px (issue 34).
  // On a phone the 44 px buttons leave the project's name room with narrower edges and gaps (issue 34).
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Anchor
          component={Link}
          to={routes.home.href()}
          fw={700}
          c="inherit"
          underline="never"
          style={{ whiteSpace: 'nowrap' }}
          visibleFrom={inProject || unsentCount > 0 ? 'xs' : undefined}
        >
          PM Console
        </Anchor>
        {inProject && (
          <>
            <Text c="dimmed" aria-hidden="true" visibleFrom="xs">
              /
            </Text>
            <Anchor
              component={Link}
              to={routes.project.href(projectId)}
              c="inherit"
              truncate="end"
              miw={0}
              title={projectName}
              data-testid="current-project"
            >
              {projectName}
            </Anchor>
          </>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {session && (
          <Group gap={6} wrap="nowrap" visibleFrom="xs">
            <Text size="sm" data-testid="current-user">
              {session.userName}
            </Text>
            {session.isAdmin && (
              <Badge size="sm" variant="light">
                Admin
              </Badge>
            )}
          </Group>
        )}
        <Button
          variant="default"
          visibleFrom="sm"
          onClick={openPalette}
          aria-label={`Open the command palette (${MOD} K)`}
          rightSection={<Kbd size="xs">{MOD} K</Kbd>}
        >
          Go to…
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          hiddenFrom="sm"
          onClick={openPalette}
          aria-label="Open the command palette"
          title="Go to…"
        >
          <SearchIcon />
        </ActionIcon>
        {unsentCount > 0 && (
          <Button
            component={Link}
            to={routes.outbox.href()}
            variant="light"
            color="orange"
            size="compact-sm"
            aria-label={`Outbox: ${unsent}`}
            title={`Outbox: ${unsent}`}
            data-testid="outbox-count"
          >
            Outbox {unsentCount}
          </Button>
        )}
        <ColourSchemePicker />
        <Button variant="default" visibleFrom="xs" onClick={askSignOut}>
          Sign out
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          hiddenFrom="xs"
          onClick={askSignOut}
          aria-label="Sign out"
          title="Sign out"
        >
          <SignOutIcon />
        </ActionIcon>
      </Group>
      {late && (
        <late.SignOutDialog
          opened={confirmSignOut}
          unsent={unsent}
          onClose={() => setConfirmSignOut(false)}
          onSignOut={signOutNow}
        />
      )}
    </Group>
  );
}
