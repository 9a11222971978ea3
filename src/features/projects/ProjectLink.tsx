import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes/routes';

/** A project in a list of the start page: its name as the link, then its number and id. */
export function ProjectLink({ project }: { project: { projectId: number; name?: string; number?: string } }) {
  return (
    <li>
      <Anchor component={Link} to={routes.project.href(project.projectId)} fw={500}>
        {project.name || `Project ${project.projectId}`}
      </Anchor>
      <Text span size="sm" c="dimmed">
        {' '}
        {[project.number && `No. ${project.number}`, `id ${project.projectId}`].filter(Boolean).join(' · ')}
      </Text>
    </li>
  );
}
