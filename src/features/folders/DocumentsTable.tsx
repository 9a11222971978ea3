// The documents of a folder: sort, filter (state in the URL), CSV and Excel export, and the rows (DocumentRows.tsx).
import { useDeferredValue, useMemo, useState } from 'react';
import { EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { exportFileName } from '../../ui/xlsx/sheet';
import {
  columns,
  csvFileName,
  distinctNames,
  filterDocuments,
  readState,
  shownColumns,
  sortDocuments,
  toCsv,
  toSheet,
  writeState,
  type ColumnId,
  type TableState,
} from './model/documents';
import { DocumentCards } from './DocumentCards';
import { documentLinksQuery } from './documentLinks';
import { ColumnsMenu } from '../../ui/views/ColumnsMenu';
import { Views } from '../../ui/views/Views';
import { DocumentsFilters } from './DocumentsFilters';
import { VirtualRows, type DocumentRowsProps } from './DocumentRows';
import { cannotOpenText, documentOpen } from './model/documentLinks';
import { documentStatusesQuery, folderDocumentsQuery } from './queries';

/** Not the list's state: the add-document dialog, the History tab (docs/views.md). */
const DOCUMENT_VIEWS = { ignore: ['add', 'tab'] };
/** Every column with its name, for the Columns menu. */
const COLUMN_CHOICES = columns.map((c) => ({ key: c.id, label: c.label }));

export interface DocumentsTableProps {
  folderId: number;
  projectId: number;
  folderName?: string;
  /** An empty folder without sub folders says so as a whole. */
  hasSubFolders?: boolean;
}

export function DocumentsTable({
  folderId,
  projectId,
  folderName,
  hasSubFolders = true,
}: DocumentsTableProps) {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const documents = useQuery(folderDocumentsQuery(folderId));
  const statuses = useQuery(documentStatusesQuery(projectId));
  // The text box answers at once; filtering 100,000 rows follows when React has time.
  const [text, setText] = useState(state.q);
  const [urlQ, setUrlQ] = useState(state.q);
  if (urlQ !== state.q) {
    // The URL changed under us (back, forward, a link): show its text.
    setUrlQ(state.q);
    setText(state.q);
  }
  const deferredState = useDeferredValue(state);
  const list = documents.data;
  const all = list?.documents;
  // A first load shows the rows as they arrive (in the service's order: by number); sorting and filters wait
  // for the last one (their controls are disabled meanwhile and say so).
  const arriving = list !== undefined && !list.complete;
  const complete = list?.complete ? all : undefined;

  const update = (patch: Partial<TableState>) => setParams(writeState(params, patch), { replace: true });

  const filtered = useMemo(
    () => (complete ? filterDocuments(complete, deferredState) : []),
    // Each field, not the object: readState makes a new object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [complete, deferredState.q, deferredState.status, deferredState.discipline, deferredState.type],
  );
  const sorted = useMemo(
    () => sortDocuments(filtered, deferredState.sort, deferredState.dir),
    [filtered, deferredState.sort, deferredState.dir],
  );
  const rows = complete ? sorted : (all ?? []);
  const disciplines = useMemo(
    () => distinctNames(complete ?? [], (d) => d.documentDisciplineName),
    [complete],
  );
  const types = useMemo(() => distinctNames(complete ?? [], (d) => d.documentTypeName), [complete]);
  const statusOptions = (statuses.data ?? [])
    .filter((s) => s.id !== undefined)
    .map((s) => ({ value: String(s.id), label: s.name || `Status ${s.id}` }));
  if (state.status && !statusOptions.some((o) => o.value === state.status)) {
    statusOptions.push({ value: state.status, label: `Status ${state.status}` });
  }

  const onSort = (id: ColumnId) =>
    update({ sort: id, dir: state.sort === id && state.dir === 'asc' ? 'desc' : 'asc' });
  const filtering = !arriving && Boolean(state.q || state.status || state.discipline || state.type);

  // Phone width: cards instead of the wide table (read at once, so the table is never drawn first).
  const cards = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const links = useQuery(documentLinksQuery()).data;
  const [notice, setNotice] = useState('');
  const rowsProps: DocumentRowsProps = {
    rows,
    state: deferredState,
    onSort,
    sortDisabled: arriving,
    openOf: (doc) => documentOpen(doc.documentId === undefined ? undefined : links?.[doc.documentId]),
    onCannotOpen: (doc, open) => setNotice(cannotOpenText(doc, open)),
  };

  let body;
  if (documents.isPending) {
    body = (
      <Stack gap={6} aria-busy="true" aria-label="Loading documents">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  } else if (documents.isError && !all?.length) {
    // Only a first load's failure replaces the table; a failed refresh keeps the rows (the policy toasts it).
    body = (
      <ErrorAlert
        error={documents.error}
        title="The documents could not be loaded"
        onRetry={() => void documents.refetch()}
      />
    );
  } else if (!all || (all.length === 0 && !arriving)) {
    body = hasSubFolders ? (
      <EmptyState
        size="sm"
        title="No documents"
        description="There are no documents directly in this folder."
      />
    ) : (
      <EmptyState size="sm" title="This folder is empty" description="It has no documents and no folders." />
    );
  } else {
    body = (
      <>
        <Group justify="flex-end" gap="xs" mb={-8}>
          <Views list="documents" spec={DOCUMENT_VIEWS} />
          {!cards && (
            <ColumnsMenu
              all={COLUMN_CHOICES}
              shown={shownColumns(state).map((c) => c.id)}
              widths={state.widths ?? {}}
              onChange={({ shown, widths }) => update({ cols: shown, widths })}
            />
          )}
        </Group>
        <DocumentsFilters
          text={text}
          onText={(value) => {
            setText(value);
            update({ q: value });
          }}
          state={state}
          update={update}
          statusOptions={statusOptions}
          disciplines={disciplines}
          types={types}
          filtering={filtering}
          loading={arriving ? loadingText(all.length, list.total) : undefined}
          canExport={!arriving && rows.length > 0}
          exports={{
            fileName: exportFileName(`${folderName ?? `folder ${folderId}`} documents`, projectId),
            sheets: () => [toSheet(rows)],
            csv: { fileName: csvFileName(folderName, folderId), text: () => toCsv(rows) },
          }}
        />
        <Stack gap={2}>
          {/* Said once when loading starts and once when it ends (the growing count is not a live region). */}
          <Text size="sm" c="dimmed" role="status" data-testid="documents-count">
            {arriving
              ? 'Loading documents…'
              : filtering
                ? `${rows.length.toLocaleString()} of ${all.length.toLocaleString()} documents`
                : `${all.length.toLocaleString()} documents`}
          </Text>
          {documents.isError && arriving && (
            <ErrorAlert
              error={documents.error}
              title="Not all documents could be loaded"
              onRetry={() => void documents.refetch()}
            />
          )}
          {/* Why a row cannot be opened (Enter on it): a live region that is there, empty, before it speaks. */}
          <Text size="sm" role="status" data-testid="document-open-notice">
            {notice}
          </Text>
        </Stack>
        {rows.length === 0 && arriving ? (
          <Stack gap={6} aria-busy="true" aria-label="Loading documents">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={28} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyState
            size="sm"
            title="No matching documents"
            description="No document matches these filters."
          />
        ) : cards ? (
          <DocumentCards {...rowsProps} />
        ) : (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <VirtualRows {...rowsProps} />
          </Paper>
        )}
      </>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="folder-documents">
      <Text component="h2" fw={700} fz="h3" id="folder-documents" m={0}>
        Documents
      </Text>
      {body}
    </Stack>
  );
}

/** The note of the sort and filter controls while the rows arrive: "Loading 41,000 of 100,000 documents…". */
export function loadingText(received: number, total: number | undefined): string {
  const so = received.toLocaleString();
  return total === undefined || total < received
    ? `Loading documents: ${so} so far…`
    : `Loading ${so} of ${total.toLocaleString()} documents…`;
}
