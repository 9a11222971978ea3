// "Open project" on the start page: a project id opens directly; a name (or part of one, or a project number) is
// looked for among the projects the console knows — the ones this browser opened and any project read this
// session — since the interface has no operation that lists projects.
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useNavigation } from 'react-router-dom';
import { projectKeys } from '../../api/queries/projects';
import type { Project } from '../../contract/dtos';
import { routes } from '../../routes/routes';
import { chooseProject, type KnownProject } from './model';
import { ProjectLink } from './ProjectLink';
import type { RecentProject } from './recentProjects';

const SHOWN_MATCHES = 8;

/** The recently opened projects, then any other project in the query cache (read this session). */
function useKnownProjects(recent: RecentProject[]): KnownProject[] {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const cached = queryClient
      .getQueriesData<Project>({ queryKey: projectKeys.details() })
      .flatMap(([, p]) =>
        p?.projectId === undefined
          ? []
          : [{ projectId: p.projectId, name: p.projectName, number: p.projectNumber }],
      );
    const ids = new Set(recent.map((p) => p.projectId));
    return [...recent, ...cached.filter((p) => !ids.has(p.projectId))];
  }, [queryClient, recent]);
}

export function OpenProjectForm({ recent }: { recent: RecentProject[] }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const known = useKnownProjects(recent);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const choice = chooseProject(text, known);
  const matches = choice.kind === 'matches' ? choice.matches : [];
  const opening =
    navigation.state !== 'idle' &&
    choice.kind === 'id' &&
    navigation.location?.pathname === routes.project.href(choice.projectId);

  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (choice.kind === 'id') {
      setError(undefined);
      void navigate(routes.project.href(choice.projectId));
    } else if (choice.kind === 'empty') {
      setError('Enter a project id: a whole number such as 1.');
    } else if (matches.length === 1) {
      setError(undefined);
      void navigate(routes.project.href(matches[0].projectId));
    } else if (matches.length === 0) {
      setError(
        `No project opened in this browser matches “${text.trim()}”. Enter a project id: a whole number such as 1.`,
      );
    } else {
      setError(`${matches.length} projects match: choose one below.`);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4">
        Open project
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Enter a project&apos;s id, or part of its name or number. The service has no list of projects, so
        names are found only among projects opened in this browser.
      </Text>
      <form onSubmit={open} noValidate aria-label="Open project">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Project id or name"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            w={{ base: '100%', xs: 320 }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={opening}>
            Open
          </Button>
        </Group>
      </form>
      {matches.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          mt="sm"
          mb={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Matching projects"
        >
          {matches.slice(0, SHOWN_MATCHES).map((p) => (
            <ProjectLink key={p.projectId} project={p} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
