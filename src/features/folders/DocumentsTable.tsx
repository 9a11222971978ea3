// The documents of a folder: sort, filter (state in the URL), CSV export, and virtualised rows so a folder of
// 100,000 documents renders only what is on screen.
import { memo, useDeferredValue, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSearchParams } from 'react-router-dom';
import type { FolderDocument } from '../../contract/dtos';
import { downloadText } from '../../ui/download';
import { ErrorAlert } from '../../ui/ErrorAlert';
import {
  cellText,
  columns,
  csvFileName,
  distinctNames,
  filterDocuments,
  readState,
  sortDocuments,
  toCsv,
  writeState,
  type ColumnId,
  type TableState,
} from './model/documents';
import { documentStatusesQuery, folderDocumentsQuery } from './queries';
import classes from './DocumentsTable.module.css';

const ROW_HEIGHT = 36;
const TABLE_WIDTH = columns.reduce((sum, c) => sum + c.width, 0);

function SortHeader({
  id,
  label,
  sort,
  dir,
  onSort,
}: {
  id: ColumnId;
  label: string;
  sort: ColumnId;
  dir: TableState['dir'];
  onSort: (id: ColumnId) => void;
}) {
  const active = sort === id;
  const arrow = active ? (dir === 'asc' ? ' ▲' : ' ▼') : '';
  return (
    <th
      className={classes.th}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      scope="col"
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(id)}>
        {label}
        <span aria-hidden="true">{arrow}</span>
      </UnstyledButton>
    </th>
  );
}

// The header and the rows are memoised so a scroll step renders only the rows that changed (the header holds
// Mantine buttons and never changes while scrolling).
const HeaderRow = memo(function HeaderRow({
  sort,
  dir,
  onSort,
}: {
  sort: ColumnId;
  dir: TableState['dir'];
  onSort: (id: ColumnId) => void;
}) {
  return (
    <tr aria-rowindex={1}>
      {columns.map((c) => (
        <SortHeader key={c.id} id={c.id} label={c.label} sort={sort} dir={dir} onSort={onSort} />
      ))}
    </tr>
  );
});

const ROW_STYLE = { height: ROW_HEIGHT };

/** A cut-off cell shows its whole text as a tooltip, set on hover (not on every row render while scrolling). */
function showFullText(event: MouseEvent<HTMLTableSectionElement>) {
  const cell = (event.target as HTMLElement).closest('td');
  if (!cell) return;
  const cut = cell.scrollWidth > cell.clientWidth;
  if (cut && cell.title !== cell.textContent) cell.title = cell.textContent ?? '';
  else if (!cut && cell.title) cell.removeAttribute('title');
}

const DocumentRow = memo(function DocumentRow({ doc, index }: { doc: FolderDocument; index: number }) {
  return (
    <tr className={classes.row} style={ROW_STYLE} aria-rowindex={index + 2} data-index={index}>
      {columns.map((c) => (
        <td key={c.id} className={c.kind === 'number' ? classes.num : classes.td}>
          {cellText(c, doc)}
        </td>
      ))}
    </tr>
  );
});

function VirtualRows({
  rows,
  state,
  onSort,
}: {
  rows: FolderDocument[];
  state: TableState;
  onSort: (id: ColumnId) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows beyond the visible ones on each side: enough for wheel and keyboard steps, few to render on a jump.
    overscan: 1,
  });
  const items = virtualizer.getVirtualItems();
  const top = items.length ? items[0].start : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <div
      ref={scrollRef}
      className={classes.scroll}
      // As tall as the rows (plus the header and a scrollbar), up to the CSS maximum.
      style={{ height: rows.length * ROW_HEIGHT + 56 }}
      data-testid="documents-scroll"
      tabIndex={0}
      aria-label="Documents table, scrollable"
      role="region"
    >
      <table className={classes.table} style={{ width: TABLE_WIDTH }} aria-rowcount={rows.length + 1}>
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead className={classes.thead}>
          <HeaderRow sort={state.sort} dir={state.dir} onSort={onSort} />
        </thead>
        <tbody onMouseOver={showFullText}>
          {top > 0 && (
            <tr aria-hidden="true" style={{ height: top }}>
              <td colSpan={columns.length} className={classes.spacer} />
            </tr>
          )}
          {items.map((item) => (
            // Keyed by slot, not by document: a jump reuses the row elements and only changes their text.
            <DocumentRow key={item.index % items.length} doc={rows[item.index]} index={item.index} />
          ))}
          {bottom > 0 && (
            <tr aria-hidden="true" style={{ height: bottom }}>
              <td colSpan={columns.length} className={classes.spacer} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

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
  const all = documents.data;

  const update = (patch: Partial<TableState>) => setParams(writeState(params, patch), { replace: true });

  const filtered = useMemo(
    () => (all ? filterDocuments(all, deferredState) : []),
    // Each field, not the object: readState makes a new object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [all, deferredState.q, deferredState.status, deferredState.discipline, deferredState.type],
  );
  const rows = useMemo(
    () => sortDocuments(filtered, deferredState.sort, deferredState.dir),
    [filtered, deferredState.sort, deferredState.dir],
  );
  const disciplines = useMemo(() => distinctNames(all ?? [], (d) => d.documentDisciplineName), [all]);
  const types = useMemo(() => distinctNames(all ?? [], (d) => d.documentTypeName), [all]);
  const statusOptions = (statuses.data ?? [])
    .filter((s) => s.id !== undefined)
    .map((s) => ({ value: String(s.id), label: s.name || `Status ${s.id}` }));
  if (state.status && !statusOptions.some((o) => o.value === state.status)) {
    statusOptions.push({ value: state.status, label: `Status ${state.status}` });
  }

  const onSort = (id: ColumnId) =>
    update({ sort: id, dir: state.sort === id && state.dir === 'asc' ? 'desc' : 'asc' });
  const filtering = Boolean(state.q || state.status || state.discipline || state.type);

  let body;
  if (documents.isPending) {
    body = (
      <Stack gap={6} aria-busy="true" aria-label="Loading documents">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  } else if (documents.isError && !all) {
    // Only a first load's failure replaces the table; a failed refresh keeps the rows (the policy toasts it).
    body = (
      <ErrorAlert
        error={documents.error}
        title="The documents could not be loaded"
        onRetry={() => void documents.refetch()}
      />
    );
  } else if (!all || all.length === 0) {
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
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Number, name, CSI, …"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              update({ q: e.currentTarget.value });
            }}
            w={180}
          />
          <Select
            label="Status"
            placeholder="Any status"
            data={statusOptions}
            value={state.status || null}
            onChange={(v) => update({ status: v ?? '' })}
            clearable
            w={160}
          />
          <Select
            label="Discipline"
            placeholder="Any discipline"
            data={disciplines}
            value={state.discipline || null}
            onChange={(v) => update({ discipline: v ?? '' })}
            clearable
            searchable
            w={150}
          />
          <Select
            label="Type"
            placeholder="Any type"
            data={types}
            value={state.type || null}
            onChange={(v) => update({ type: v ?? '' })}
            clearable
            searchable
            w={150}
          />
          {filtering && (
            <Button variant="subtle" onClick={() => update({ q: '', status: '', discipline: '', type: '' })}>
              Clear filters
            </Button>
          )}
          <Button
            variant="default"
            ml="auto"
            disabled={rows.length === 0}
            onClick={() => downloadText(csvFileName(folderName, folderId), toCsv(rows))}
          >
            Export CSV
          </Button>
        </Group>
        <Text size="sm" c="dimmed" role="status" data-testid="documents-count">
          {filtering
            ? `${rows.length.toLocaleString()} of ${all.length.toLocaleString()} documents`
            : `${all.length.toLocaleString()} documents`}
        </Text>
        {rows.length === 0 ? (
          <EmptyState
            size="sm"
            title="No matching documents"
            description="No document matches these filters."
          />
        ) : (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <VirtualRows rows={rows} state={deferredState} onSort={onSort} />
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
