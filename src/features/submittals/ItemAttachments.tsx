// The files of one submittal item (operation 7) in a table. A download link only where the stored path is an
// http(s) URL; any other path is shown as text.
import { Anchor, EmptyState, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AttachmentFile, Folder } from '../../contract/dtos';
import { DateText } from '../../ui/DateText';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { attachmentsQuery } from './queries';
import { formatBytes } from '../../ui/format';
import { downloadUrl, fileTypeLabel } from './model';
import stacked from '../../ui/stackedTable.module.css';

function Stamp({ at, by }: { at: Date | undefined; by: string | undefined }) {
  if (!at && !by) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <>
      <DateText value={at} withTime fallback="date not given" />
      {by && (
        <Text size="xs" c="dimmed">
          {by}
        </Text>
      )}
    </>
  );
}

function FileRow({ file }: { file: AttachmentFile }) {
  const url = downloadUrl(file.uploadedFilePath);
  const name = file.uploadedFileName || file.uploadedFilePath || `File ${file.attachmentFileId ?? ''}`.trim();
  const size = formatBytes(file.uploadedFileSize);
  return (
    <Table.Tr data-attachment={file.attachmentFileId}>
      <Table.Td data-label="File" style={{ overflowWrap: 'anywhere' }}>
        {url ? (
          <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
            {name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {name}
          </Text>
        )}
        {!url && file.uploadedFilePath && (
          <Text size="xs" c="dimmed">
            Stored at {file.uploadedFilePath} (no download link)
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Type" title={file.uploadedFileType}>
        {fileTypeLabel(file) ?? '—'}
      </Table.Td>
      <Table.Td
        data-label="Size"
        style={{ whiteSpace: 'nowrap', textAlign: 'right' }}
        title={size ? `${file.uploadedFileSize?.toLocaleString()} bytes` : undefined}
      >
        {size || '—'}
      </Table.Td>
      <Table.Td data-label="Description" style={{ overflowWrap: 'anywhere' }}>
        {file.attachmentFileDescription || (
          <Text span size="sm" c="dimmed">
            No description
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Uploaded" style={{ whiteSpace: 'nowrap' }}>
        <Stamp at={file.uploadedDate} by={file.uploadedBy} />
      </Table.Td>
      <Table.Td data-label="Modified" style={{ whiteSpace: 'nowrap' }}>
        <Stamp at={file.modifiedDate} by={file.modifiedBy} />
      </Table.Td>
    </Table.Tr>
  );
}

export function ItemAttachments({ item }: { item: Folder }) {
  const itemId = item.folderId ?? 0;
  const files = useQuery(attachmentsQuery(itemId));
  const title = item.folderName || `Item ${itemId}`;
  const headingId = `submittal-item-${itemId}`;
  let content;
  if (files.isPending) {
    content = (
      <Stack gap={6} aria-busy="true" aria-label={`Loading the files of ${title}`}>
        <Skeleton h={14} w="60%" />
        <Skeleton h={14} w="45%" />
      </Stack>
    );
  } else if (files.isError) {
    content = (
      <ErrorAlert
        error={files.error}
        title="The files could not be loaded"
        onRetry={() => void files.refetch()}
      />
    );
  } else if (files.data.length === 0) {
    content = <EmptyState size="sm" title="No files" description="Nothing is attached to this item." />;
  } else {
    content = (
      <Table.ScrollContainer minWidth={860} className={stacked.stacked}>
        <Table verticalSpacing="xs" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Size</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Uploaded</Table.Th>
              <Table.Th>Modified</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.data.map((f, i) => (
              <FileRow key={f.attachmentFileId ?? `i${i}`} file={f} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" mb="xs" id={headingId} style={{ overflowWrap: 'anywhere' }}>
        {title}
        {files.data && files.data.length > 0 && (
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            · {files.data.length} {files.data.length === 1 ? 'file' : 'files'}
          </Text>
        )}
      </Title>
      {content}
    </Paper>
  );
}
