// Names for the analytics tables' projects and folders, from the console's own reads (cached, or read once):
// the first 15 projects and the first 15 folders of the records table, each shown as "name (project 12)".
import { useQueries } from '@tanstack/react-query';
import { folderQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import type { Analytics } from './model/aggregate';

export function useNames(analytics: Analytics) {
  const projectIds = analytics.tables.project.rows.slice(0, 15).map((r) => r.target!.id);
  const folderIds = analytics.tables.record.rows
    .filter((r) => r.target?.kind === 'folder')
    .slice(0, 15)
    .map((r) => r.target!.id);
  const projects = useQueries({
    queries: projectIds.map((id) => ({ ...projectQuery(id), staleTime: 5 * 60_000, retry: false })),
  });
  const folders = useQueries({
    queries: folderIds.map((id) => ({ ...folderQuery(id), staleTime: 5 * 60_000, retry: false })),
  });
  const projectNames = new Map<string, string>();
  projectIds.forEach((id, i) => {
    const name = projects[i]?.data?.projectName;
    if (name) projectNames.set(String(id), `${name} (project ${id})`);
  });
  const recordNames = new Map<string, string>();
  for (const r of analytics.tables.record.rows) {
    if (r.target?.kind !== 'folder') continue;
    const i = folderIds.indexOf(r.target.id);
    const name = i >= 0 ? folders[i]?.data?.folderName : undefined;
    if (name) recordNames.set(r.key, `${name} (${r.target.role} ${r.target.id})`);
  }
  return { projectNames, recordNames };
}
