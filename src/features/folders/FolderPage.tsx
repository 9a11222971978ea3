// The folder view: a folder and the folders inside it. The folder-browser screen grows from here
// (documents in the folder, editing); item screens replace it per folder kind through app/paths.ts.
import { Anchor, Badge, EmptyState, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { folderTypeLabel, useConfig } from '../../app/config';
import { folderPath, parseId, paths } from '../../app/paths';
import type { Folder } from '../../contract/dtos';
import { DateText } from '../../ui/DateText';
import { FolderIcon } from '../../ui/icons';

function UpLink({ projectId, folder }: { projectId: number; folder: Folder }) {
  const project = useQuery(projectQuery(projectId));
  const rootId = project.data?.rootFolderId;
  const parentId = folder.folderParentId;
  if (parentId === null || parentId === undefined || folder.folderId === rootId) {
    return (
      <Anchor component={Link} to={paths.project(projectId)} size="sm">
        ← Project dashboard
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={paths.folder(projectId, parentId)} size="sm">
      {parentId === rootId ? '← Project folders' : '← Up one level'}
    </Anchor>
  );
}

export function FolderPage() {
  const params = useParams();
  const projectId = parseId(params.projectId) ?? 0;
  const folderId = parseId(params.folderId) ?? 0;
  const config = useConfig();
  const { data: folder } = useSuspenseQuery(folderQuery(folderId));
  const { data: children } = useSuspenseQuery(folderChildrenQuery(folderId));
  const name = folder.folderName || `Folder ${folderId}`;
  const typeLabel = folderTypeLabel(config, folder);
  useDocumentTitle(`${name} · PM Console`);

  return (
    <Stack gap="md" maw={1100}>
      <UpLink projectId={projectId} folder={folder} />
      <Group gap="sm">
        <FolderIcon width={24} height={24} />
        <Title order={1}>{name}</Title>
        {typeLabel.toLowerCase() !== name.toLowerCase() && <Badge variant="light">{typeLabel}</Badge>}
      </Group>
      {folder.folderDescription && <Text style={{ whiteSpace: 'pre-wrap' }}>{folder.folderDescription}</Text>}
      {(folder.updatedDate || folder.updatedByFullName) && (
        <Text size="sm" c="dimmed">
          Last changed {folder.updatedDate ? <DateText value={folder.updatedDate} withTime /> : null}
          {folder.updatedByFullName ? ` by ${folder.updatedByFullName}` : ''}
        </Text>
      )}

      <Title order={2} size="h3">
        Contents
      </Title>
      {children.length === 0 ? (
        <EmptyState size="sm" title="This folder is empty" description="It has no folders inside it." />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Last changed</Table.Th>
                  <Table.Th>Changed by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {children.map((child) => {
                  const to = folderPath(projectId, child, config);
                  const label = child.folderName || `Folder ${child.folderId ?? ''}`;
                  return (
                    <Table.Tr key={child.folderId}>
                      <Table.Td>
                        {to ? (
                          <Anchor component={Link} to={to} fw={500}>
                            {label}
                          </Anchor>
                        ) : (
                          label
                        )}
                      </Table.Td>
                      <Table.Td>{folderTypeLabel(config, child)}</Table.Td>
                      <Table.Td>
                        <DateText value={child.updatedDate ?? child.createdDate} />
                      </Table.Td>
                      <Table.Td>{child.updatedByFullName || child.createdByFullName || '—'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

export default FolderPage;
