import { Button, EmptyState, Group, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSession } from '../../session/session';
import { OpenProjectForm } from './OpenProjectForm';
import { ProjectLink } from './ProjectLink';
import { clearRecentProjects, useRecentProjects } from './recentProjects';

export function StartPage() {
  const session = useSession();
  const recent = useRecentProjects(session?.userName);
  useDocumentTitle('Projects · PM Console');

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Projects</Title>

      <OpenProjectForm recent={recent} />

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
              <ProjectLink key={p.projectId} project={p} />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export default StartPage;
