// The child folders of a folder as a table (name, type, size, last changed); each opens the screen for its kind
// through routes/routes.ts. Meetings are listed by MeetingFolders.tsx.
import { Anchor, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderTypeLabel, useConfig } from '../../config/config';
import type { Folder } from '../../contract/dtos';
import { folderPath } from '../../routes/routes';
import { DateText } from '../../ui/DateText';
import { formatBytes } from '../../ui/format';
import { FolderIcon } from '../../ui/icons';
import { subFolderDocumentsQuery } from './queries';

export function SubFolders({
  projectId,
  folder,
  folders: children,
  withSizes,
}: {
  projectId: number;
  folder: Folder;
  folders: Folder[];
  withSizes: boolean;
}) {
  const config = useConfig();
  const folderId = folder.folderId ?? 0;
  // Operation 15 gives each child folder's size (the documents directly in it).
  const sizes = useQuery({ ...subFolderDocumentsQuery(folderId), enabled: withSizes && children.length > 0 });
  const sizeOf = new Map((sizes.data ?? []).map((d) => [d.folderId ?? d.id, d.estimatedFileSize]));
  if (children.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="folder-subfolders">
      <Title order={2} size="h3" id="folder-subfolders">
        Folders
      </Title>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="xs" aria-labelledby="folder-subfolders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                {withSizes && <Table.Th ta="right">Size</Table.Th>}
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
                      <Group gap={6} wrap="nowrap">
                        <FolderIcon width={16} height={16} style={{ flexShrink: 0 }} />
                        {to ? (
                          <Anchor component={Link} to={to} fw={500}>
                            {label}
                          </Anchor>
                        ) : (
                          label
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{folderTypeLabel(config, child)}</Table.Td>
                    {withSizes && (
                      <Table.Td ta="right">{formatBytes(sizeOf.get(child.folderId)) || '—'}</Table.Td>
                    )}
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
    </Stack>
  );
}
