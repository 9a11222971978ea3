// The RFI screen: the RFI and its recipients (read in parallel by the loader), who must act next and whether it
// is overdue at a glance, and the editor with a draft, an unsaved-changes guard and a conflict check.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import {
  enqueue,
  isOffline,
  isUnreachable,
  remove as removeFromOutbox,
  SAVED_TO_OUTBOX,
  useOutboxFor,
} from '../../api/outbox';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useSession } from '../../session/session';
import { useEditSession } from '../../ui/editSession';
import { RecordTabs } from '../../ui/history/RecordTabs';
import { todayDay } from '../../ui/textDate';
import { LeaveDialog, useUnsavedChangesGuard } from '../../ui/unsavedChanges';
import { clearDraft, loadDraft, saveDraft, type RfiDraft } from './draft';
import { rfiQuery, rfiRecipientsQuery, useUpdateRfi } from './queries';
import { RfiBallInCourt } from './RfiBallInCourt';
import { RfiConflictDialog, type Conflict } from './RfiConflictDialog';
import { RfiEditor, type FormErrors } from './RfiEditor';
import { rfiOutboxEntry, rfiRecord } from './outbox';
import {
  changesToSend,
  differingFields,
  formValuesFrom,
  mapFieldErrors,
  validateRfi,
  type RfiFormValues,
} from './model/editor';
import { withQueuedChanges } from './model/queued';
import { ballInCourt, daysOverdue, rfiStatusName } from './model/status';
import { RfiHeader } from './RfiHeader';
import { RfiNotices } from './RfiNotices';
import { RfiView } from './RfiView';

export function RfiPage() {
  const location = useLocation();
  const { projectId, containerId, rfiId } = useRouteIds(routes.rfi);
  const config = useConfig();
  const statuses = config.statuses.rfi;
  const userName = useSession()?.userName;
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(rfiQuery(rfiId));
  const recipients = useQuery(rfiRecipientsQuery(rfiId));
  const members = recipients.data;
  const issue = data.openIssue;
  const update = useUpdateRfi(rfiId, containerId);

  const number = issue.number || `RFI ${rfiId}`;
  useDocumentTitle(`${number} ${issue.subject ?? ''} · PM Console`);
  const canModify = issue.userCanModify !== false;

  const session = useEditSession<RfiFormValues>({
    isDirty: (base, values) => differingFields(base, values).length > 0,
  });
  const { editing, errors, dirty } = session;
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [checking, setChecking] = useState(false);
  // Saved while the service could not be reached: the change waits in the outbox (src/api/outbox).
  const [queued, setQueued] = useState(false);
  const inOutbox = useOutboxFor(rfiRecord(rfiId));
  const collided = inOutbox.find((e) => e.state === 'conflict' && e.conflict);
  // What is shown: the service's record with the changes still waiting in the outbox, marked (issue 34).
  const { issue: shown, waiting } = withQueuedChanges(issue, inOutbox);
  const status = rfiStatusName(shown, statuses);
  const overdue = daysOverdue(shown, statuses, todayDay());
  const court = ballInCourt(shown, statuses);
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

  const { blocker } = useUnsavedChangesGuard(dirty);

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

  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={routes.rfis.href(projectId, containerId, listSearch)} size="sm">
        ← All RFIs
      </Anchor>

      <RfiHeader
        number={number}
        subject={shown.subject}
        subjectWaiting={waiting.has('subject')}
        status={status}
        overdue={overdue}
        costImpact={shown.costImpact === true}
        canModify={canModify}
        onEdit={editing ? undefined : startEditing}
      />

      <RecordTabs record={{ kind: 'rfi', id: rfiId }} showDetails={editing !== null}>
        <RfiBallInCourt court={court} overdue={overdue} />

        {!canModify && (
          <Alert color="gray" variant="light" title="Read-only">
            You can read this RFI but not change it.
          </Alert>
        )}

        {!editing && (
          <RfiNotices
            queued={queued}
            onDismissQueued={() => setQueued(false)}
            collided={collided !== undefined}
            onCompare={compareCollided}
            waiting={inOutbox.length}
            canModify={canModify}
            offer={offer}
            onRestore={(draft) => {
              session.start(draft.base, draft.values);
              setOffer(undefined);
            }}
            onDiscardDraft={() => {
              clearDraft(userName, rfiId);
              setOffer(undefined);
            }}
          />
        )}

        {editing ? (
          <RfiEditor
            ref={session.formRef}
            values={editing.values}
            onChange={session.change}
            errors={errors}
            members={members}
            membersError={recipients.isError ? recipients.error.message : undefined}
            statuses={statuses}
            saving={checking || update.isPending}
            onSubmit={() => void save()}
            onCancel={cancel}
          />
        ) : null}
        <RfiView
          editing={editing !== null}
          issue={editing ? issue : shown}
          waiting={editing ? undefined : waiting}
          documents={data.referencedDocuments}
          members={members}
          projectId={projectId}
          currency={config.currency}
          status={status}
        />
      </RecordTabs>

      <RfiConflictDialog
        rfiId={rfiId}
        conflict={conflict}
        editing={editing}
        statuses={statuses}
        members={members ?? []}
        saving={update.isPending}
        onClose={() => setConflict(null)}
        onTakeTheirs={takeTheirs}
        onSaveMine={() => editing && void send(editing)}
      />

      <LeaveDialog blocker={blocker}>
        Your changes to {number} are not saved. A draft is kept on this device for later.
      </LeaveDialog>
    </Stack>
  );
}

export default RfiPage;
