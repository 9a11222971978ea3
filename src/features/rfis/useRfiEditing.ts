// The RFI screen's editing: the edit session with its draft and unsaved-changes guard, the save (a re-read first,
// the conflict dialog when someone else saved since), and the outbox when the service cannot be reached.
import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import {
  enqueue,
  isOffline,
  isUnreachable,
  remove as removeFromOutbox,
  SAVED_TO_OUTBOX,
  useOutboxFor,
} from '../../api/outbox';
import type { OpenIssue } from '../../contract/dtos';
import { useEditSession } from '../../ui/editSession';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges';
import { clearDraft, loadDraft, saveDraft, type RfiDraft } from './draft';
import { rfiQuery, useUpdateRfi } from './queries';
import type { Conflict } from './RfiConflictDialog';
import type { FormErrors } from './RfiEditor';
import { rfiOutboxEntry, rfiRecord } from './outbox';
import {
  changesToSend,
  differingFields,
  formValuesFrom,
  mapFieldErrors,
  validateRfi,
  type RfiFormValues,
} from './model/editor';

export function useRfiEditing({
  projectId,
  containerId,
  rfiId,
  number,
  issue,
  userName,
}: {
  projectId: number;
  containerId: number;
  rfiId: number;
  /** The RFI's number, as the notices and the outbox name it. */
  number: string;
  /** The RFI as the service has it. */
  issue: OpenIssue;
  userName: string | undefined;
}) {
  const queryClient = useQueryClient();
  const update = useUpdateRfi(rfiId, containerId);
  const session = useEditSession<RfiFormValues>({
    isDirty: (base, values) => differingFields(base, values).length > 0,
  });
  const { editing } = session;
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [checking, setChecking] = useState(false);
  // Saved while the service could not be reached: the change waits in the outbox (src/api/outbox).
  const [queued, setQueued] = useState(false);
  const inOutbox = useOutboxFor(rfiRecord(rfiId));
  const collided = inOutbox.find((e) => e.state === 'conflict' && e.conflict);
  // The outbox entry whose collision is being resolved here: gone once mine is saved or theirs taken.
  const [resolving, setResolving] = useState<string | null>(null);
  const [offer, setOffer] = useState<RfiDraft | undefined>(() => {
    const d = loadDraft(userName, rfiId);
    return d && differingFields(d.base, d.values).length ? d : undefined;
  });

  // Keep the draft in step with the form: a reload or a closed tab loses nothing.
  useEffect(() => {
    if (!editing) return;
    if (differingFields(editing.base, editing.values).length) {
      saveDraft(userName, rfiId, { ...editing, savedAt: Date.now() });
    } else {
      clearDraft(userName, rfiId);
    }
  }, [editing, userName, rfiId]);

  const { blocker } = useUnsavedChangesGuard(session.dirty);

  const startEditing = () => {
    session.start(formValuesFrom(issue));
    setOffer(undefined);
  };

  const cancel = () => {
    session.stop();
    clearDraft(userName, rfiId);
  };

  /** Offline or unreachable: the change goes to the outbox, to be sent (after a conflict check) later. */
  const queue = async (state: { base: RfiFormValues; values: RfiFormValues }) => {
    const changes = changesToSend(state.base, state.values);
    if (Object.keys(changes).length === 0) {
      cancel();
      return;
    }
    try {
      await enqueue(
        rfiOutboxEntry({
          projectId,
          containerId,
          rfiId,
          number,
          base: state.base,
          values: state.values,
          changes,
        }),
      );
    } catch (e) {
      session.setErrors({
        _form: `The connection is down and the change could not be kept in the outbox (${e instanceof Error ? e.message : String(e)}). Your changes stay in the form.`,
      });
      return;
    }
    clearDraft(userName, rfiId);
    session.stop();
    setConflict(null);
    setQueued(true);
    notifications.show({ color: 'blue', title: 'Saved to the outbox', message: SAVED_TO_OUTBOX });
  };

  const send = async (state: { base: RfiFormValues; values: RfiFormValues }) => {
    const changes = changesToSend(state.base, state.values);
    if (Object.keys(changes).length === 0) {
      cancel();
      return;
    }
    if (isOffline()) {
      await queue(state);
      return;
    }
    try {
      await update.mutateAsync(changes);
      clearDraft(userName, rfiId);
      session.stop();
      setConflict(null);
      if (resolving) await removeFromOutbox(resolving);
      setResolving(null);
      notifications.show({ color: 'green', title: 'Saved', message: `${number} was saved.` });
    } catch (e) {
      setConflict(null);
      if (isUnreachable(e)) {
        await queue(state);
        return;
      }
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length) {
        session.fail(mapFieldErrors(e.fieldErrors) as FormErrors);
      } else {
        session.setErrors({ _form: e instanceof Error ? e.message : 'The RFI could not be saved.' });
      }
    }
  };

  const save = async () => {
    if (!editing) return;
    const found = validateRfi(editing.values);
    if (Object.keys(found).length) {
      session.fail(found);
      return;
    }
    if (isOffline()) {
      await queue(editing);
      return;
    }
    // Re-read first: if someone else saved since editing began, say what changed instead of overwriting.
    setChecking(true);
    try {
      // Part of the save: fails at once when offline or unreachable (no paused wait, no background retries).
      const fresh = await queryClient.fetchQuery({
        ...rfiQuery(rfiId),
        staleTime: 0,
        retry: false,
        networkMode: 'always',
      });
      const freshValues = formValuesFrom(fresh.openIssue);
      const theirs = differingFields(editing.base, freshValues);
      if (theirs.length) {
        setConflict({ fresh: freshValues, theirs });
        return;
      }
    } catch (e) {
      if (isUnreachable(e)) {
        setChecking(false);
        await queue(editing);
        return;
      }
      session.setErrors({
        _form: e instanceof Error ? e.message : 'The RFI could not be read again before saving.',
      });
      return;
    } finally {
      setChecking(false);
    }
    await send(editing);
  };

  const takeTheirs = () => {
    if (!editing || !conflict) return;
    const values = { ...editing.values };
    for (const k of conflict.theirs) (values as Record<string, unknown>)[k] = conflict.fresh[k];
    session.setEditing({ base: conflict.fresh, values });
    setConflict(null);
    // The outbox's change now lives in the editor (and its draft): it is not sent from the outbox any more.
    if (resolving) void removeFromOutbox(resolving);
    setResolving(null);
  };

  /** An outbox change of this RFI collided with someone else's: compare them in the usual dialog. */
  const compareCollided = () => {
    if (!collided?.conflict || !collided.base) return;
    const base = collided.base as unknown as RfiFormValues;
    session.start(base, { ...base, ...collided.values } as RfiFormValues);
    setConflict({
      fresh: collided.conflict.current as unknown as RfiFormValues,
      theirs: collided.conflict.fields as Array<keyof RfiFormValues>,
    });
    setResolving(collided.id);
    setOffer(undefined);
  };

  const restoreDraft = (draft: RfiDraft) => {
    session.start(draft.base, draft.values);
    setOffer(undefined);
  };

  const discardDraft = () => {
    clearDraft(userName, rfiId);
    setOffer(undefined);
  };

  return {
    session,
    blocker,
    /** Re-reading the RFI or writing it. */
    saving: checking || update.isPending,
    /** Writing the RFI (the conflict dialog's "save mine"). */
    writing: update.isPending,
    conflict,
    closeConflict: () => setConflict(null),
    queued,
    dismissQueued: () => setQueued(false),
    inOutbox,
    collided: collided !== undefined,
    offer,
    startEditing,
    cancel,
    save,
    saveMine: () => editing && void send(editing),
    takeTheirs,
    compareCollided,
    restoreDraft,
    discardDraft,
  };
}
