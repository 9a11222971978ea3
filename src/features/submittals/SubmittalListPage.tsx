// The submittal packages of a project's submittals container: rows from the container's child folders (one read,
// in parallel with the container itself). Number, status and ball in court are known only from a save's reply,
// so they show where this device has one and say "not seen" otherwise.
import { useMemo } from 'react';
import { Anchor, Badge, EmptyState, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useSession } from '../../session/session';
import { DateText } from '../../ui/DateText';
import { ExportButtons } from '../../ui/ExportButtons';
import { exportFileName } from '../../ui/xlsx/sheet';
import { packagesSheet } from './exports';
import { loadLastReply } from './lastReply';
import { kindOf } from './queries';
import { ballInCourt, isFinalStatus, statusColor } from './model';

function NotSeen() {
  return (
    <Text span size="xs" c="dimmed" fs="italic">
      not seen
    </Text>
  );
}

export function SubmittalListPage() {
  const { projectId, containerId } = useRouteIds(routes.submittals);
  const config = useConfig();
  const userName = useSession()?.userName;
  const { data: container } = useSuspenseQuery(folderQuery(containerId));
  const { data: children } = useSuspenseQuery(folderChildrenQuery(containerId));
  const title = container.folderName || 'Submittals';
  useDocumentTitle(`${title} · PM Console`);

  const rows = useMemo(() => {
    const kind = kindOf(config);
    return children
      .filter((f) => f.folderId !== undefined && kind(f) === 'submittalPackage')
      .map((folder) => ({ folder, reply: loadLastReply(userName, folder.folderId ?? 0) }));
  }, [children, config, userName]);
  const others = children.length - rows.length;

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            {rows.length} {rows.length === 1 ? 'package' : 'packages'}
            {others > 0 ? ` · ${others} other ${others === 1 ? 'folder' : 'folders'}` : ''}
          </Text>
        </Stack>
        <Group gap="md">
          <Anchor component={Link} to={routes.folder.href(projectId, containerId)} size="sm">
            Open as folder
          </Anchor>
          <ExportButtons
            fileName={exportFileName('submittal packages', projectId)}
            sheets={() => [packagesSheet(rows)]}
            disabled={rows.length === 0}
          />
        </Group>
      </Group>
      <Text size="sm" c="dimmed" maw={760}>
        The service tells a package's number, status and who holds the ball only in reply to a save. Packages
        saved from this browser show the values of that reply; the others say “not seen”.
      </Text>

      {rows.length === 0 ? (
        <EmptyState
          size="sm"
          title="No submittal packages"
          description="This folder has no packages in it."
        />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Submittal packages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Package</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Ball in court</Table.Th>
                  <Table.Th>Last change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ folder, reply }) => {
                  const pkg = reply?.submittal;
                  const court = pkg ? ballInCourt(pkg, true) : undefined;
                  return (
                    <Table.Tr key={folder.folderId} data-package={folder.folderId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={routes.submittalPackage.href(projectId, containerId, folder.folderId ?? 0)}
                          fw={600}
                        >
                          {folder.folderName || `Package ${folder.folderId}`}
                        </Anchor>
                        {folder.folderDescription && (
                          <Text size="xs" c="dimmed">
                            {folder.folderDescription}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {pkg ? pkg.number || '—' : <NotSeen />}
                      </Table.Td>
                      <Table.Td>
                        {pkg ? (
                          pkg.status ? (
                            <Badge variant="light" color={statusColor(pkg.status)} miw="max-content">
                              {pkg.status}
                            </Badge>
                          ) : (
                            '—'
                          )
                        ) : (
                          <NotSeen />
                        )}
                      </Table.Td>
                      <Table.Td>
                        {!pkg ? (
                          <NotSeen />
                        ) : court?.name ? (
                          court.name
                        ) : (
                          <Text span size="sm" c="dimmed">
                            {isFinalStatus(pkg.status) ? 'Nobody' : '—'}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <DateText value={folder.updatedDate} />
                        {folder.updatedByFullName && (
                          <Text size="xs" c="dimmed">
                            {folder.updatedByFullName}
                          </Text>
                        )}
                      </Table.Td>
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

export default SubmittalListPage;
