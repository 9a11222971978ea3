import {
  ActionIcon,
  Anchor,
  Badge,
  Burger,
  Button,
  Group,
  Kbd,
  Menu,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { projectQuery } from '../../api/queries/projects';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { paths } from '../paths';
import { signOut, useSession } from '../session';
import { palette } from './paletteStore';

export interface HeaderProps {
  projectId?: number;
  navOpened: boolean;
  onToggleNav: () => void;
}

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

const SCHEME_LABELS: Record<MantineColorScheme, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto (as the system)',
};

export function Header({ projectId, navOpened, onToggleNav }: HeaderProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== undefined });
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });

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
        <Button
          variant="default"
          visibleFrom="sm"
          onClick={palette.open}
          aria-label={`Open the command palette (${MOD} K)`}
          rightSection={<Kbd size="xs">{MOD} K</Kbd>}
        >
          Go to…
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Colour scheme: ${SCHEME_LABELS[colorScheme]}`}
              title={`Colour scheme: ${SCHEME_LABELS[colorScheme]}`}
            >
              {scheme === 'dark' ? <MoonIcon /> : <SunIcon />}
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Colour scheme</Menu.Label>
            {(Object.keys(SCHEME_LABELS) as MantineColorScheme[]).map((value) => (
              <Menu.Item
                key={value}
                onClick={() => setColorScheme(value)}
                rightSection={colorScheme === value ? <span aria-hidden="true">✓</span> : undefined}
              >
                {SCHEME_LABELS[value]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button variant="default" onClick={() => void signOut(queryClient, navigate)}>
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
