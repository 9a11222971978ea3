import {
  ActionIcon,
  Anchor,
  Badge,
  Burger,
  Button,
  Group,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { projectQuery } from '../../api/queries/projects';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { paths } from '../paths';
import { signOut, useSession } from '../session';

export interface HeaderProps {
  projectId?: number;
  navOpened: boolean;
  onToggleNav: () => void;
}

export function Header({ projectId, navOpened, onToggleNav }: HeaderProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== undefined });
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const nextScheme = scheme === 'dark' ? 'light' : 'dark';

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
          to={paths.home}
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
              to={paths.project(projectId)}
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
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Switch to ${nextScheme} theme`}
          title={`Switch to ${nextScheme} theme`}
          onClick={() => setColorScheme(nextScheme)}
        >
          {scheme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </ActionIcon>
        <Button variant="default" onClick={() => void signOut(queryClient, navigate)}>
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
