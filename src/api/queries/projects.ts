// Query options for projects, shared by the shell (header, navbar) and every feature that shows a project.
import { queryOptions } from '@tanstack/react-query';
import { call } from '../client';
import { requireFound } from '../errors';

export const projectKeys = {
  all: ['projects'] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (projectId: number) => [...projectKeys.details(), projectId] as const,
};

export function projectQuery(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: async ({ signal }) => {
      const { project } = await call('ProjectGetRequest', { projectId }, { signal });
      return requireFound(project, `Project ${projectId}`);
    },
  });
}
