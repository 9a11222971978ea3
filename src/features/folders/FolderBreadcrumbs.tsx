// Breadcrumbs from the root folder down. Each ancestor comes from its cached folder query (FolderGetRequest),
// so going up (or rendering the trail again) costs no request once a folder has been seen. An ancestor that a
// cached child list shows (the project's containers come with the project) needs no request either.
import { Anchor, Breadcrumbs, Skeleton, Text } from '@mantine/core';
import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderKeys, folderQuery } from '../../api/queries/folders';
import { routes } from '../../routes/routes';
import type { Folder } from '../../contract/dtos';

const MAX_DEPTH = 30;

/** Ancestor ids, nearest first, as far as the cache knows them; the queries below extend it as they arrive. */
export function ancestorIds(folder: Folder, lookup: (id: number) => Folder | undefined): number[] {
  const ids: number[] = [];
  let id = folder.folderParentId;
  while (
    typeof id === 'number' &&
    id > 0 &&
    id !== folder.folderId &&
    !ids.includes(id) &&
    ids.length < MAX_DEPTH
  ) {
    ids.push(id);
    id = lookup(id)?.folderParentId;
  }
  return ids;
}

/** The folder as a cached child list shows it, if one does. */
function listed(queryClient: QueryClient, id: number): Folder | undefined {
  for (const [, list] of queryClient.getQueriesData<Folder[]>({ queryKey: folderKeys.childLists() })) {
    const found = list?.find((f) => f.folderId === id);
    if (found) return found;
  }
  return undefined;
}

/** The folder's ancestors, nearest first: ids and their (cached) folder queries. */
export function useAncestors(folder: Folder) {
  const queryClient = useQueryClient();
  const ids = ancestorIds(
    folder,
    (id) => queryClient.getQueryData<Folder>(folderKeys.detail(id)) ?? listed(queryClient, id),
  );
  const fromLists = ids.map((id) =>
    queryClient.getQueryData<Folder>(folderKeys.detail(id)) ? undefined : listed(queryClient, id),
  );
  const results = useQueries({
    queries: ids.map((id, i) => ({ ...folderQuery(id), enabled: fromLists[i] === undefined })),
  });
  const queries = results.map((q, i) =>
    q.data === undefined && fromLists[i] ? { ...q, data: fromLists[i] } : q,
  );
  return { ids, queries };
}

export function FolderBreadcrumbs({ projectId, folder }: { projectId: number; folder: Folder }) {
  const { ids, queries: ancestors } = useAncestors(folder);
  const trail = [...ancestors].reverse();

  return (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to={routes.project.href(projectId)} size="sm">
          Dashboard
        </Anchor>
        {trail.map((q, i) => {
          const id = ids[ids.length - 1 - i];
          return q.data ? (
            <Anchor key={id} component={Link} to={routes.folder.href(projectId, id)} size="sm">
              {q.data.folderName || `Folder ${id}`}
            </Anchor>
          ) : q.isError ? (
            <Text key={id} size="sm" c="dimmed">
              Folder {id}
            </Text>
          ) : (
            <Skeleton key={id} h={14} w={80} aria-label="Loading the folder path" />
          );
        })}
        <Text size="sm" aria-current="page" fw={500}>
          {folder.folderName || `Folder ${folder.folderId ?? ''}`}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
