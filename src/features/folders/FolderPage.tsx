// The folder browser: breadcrumbs, the project's folder tree, the folder's details, its child folders (each
// opens the screen for its kind through routes/routes.ts) and, in document folders, the documents table.
import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { waitingValues } from '../../api/outbox/queued';
import { useOutboxFor } from '../../api/outbox/useOutbox';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { folderKind, folderTypeLabel, useConfig, type AppConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import type { Folder } from '../../contract/dtos';
import { DateText } from '../../ui/DateText';
import { WaitingMark } from '../../ui/Field';
import { RecordTabs } from '../../ui/history/RecordTabs';
import { FolderIcon } from '../../ui/icons';
import { AddDocumentModal, type AddedDocument } from './AddDocumentModal';
import { MeetingFolders } from './MeetingFolders';
import { SubFolders } from './SubFolders';
import { DocumentsTable } from './DocumentsTable';
import { FolderBreadcrumbs, useAncestors } from './FolderBreadcrumbs';
import { FolderTree } from './FolderTree';
import { isHttpUrl } from './model/extDriveForm';
import { folderRecord } from './outbox';

/** Folder kinds that hold documents (operation 14 answers nothing for the others). */
const DOCUMENT_KINDS = new Set(['documents', 'drawings', 'folder']);

export function holdsDocuments(config: AppConfig, folder: Folder): boolean {
  const kind = folderKind(config, folder);
  return kind === undefined || DOCUMENT_KINDS.has(kind);
}

function AddedNotice({
  added,
  projectId,
  onClose,
}: {
  added: AddedDocument;
  projectId: number;
  onClose: () => void;
}) {
  const link = (url: string | undefined, label: string) =>
    url && isHttpUrl(url) ? (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
        {label}
      </Anchor>
    ) : null;
  return (
    <Alert
      color="green"
      variant="light"
      title={`Added “${added.fileName}”`}
      withCloseButton
      onClose={onClose}
      role="status"
    >
      <Stack gap={2}>
        <Text size="sm">
          File id {added.fileId ?? '—'} · folder id{' '}
          {added.folderId !== undefined ? (
            <Anchor component={Link} to={routes.folder.href(projectId, added.folderId)} size="sm">
              {added.folderId}
            </Anchor>
          ) : (
            '—'
          )}
        </Text>
        {added.filePath && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Path: {added.filePath}
          </Text>
        )}
        <Group gap="md">
          {link(added.downloadUrl, 'Download')}
          {link(added.viewerUrl, 'Open viewer')}
        </Group>
      </Stack>
    </Alert>
  );
}

export function FolderPage() {
  const { projectId, folderId } = useRouteIds(routes.folder);
  const config = useConfig();
  const [search, setSearch] = useSearchParams();
  const { data: folder } = useSuspenseQuery(folderQuery(folderId));
  const { data: children } = useSuspenseQuery(folderChildrenQuery(folderId));
  const project = useQuery(projectQuery(projectId));
  const ancestors = useAncestors(folder);
  const [added, setAdded] = useState<AddedDocument>();
  // An edit saved offline shows its queued name and description, marked, until the reply replaces them (issue 34).
  const queued = waitingValues(useOutboxFor(folderRecord(folderId)), 'folder');
  const nameWaiting = queued.fields.has('folderName');
  const description = queued.fields.has('folderDescription')
    ? (queued.values.folderDescription as string | undefined)
    : folder.folderDescription;
  const name =
    (nameWaiting ? (queued.values.folderName as string | undefined) : folder.folderName) ||
    `Folder ${folderId}`;
  const typeLabel = folderTypeLabel(config, folder);
  const withDocuments = holdsDocuments(config, folder);
  const readOnly = folder.userCanModify === false;
  useDocumentTitle(`${name} · PM Console`);

  const addOpen = search.get('add') === 'document' && withDocuments && !readOnly;
  const setAddOpen = (open: boolean) => {
    const next = new URLSearchParams(search);
    if (open) next.set('add', 'document');
    else next.delete('add');
    setSearch(next, { replace: !open });
  };

  // Meetings are listed with their number, date and type (MeetingFolders), the other folders as folders.
  const meetingFolders = children.filter((c) => folderKind(config, c) === 'meeting');
  const otherFolders = children.filter((c) => folderKind(config, c) !== 'meeting');

  const rootId = project.data?.rootFolderId;
  const openPath = [...ancestors.ids].reverse();

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      {rootId !== undefined && (
        <Box w={230} visibleFrom="lg" style={{ flexShrink: 0, position: 'sticky', top: 72 }}>
          <FolderTree
            key={projectId}
            rootFolderId={rootId}
            projectName={project.data?.projectName}
            projectId={projectId}
            currentId={folderId}
            openPath={openPath}
          />
        </Box>
      )}
      <Stack gap="md" miw={0} style={{ flex: 1 }}>
        <FolderBreadcrumbs projectId={projectId} folder={folder} />
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Group gap="sm">
              <FolderIcon width={24} height={24} />
              <Title order={1}>{name}</Title>
              {typeLabel.toLowerCase() !== name.toLowerCase() && <Badge variant="light">{typeLabel}</Badge>}
              {readOnly && (
                <Badge color="gray" variant="outline">
                  Read-only
                </Badge>
              )}
            </Group>
            {queued.fields.size > 0 && (
              <Text size="xs" c="dimmed" data-testid="folder-waiting">
                Your change to its{' '}
                {[
                  nameWaiting && 'name',
                  queued.fields.has('folderDescription') && 'description',
                  queued.fields.has('folderSorting') && 'sorting',
                ]
                  .filter(Boolean)
                  .join(', ')}{' '}
                is shown
                <WaitingMark />
              </Text>
            )}
            {(folder.updatedDate || folder.updatedByFullName) && (
              <Text size="sm" c="dimmed">
                Last changed {folder.updatedDate ? <DateText value={folder.updatedDate} withTime /> : null}
                {folder.updatedByFullName ? ` by ${folder.updatedByFullName}` : ''}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button component={Link} to={routes.folderEdit.href(projectId, folderId)} variant="default">
              {readOnly ? 'Details' : 'Edit folder'}
            </Button>
            {withDocuments && !readOnly && <Button onClick={() => setAddOpen(true)}>Add document</Button>}
          </Group>
        </Group>
        {description && (
          <Text style={{ whiteSpace: 'pre-wrap' }}>
            {description}
            {queued.fields.has('folderDescription') && <WaitingMark />}
          </Text>
        )}
        {added && <AddedNotice added={added} projectId={projectId} onClose={() => setAdded(undefined)} />}

        <RecordTabs record={{ kind: 'folder', id: folderId }} detailsLabel="Contents">
          <SubFolders
            projectId={projectId}
            folder={folder}
            folders={otherFolders}
            withSizes={withDocuments}
          />
          {meetingFolders.length > 0 && <MeetingFolders projectId={projectId} folders={meetingFolders} />}
          {withDocuments ? (
            <DocumentsTable
              folderId={folderId}
              projectId={projectId}
              folderName={folder.folderName}
              hasSubFolders={children.length > 0}
            />
          ) : (
            children.length === 0 && (
              <EmptyState size="sm" title="This folder is empty" description="It has no folders inside it." />
            )
          )}
        </RecordTabs>
      </Stack>
      {withDocuments && (
        <AddDocumentModal
          opened={addOpen}
          onClose={() => setAddOpen(false)}
          projectId={projectId}
          folder={folder}
          onAdded={setAdded}
        />
      )}
    </Group>
  );
}

export default FolderPage;
