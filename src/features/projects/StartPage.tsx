import { useState, type FormEvent } from 'react';
import { Anchor, Button, EmptyState, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate, useNavigation } from 'react-router-dom';
import { parseId, routes } from '../../routes/routes';
import { useSession } from '../../session/session';
import { clearRecentProjects, useRecentProjects } from './recentProjects';

export function StartPage() {
  const session = useSession();
  const recent = useRecentProjects(session?.userName);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [projectIdText, setProjectIdText] = useState('');
  const [error, setError] = useState<string>();
  useDocumentTitle('Projects · PM Console');

  const typedId = parseId(projectIdText.trim());
  const opening =
    navigation.state !== 'idle' &&
    typedId !== undefined &&
    navigation.location?.pathname === routes.project.href(typedId);

  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typedId === undefined) {
      setError('Enter a project id: a whole number such as 1.');
      return;
    }
    setError(undefined);
    void navigate(routes.project.href(typedId));
  }

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Projects</Title>

      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4">
          Open project
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Enter the id of the project to open.
        </Text>
        <form onSubmit={open} noValidate aria-label="Open project">
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Project id"
              inputMode="numeric"
              autoComplete="off"
              value={projectIdText}
              onChange={(e) => setProjectIdText(e.currentTarget.value)}
              error={error}
              w={200}
            />
            <Button type="submit" mt={25} loading={opening}>
              Open
            </Button>
          </Group>
        </form>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Recently opened
          </Title>
          {recent.length > 0 && (
            <Button
              variant="subtle"
              size="xs"
              color="gray"
              onClick={() => clearRecentProjects(session?.userName)}
            >
              Clear list
            </Button>
          )}
        </Group>
        {recent.length === 0 ? (
          <EmptyState
            size="sm"
            title="No projects yet"
            description="Projects you open appear here, so you can come back to them in one click."
          />
        ) : (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Recently opened projects"
          >
            {recent.map((p) => (
              <li key={p.projectId}>
                <Anchor component={Link} to={routes.project.href(p.projectId)} fw={500}>
                  {p.name || `Project ${p.projectId}`}
                </Anchor>
                <Text span size="sm" c="dimmed">
                  {' '}
                  {[p.number && `No. ${p.number}`, `id ${p.projectId}`].filter(Boolean).join(' · ')}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export default StartPage;
