// Recent documents: the few most recently updated among the documents directly in the project's document
// containers (Documents, Drawings: operation 14 on each, the folder screen's own reads). Their sub folders are
// not read: the interface has no paging or "recent" read, and a sub folder may hold 100,000 documents.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { folderDocumentsQuery } from '../../../api/queries/documents';
import { routes } from '../../../routes/routes';
import { DateText } from '../../../ui/DateText';
import { recentDocuments } from '../model';
import {
  PanelEmpty,
  PanelError,
  PanelLoading,
  PartialFailure,
  WorkPanel,
  type ContainersState,
} from './Panel';
import { useReads } from './useReads';

const LISTED = 5;

export function DocumentsPanel({
  projectId,
  containers,
}: {
  projectId: number;
  containers: ContainersState;
}) {
  return (
    <WorkPanel id="work-documents" title="Recent documents" reserve={{ phone: 390, wide: 280 }}>
      {containers.status === 'loading' ? (
        <PanelLoading label="Loading recent documents" />
      ) : containers.status === 'error' ? (
        <PanelError error={containers.error} what="The project's folders" onRetry={containers.retry} />
      ) : containers.status === 'none' || containers.work.documents.length === 0 ? (
        <PanelEmpty title="No document folders" />
      ) : (
        <RecentList projectId={projectId} folders={containers.work.documents} />
      )}
    </WorkPanel>
  );
}

function RecentList({
  projectId,
  folders,
}: {
  projectId: number;
  folders: { folderId?: number; folderName?: string }[];
}) {
  const reads = useReads(
    folders.map((f) => folderDocumentsQuery(f.folderId ?? 0)),
    folders.length,
  );
  const names = folders.map((f) => f.folderName || `Folder ${f.folderId}`).join(' and ');
  // "Recent" needs every document of a folder: one still arriving counts as loading (unless a read failed).
  const arriving = reads.data.some((d) => d !== undefined && !d.complete) && !reads.error;
  if (reads.settled < folders.length || arriving) return <PanelLoading label="Loading recent documents" />;
  if (reads.failed === folders.length) {
    return <PanelError error={reads.error} what={`The documents of ${names}`} onRetry={reads.retryFailed} />;
  }
  const recent = recentDocuments(
    folders.map((folder, i) => ({ folder, documents: reads.data[i]?.documents ?? [] })),
    LISTED,
  );
  return (
    <>
      {recent.length === 0 ? (
        <PanelEmpty title="No documents yet" description={`None directly in ${names}.`} />
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Recent documents">
          {recent.map(({ document: d, folder }) => (
            <li key={`${folder.folderId}-${d.documentId}`} data-testid="recent-document">
              <Group gap={6} wrap="nowrap" align="baseline">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {d.documentNumber || `Document ${d.documentId}`}
                </Text>
                <Text size="sm" truncate="end" title={d.uploadedFileName}>
                  {d.uploadedFileName}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                <DateText value={d.documentUpdateDate} fallback="No update date" /> · in{' '}
                <Anchor
                  component={Link}
                  to={routes.folder.href(projectId, folder.folderId ?? 0)}
                  size="xs"
                  underline="always"
                >
                  {folder.folderName || `Folder ${folder.folderId}`}
                </Anchor>
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        Most recently updated of the documents directly in {names}; their sub folders are not read.
      </Text>
      <PartialFailure failed={reads.failed} of={folders.length} noun="folders" onRetry={reads.retryFailed} />
    </>
  );
}
