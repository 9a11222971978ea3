import { Anchor, Badge, Burger, Button, Group, Kbd, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { projectQuery } from '../../api/queries/projects';
import { routes } from '../../routes/routes';
import { signOut, useSession } from '../../session/session';
import { ColourSchemePicker } from './ColourSchemePicker';
import { openPalette } from './PaletteHost';

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

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
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
        >
          PM Console
        </Anchor>
        {projectId !== undefined && !project.isError && (
          <>
            <Text c="dimmed" aria-hidden="true">
              /
            </Text>
            <Anchor
              component={Link}
              to={routes.project.href(projectId)}
              c="inherit"
              truncate="end"
              aria-label="Current project"
              data-testid="current-project"
            >
              {project.data?.projectName ?? `Project ${projectId}`}
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
        <ColourSchemePicker />
        <Button variant="default" onClick={() => void signOut(queryClient, navigate)}>
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
