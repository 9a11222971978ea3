// Punch-list bulk entry (operation 5): a keyboard-first grid, paste and file import, per-cell validation,
// creation in batches with retries under the same TempItemIds, and a draft that survives reloads.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Kbd,
  Paper,
  Popover,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../api/errors';
import { folderQuery } from '../../api/queries/folders';
import { folderKind, useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useSession } from '../../session/session';
import { formatDelimited } from '../../ui/delimited';
import { downloadText } from '../../ui/download';
import { ErrorAlert } from '../../ui/ErrorAlert';
import type { Progress as SendProgress } from './create';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { ImportDialog, type ImportFile } from './ImportDialog';
import {
  COLUMN_KEYS,
  COLUMNS,
  columnByKey,
  isBlank,
  newRow,
  templateHeader,
  toPunchList,
  validateRow,
  type ColumnKey,
  type GridRow,
} from './model';
import { PunchGrid, type GridHandle, type RowErrors } from './PunchGrid';
import gridClasses from './PunchGrid.module.css';
import { useCreatePunchItems } from './queries';

const NO_ERRORS: RowErrors = Object.freeze({}) as RowErrors;
const MAX_PROBLEMS_LISTED = 30;

interface Problem {
  row: number;
  key: ColumnKey | '_row';
  message: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function Shortcuts() {
  const keys: Array<[string, string]> = [
    ['↑ ↓ ← →', 'move between cells'],
    ['Tab / Shift+Tab', 'next / previous cell'],
    ['Enter / Shift+Enter', 'cell below / above (a new row at the end)'],
    ['Shift+↑ ↓', 'select rows'],
    ['Ctrl+Enter', 'add a row below'],
    ['Ctrl+Shift+Enter', 'copy the row below'],
    ['Ctrl+Delete', 'delete the selected rows'],
    ['Ctrl+D', 'fill down (the cell above, or the first selected row)'],
    ['Ctrl+V', 'paste cells from a spreadsheet'],
  ];
  return (
    <Table fz="xs" verticalSpacing={2} aria-label="Keyboard shortcuts">
      <Table.Tbody>
        {keys.map(([k, what]) => (
          <Table.Tr key={k}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Kbd size="xs">{k}</Kbd>
            </Table.Td>
            <Table.Td>{what}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function PunchListPage() {
  const { projectId, containerId } = useRouteIds(routes.punchList);
  const config = useConfig();
  const statuses = config.statuses.punchList;
  const userName = useSession()?.userName;
  const { data: folder } = useSuspenseQuery(folderQuery(containerId));
  const kind = folderKind(config, folder);
  const canModify = folder.userCanModify !== false;
  useDocumentTitle(`${folder.folderName ?? 'Punch list'} · New items · PM Console`);

  const [restored] = useState(() => loadDraft(userName, containerId));
  const [rows, setRows] = useState<GridRow[]>(() =>
    restored && restored.rows.length ? restored.rows : [newRow()],
  );
  const [hidden, setHidden] = useState<ColumnKey[]>(() => restored?.hidden ?? []);
  const [draftNotice, setDraftNotice] = useState(
    restored !== undefined && restored.rows.some((r) => !isBlank(r)),
  );
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [storageFailed, setStorageFailed] = useState(false);
  const [exclude, setExclude] = useState(false);
  const [showProblems, setShowProblems] = useState(true);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [sendError, setSendError] = useState<ApiError | null>(null);
  const [importFile, setImportFile] = useState<ImportFile | null>(null);
  const grid = useRef<GridHandle>(null);
  const create = useCreatePunchItems(setProgress);
  const creating = create.isPending;

  const columns = useMemo(() => COLUMN_KEYS.filter((k) => !hidden.includes(k)), [hidden]);

  // Validation is cached per row object: an edit re-validates only the row it changed.
  const cache = useRef(new WeakMap<GridRow, RowErrors>());
  const errorsOf = useCallback(
    (row: GridRow): RowErrors => {
      if (row.created) return NO_ERRORS;
      let e = cache.current.get(row);
      if (!e) {
        const found: RowErrors = validateRow(row.values, statuses);
        e = row.refused ? { ...found, ...row.refused } : found;
        if (Object.keys(e).length === 0) e = NO_ERRORS;
        cache.current.set(row, e);
      }
      return e;
    },
    [statuses],
  );

  const summary = useMemo(() => {
    const problems: Problem[] = [];
    let pending = 0;
    let created = 0;
    let withErrors = 0;
    rows.forEach((row, i) => {
      if (row.created) {
        created++;
        return;
      }
      if (isBlank(row)) return;
      pending++;
      const e = errorsOf(row);
      if (e === NO_ERRORS) return;
      withErrors++;
      for (const [key, message] of Object.entries(e) as Array<[ColumnKey | '_row', string]>) {
        problems.push({ row: i, key, message });
      }
    });
    return { problems, pending, created, withErrors, ready: pending - withErrors };
  }, [rows, errorsOf]);

  // The draft follows the grid (debounced), and is written at once when the tab is hidden or closed.
  const latest = useRef({ rows, hidden });
  useEffect(() => {
    latest.current = { rows, hidden };
  });
  const writeDraft = useCallback(() => {
    const { rows: rs, hidden: hd } = latest.current;
    if (rs.some((r) => !r.created && !isBlank(r))) {
      setStorageFailed(!saveDraft(userName, containerId, { rows: rs, hidden: hd, savedAt: Date.now() }));
    } else {
      clearDraft(userName, containerId);
    }
  }, [userName, containerId]);
  useEffect(() => {
    const t = setTimeout(writeDraft, 300);
    return () => clearTimeout(t);
  }, [rows, hidden, writeDraft]);
  useEffect(() => {
    const flush = () => writeDraft();
    const onVisibility = () => document.visibilityState === 'hidden' && writeDraft();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      writeDraft();
    };
  }, [writeDraft]);

  const showColumns = useCallback(
    (keys: ColumnKey[]) => setHidden((h) => h.filter((k) => !keys.includes(k))),
    [],
  );

  const goToProblem = (p: Problem) => {
    const key = p.key === '_row' ? 'summary' : p.key;
    if (hidden.includes(key)) showColumns([key]);
    requestAnimationFrame(() => grid.current?.focusCell(p.row, key));
  };

  const submit = async () => {
    setSendError(null);
    const pending = rows.filter((r) => !r.created && !isBlank(r));
    const bad = pending.filter((r) => errorsOf(r) !== NO_ERRORS);
    if (bad.length && !exclude) {
      setShowProblems(true);
      const first = summary.problems[0];
      if (first) goToProblem(first);
      return;
    }
    const toSend = pending.filter((r) => errorsOf(r) === NO_ERRORS);
    if (!toSend.length) return;
    const outcome = await create.mutateAsync(toSend.map((r) => toPunchList(r, containerId, statuses)));
    setProgress(null);
    setRows((rs) =>
      rs.map((r) => {
        const made = outcome.created.get(r.tempItemId);
        if (made) return { ...r, created: made, refused: undefined };
        const refused = outcome.refused.get(r.tempItemId);
        return refused ? { ...r, refused } : r;
      }),
    );
    if (outcome.error) setSendError(outcome.error);
    const numbers = [...outcome.created.values()].map((c) => Number(c.number)).filter(Number.isFinite);
    if (numbers.length) {
      const range =
        numbers.length === 1 ? `#${numbers[0]}` : `#${Math.min(...numbers)}–#${Math.max(...numbers)}`;
      notifications.show({
        color: 'green',
        title: `${plural(numbers.length, 'item')} created`,
        message: `Numbers ${range}.${outcome.refused.size ? ` ${plural(outcome.refused.size, 'row was', 'rows were')} refused: see the reasons in the grid.` : ''}`,
      });
    }
    if (outcome.refused.size) setShowProblems(true);
  };

  const clearCreated = () =>
    setRows((rs) => {
      const left = rs.filter((r) => !r.created);
      return left.length ? left : [newRow()];
    });

  const discardDraft = () => {
    setRows([newRow()]);
    setDraftNotice(false);
    setConfirmDiscard(false);
    clearDraft(userName, containerId);
  };

  const readFile = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    setImportFile({ name: file.name, text });
  };

  const addImported = (imported: GridRow[]) => {
    setRows((rs) => {
      // Trailing blank rows make way for the imported ones.
      let end = rs.length;
      while (end > 0 && isBlank(rs[end - 1]) && !rs[end - 1].created) end--;
      return [...rs.slice(0, end), ...imported];
    });
    setImportFile(null);
    notifications.show({
      title: 'Imported',
      message: `${plural(imported.length, 'row')} added to the grid.`,
    });
  };

  if (kind !== undefined && kind !== 'punchList') {
    return (
      <Stack maw={720}>
        <Title order={1}>Not a punch list</Title>
        <Alert color="yellow">
          Folder “{folder.folderName}” is not a punch list.{' '}
          <Anchor component={Link} to={routes.folder.href(projectId, containerId)}>
            Open it as a folder
          </Anchor>
          .
        </Alert>
      </Stack>
    );
  }

  const readOnly = !canModify || creating;
  const percent = progress && progress.total ? (progress.done / progress.total) * 100 : 0;

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={routes.project.href(projectId)} size="sm">
        ← Project dashboard
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Punch list</Title>
          <Text size="sm" c="dimmed">
            New items for “{folder.folderName ?? `Folder ${containerId}`}”. Type, paste from a spreadsheet or
            import a file; each row becomes one item with the next number of the project.
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light" color="gray" size="lg">
            {plural(summary.pending, 'row')} to create
          </Badge>
          {summary.withErrors > 0 && (
            <Badge variant="light" color="red" size="lg">
              {plural(summary.withErrors, 'row')} with problems
            </Badge>
          )}
          {summary.created > 0 && (
            <Badge variant="light" color="green" size="lg">
              {summary.created.toLocaleString()} created
            </Badge>
          )}
        </Group>
      </Group>

      {!canModify && (
        <Alert color="yellow" title="Read only">
          You may not add items to this punch list.
        </Alert>
      )}
      {draftNotice && (
        <Alert
          color="blue"
          variant="light"
          withCloseButton
          onClose={() => setDraftNotice(false)}
          title="Draft restored"
        >
          <Group gap="sm">
            <Text size="sm">
              Your unsent rows from {restored ? new Date(restored.savedAt).toLocaleString() : 'earlier'} are
              back.
            </Text>
            {confirmDiscard ? (
              <>
                <Button size="xs" color="red" onClick={discardDraft}>
                  Discard them
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmDiscard(false)}>
                  Keep them
                </Button>
              </>
            ) : (
              <Button size="xs" variant="subtle" onClick={() => setConfirmDiscard(true)}>
                Discard draft…
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {storageFailed && (
        <Alert color="yellow" variant="light" title="The draft is not being saved">
          This browser refused to store the draft (storage full or disabled). Create the items before leaving
          the page.
        </Alert>
      )}
      {sendError && (
        <ErrorAlert
          title="Not every row was created"
          error={sendError}
          onRetry={canModify ? () => void submit() : undefined}
        />
      )}
      {sendError && (
        <Text size="xs" c="dimmed" mt={-6}>
          Trying again is safe: rows the service already created are recognised by their TempItemId and not
          created twice.
        </Text>
      )}

      <Group justify="space-between" gap="xs" wrap="wrap" data-testid="punch-toolbar">
        <Group gap={6} wrap="wrap">
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={() => grid.current?.run('addRow')}
            title="Ctrl+Enter"
          >
            Add row
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={() => grid.current?.run('copyRow')}
            title="Ctrl+Shift+Enter"
          >
            Copy row
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={() => grid.current?.run('deleteRows')}
            title="Ctrl+Delete"
          >
            Delete rows
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={() => grid.current?.run('fillDown')}
            title="Ctrl+D"
          >
            Fill down
          </Button>
          <Popover position="bottom-start" shadow="md" withArrow>
            <Popover.Target>
              <Button size="xs" variant="default">
                Columns{hidden.length ? ` (${hidden.length} hidden)` : ''}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={6} aria-label="Shown columns" role="group">
                {COLUMNS.map((c) => (
                  <Checkbox
                    key={c.key}
                    size="xs"
                    label={c.label}
                    checked={!hidden.includes(c.key)}
                    disabled={c.key === 'summary'}
                    onChange={(e) => {
                      const show = e.currentTarget.checked;
                      setHidden((h) => (show ? h.filter((k) => k !== c.key) : [...h, c.key]));
                    }}
                  />
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
          <FileButton
            onChange={(f) => void readFile(f)}
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          >
            {(props) => (
              <Button size="xs" variant="default" disabled={readOnly} {...props}>
                Import CSV / TSV…
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => downloadText('punch-list-template.csv', formatDelimited([templateHeader()]))}
          >
            Download template CSV
          </Button>
          <Popover position="bottom-start" shadow="md" withArrow width={380}>
            <Popover.Target>
              <Button size="xs" variant="subtle">
                Keyboard
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Shortcuts />
            </Popover.Dropdown>
          </Popover>
        </Group>
        <Group gap="sm">
          {summary.created > 0 && (
            <Button size="xs" variant="subtle" onClick={clearCreated} disabled={creating}>
              Clear created rows
            </Button>
          )}
          <Switch
            size="sm"
            label="Exclude rows with problems"
            checked={exclude}
            onChange={(e) => setExclude(e.currentTarget.checked)}
            disabled={creating}
          />
          <Button
            onClick={() => void submit()}
            loading={creating}
            disabled={!canModify || summary.pending === 0 || (exclude && summary.ready === 0)}
          >
            {exclude && summary.withErrors
              ? `Create ${plural(summary.ready, 'item')}`
              : `Create ${plural(summary.pending, 'item')}`}
          </Button>
        </Group>
      </Group>

      {progress && (
        <Paper withBorder p="xs" role="status" aria-live="polite">
          <Group justify="space-between" mb={4}>
            <Text size="sm">
              {progress.retry
                ? `No answer (${progress.retry.reason}) — trying again in ${Math.round(progress.retry.inMs / 1000)} s (attempt ${progress.retry.attempt} of ${progress.retry.of}), with the same rows.`
                : `Creating… ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} rows answered`}
            </Text>
          </Group>
          <Progress value={percent} aria-label="Rows answered" animated striped />
        </Paper>
      )}

      <PunchGrid
        ref={grid}
        rows={rows}
        columns={columns}
        errorsOf={errorsOf}
        readOnly={readOnly}
        onChange={setRows}
        onShowColumns={showColumns}
        height={Math.max(320, Math.min(34 * (rows.length + 2), 560))}
        statusNames={statuses.map((s) => s.name)}
      />

      {summary.problems.length > 0 && (
        <Paper withBorder p="sm" aria-label="Problems" role="region">
          <Group justify="space-between">
            <Text size="sm" fw={600} className={gridClasses.problemText}>
              {plural(summary.withErrors, 'row')} with problems
              {exclude
                ? ' — left out when creating'
                : ' — fix them, or switch on “Exclude rows with problems”'}
            </Text>
            <UnstyledButton
              fz="sm"
              c="blue"
              onClick={() => setShowProblems((s) => !s)}
              aria-expanded={showProblems}
            >
              {showProblems ? 'Hide list' : 'Show list'}
            </UnstyledButton>
          </Group>
          {showProblems && (
            <Stack gap={2} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {summary.problems.slice(0, MAX_PROBLEMS_LISTED).map((p) => (
                <li key={`${p.row}-${p.key}`}>
                  <UnstyledButton fz="sm" onClick={() => goToProblem(p)}>
                    <Text span fw={600} size="sm">
                      Row {p.row + 1}
                      {p.key !== '_row' ? ` · ${columnByKey.get(p.key)!.label}` : ''}:
                    </Text>{' '}
                    <Text span size="sm">
                      {p.message}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
              {summary.problems.length > MAX_PROBLEMS_LISTED && (
                <Text size="sm" c="dimmed">
                  …and {plural(summary.problems.length - MAX_PROBLEMS_LISTED, 'more problem')}.
                </Text>
              )}
            </Stack>
          )}
        </Paper>
      )}

      <ImportDialog file={importFile} onImport={addImported} onClose={() => setImportFile(null)} />
    </Stack>
  );
}
