// Punch-list bulk entry (operation 5): a keyboard-first grid, paste and file import, per-cell validation,
// creation in batches with retries under the same TempItemIds, and a draft that survives reloads.
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useOutboxFor } from '../../api/outbox';
import { folderQuery } from '../../api/queries/folders';
import { folderKind, useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useSession } from '../../session/session';
import { RecordTabs } from '../../ui/history/RecordTabs';
import { CreatedHere } from './CreatedHere';
import type { ImportFile } from './ImportDialog';
import { PhonePunch } from './PhonePunch';
import { COLUMN_KEYS, isBlank, newRow, type ColumnKey, type GridRow } from './model';
import type { GridHandle } from './gridTypes';
import { punchRecord } from './outbox';
import { PunchGrid } from './PunchGrid';
import { PunchHeading } from './PunchHeading';
import { PunchNotices } from './PunchNotices';
import { ProblemsPanel } from './ProblemsPanel';
import { PunchToolbar } from './PunchToolbar';
import { SendProgress } from './SendProgress';
import { useCreatedHere } from './useCreatedHere';
import { usePunchDraft } from './usePunchDraft';
import { usePunchSend } from './usePunchSend';
import { plural, useRowProblems, type Problem } from './useRowProblems';

// The import dialog (mapping, preview, the cells to fix) is loaded when a file is chosen, not with the screen.
const loadImportDialog = () => import('./ImportDialog');
const ImportDialog = lazy(() => loadImportDialog().then((m) => ({ default: m.ImportDialog })));

export function PunchListPage() {
  const { projectId, containerId } = useRouteIds(routes.punchList);
  const config = useConfig();
  const statuses = config.statuses.punchList;
  const session = useSession();
  const userName = session?.userName;
  const { data: folder } = useSuspenseQuery(folderQuery(containerId));
  const kind = folderKind(config, folder);
  const canModify = folder.userCanModify !== false;
  useDocumentTitle(`${folder.folderName ?? 'Punch list'} · New items · PM Console`);

  const { restored, rows, setRows, hidden, setHidden, storageFailed, discard } = usePunchDraft(
    userName,
    containerId,
  );
  const [draftNotice, setDraftNotice] = useState(
    restored !== undefined && restored.rows.some((r) => !isBlank(r)),
  );
  const [exclude, setExclude] = useState(false);
  const [showProblems, setShowProblems] = useState(true);
  const [importFile, setImportFile] = useState<ImportFile | null>(null);
  const [pasteNotice, setPasteNotice] = useState<string | undefined>();
  const createdHere = useCreatedHere(userName, projectId);
  const inOutbox = useOutboxFor(punchRecord(containerId));
  // On a phone (below Mantine's xs, 36em): one item at a time, the grid on request.
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const [gridOnPhone, setGridOnPhone] = useState(false);
  const grid = useRef<GridHandle>(null);

  const columns = useMemo(() => COLUMN_KEYS.filter((k) => !hidden.includes(k)), [hidden]);

  const { errorsOf, summary } = useRowProblems(rows, statuses);

  const showColumns = useCallback(
    (keys: ColumnKey[]) => setHidden((h) => h.filter((k) => !keys.includes(k))),
    [setHidden],
  );

  const goToProblem = (p: Problem) => {
    const key = p.key === '_row' ? 'summary' : p.key;
    if (hidden.includes(key)) showColumns([key]);
    requestAnimationFrame(() => grid.current?.focusCell(p.row, key));
  };

  const { progress, sendError, queuedRows, creating, submit } = usePunchSend({
    projectId,
    containerId,
    folderName: folder.folderName,
    statuses,
    rows,
    setRows,
    errorsOf,
    problems: summary.problems,
    exclude,
    setShowProblems,
    goToProblem,
    onCreated: createdHere.record,
  });

  const clearCreated = () =>
    setRows((rs) => {
      const left = rs.filter((r) => !r.created);
      return left.length ? left : [newRow()];
    });

  const discardDraft = () => {
    discard();
    setDraftNotice(false);
  };

  const readFile = async (file: File | null) => {
    if (!file) return;
    void loadImportDialog();
    if (!/\.xlsx$/i.test(file.name)) return setImportFile({ name: file.name, text: await file.text() });
    try {
      // exceljs comes with the first workbook (src/ui/xlsx/excel.ts).
      const { readWorkbook } = await import('../../ui/xlsx/excel');
      setImportFile({ name: file.name, sheets: await readWorkbook(await file.arrayBuffer()) });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: `${file.name} could not be read`,
        message: `It is not an Excel workbook (.xlsx) the console can read: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
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

  if (phone && !gridOnPhone) {
    return (
      <PhonePunch
        projectId={projectId}
        containerId={containerId}
        listName={folder.folderName ?? `Folder ${containerId}`}
        userName={userName}
        statuses={statuses}
        canModify={canModify}
        isAdmin={session?.isAdmin === true}
        onUseGrid={() => setGridOnPhone(true)}
      />
    );
  }

  const readOnly = !canModify || creating;

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={routes.project.href(projectId)} size="sm">
        ← Project dashboard
      </Anchor>
      <PunchHeading
        listName={folder.folderName ?? `Folder ${containerId}`}
        pending={summary.pending}
        withErrors={summary.withErrors}
        created={summary.created}
        onOneAtATime={phone ? () => setGridOnPhone(false) : undefined}
      />

      <RecordTabs record={{ kind: 'punchContainer', id: containerId }} detailsLabel="New items" gap="sm">
        <PunchNotices
          canModify={canModify}
          draftRestored={draftNotice}
          draftSavedAt={restored?.savedAt}
          onDiscardDraft={discardDraft}
          onCloseDraft={() => setDraftNotice(false)}
          storageFailed={storageFailed}
          inOutbox={inOutbox}
          queuedRows={queuedRows}
          sendError={sendError}
          onRetry={() => void submit()}
        />

        <PunchToolbar
          grid={grid}
          readOnly={readOnly}
          canModify={canModify}
          creating={creating}
          hidden={hidden}
          setHidden={setHidden}
          onFile={(f) => void readFile(f)}
          summary={summary}
          exclude={exclude}
          setExclude={setExclude}
          onClearCreated={clearCreated}
          onSubmit={() => void submit()}
        />

        {progress && <SendProgress progress={progress} />}

        {pasteNotice && (
          <Alert
            color="yellow"
            variant="light"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setPasteNotice(undefined)}
            title="Not every pasted column was used"
          >
            {pasteNotice} Name it as a grid column (the template’s names), or import the sheet to choose where
            each column goes.
          </Alert>
        )}
        <PunchGrid
          ref={grid}
          rows={rows}
          columns={columns}
          errorsOf={errorsOf}
          readOnly={readOnly}
          onChange={setRows}
          onShowColumns={showColumns}
          onPasteNotice={setPasteNotice}
          height={Math.max(320, Math.min(34 * (rows.length + 2), 560))}
          statusNames={statuses.map((s) => s.name)}
        />

        <ProblemsPanel
          problems={summary.problems}
          withErrors={summary.withErrors}
          exclude={exclude}
          onGoTo={goToProblem}
          showProblems={showProblems}
          onToggle={() => setShowProblems((x) => !x)}
        />

        <CreatedHere
          items={createdHere.items}
          kept={createdHere.kept}
          containerId={containerId}
          isAdmin={session?.isAdmin === true}
        />
      </RecordTabs>

      {importFile && (
        <Suspense fallback={null}>
          <ImportDialog file={importFile} onImport={addImported} onClose={() => setImportFile(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
