// Creating the grid's rows (operation 5): the clean rows go in batches (useCreatePunchItems), each row then marked
// created or refused; offline, or once the connection goes, what was not answered waits in the outbox instead.
import { useState, type Dispatch, type SetStateAction } from 'react';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/errors';
import { enqueue, isOffline, isUnreachable, SAVED_TO_OUTBOX } from '../../api/outbox';
import type { CodeName } from '../../contract/codes';
import { toBatches, type Progress as SendState } from './create';
import { createdFromRows, type CreatedItem } from './createdHere';
import type { RowErrors } from './gridTypes';
import { isBlank, newRow, toPunchList, type GridRow } from './model';
import { punchOutboxEntry } from './outbox';
import { useCreatePunchItems } from './queries';
import { isClean, plural, type Problem } from './useRowProblems';

export function usePunchSend({
  projectId,
  containerId,
  folderName,
  statuses,
  rows,
  setRows,
  errorsOf,
  problems,
  exclude,
  setShowProblems,
  goToProblem,
  onCreated,
}: {
  projectId: number;
  containerId: number;
  /** The punch list's name, for the outbox. */
  folderName: string | undefined;
  statuses: CodeName[];
  rows: GridRow[];
  setRows: Dispatch<SetStateAction<GridRow[]>>;
  errorsOf: (row: GridRow) => RowErrors;
  /** Every problem of the grid, in row order. */
  problems: Problem[];
  /** Send the clean rows and leave the rows with problems in the grid. */
  exclude: boolean;
  setShowProblems: (show: boolean) => void;
  goToProblem: (p: Problem) => void;
  /** Keeps what was created for "Created from this browser". */
  onCreated: (added: CreatedItem[]) => void;
}) {
  const [progress, setProgress] = useState<SendState | null>(null);
  const [sendError, setSendError] = useState<ApiError | null>(null);
  // Rows sent while the service could not be reached wait in the outbox (src/api/outbox), not in the grid.
  const [queuedRows, setQueuedRows] = useState(0);
  const create = useCreatePunchItems(setProgress);

  const submit = async () => {
    setSendError(null);
    const pending = rows.filter((r) => !r.created && !isBlank(r));
    const bad = pending.filter((r) => !isClean(errorsOf(r)));
    if (bad.length && !exclude) {
      setShowProblems(true);
      const first = problems[0];
      if (first) goToProblem(first);
      return;
    }
    const toSend = pending.filter((r) => isClean(errorsOf(r)));
    if (!toSend.length) return;
    if (isOffline()) {
      await queue(toSend);
      return;
    }
    const outcome = await create.mutateAsync(toSend.map((r) => toPunchList(r, containerId, statuses)));
    setProgress(null);
    onCreated(createdFromRows(rows, outcome.created, containerId, Date.now()));
    setRows((rs) =>
      rs.map((r) => {
        const made = outcome.created.get(r.tempItemId);
        if (made) return { ...r, created: made, refused: undefined };
        const refused = outcome.refused.get(r.tempItemId);
        return refused ? { ...r, refused } : r;
      }),
    );
    if (outcome.error && isUnreachable(outcome.error)) {
      // The connection went: what was neither created nor refused goes to the outbox (same TempItemIds).
      await queue(
        toSend.filter((r) => !outcome.created.has(r.tempItemId) && !outcome.refused.has(r.tempItemId)),
      );
    } else if (outcome.error) setSendError(outcome.error);
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

  /** Puts rows into the outbox (one entry per batch) and takes them out of the grid: they are kept there. */
  async function queue(toQueue: GridRow[]) {
    if (!toQueue.length) return;
    const items = toQueue.map((r) => toPunchList(r, containerId, statuses));
    try {
      for (const batch of toBatches(items)) {
        await enqueue(
          punchOutboxEntry({
            projectId,
            containerId,
            listName: folderName ?? `Punch list ${containerId}`,
            items: batch,
          }),
        );
      }
    } catch (e) {
      setSendError(
        new ApiError({
          status: 0,
          errorCode: 'OutboxUnavailable',
          message: `The connection is down and the rows could not be kept in the outbox (${e instanceof Error ? e.message : String(e)}). They stay in the grid.`,
        }),
      );
      return;
    }
    const ids = new Set(toQueue.map((r) => r.tempItemId));
    setRows((rs) => {
      const left = rs.filter((r) => !ids.has(r.tempItemId));
      return left.length ? left : [newRow()];
    });
    setQueuedRows((n) => n + toQueue.length);
    notifications.show({
      color: 'blue',
      title: 'Saved to the outbox',
      message: `${plural(toQueue.length, 'row')}: ${SAVED_TO_OUTBOX.replace(/^Saved to the outbox: it/, 'they')}`,
    });
  }

  return { progress, sendError, queuedRows, creating: create.isPending, submit };
}
