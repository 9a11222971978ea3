// The RFI screen: the RFI and its recipients (read in parallel by the loader), who must act next and whether it
// is overdue at a glance, and the editor with a draft, an unsaved-changes guard and a conflict check
// (useRfiEditing).
import { Alert, Anchor, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useSession } from '../../session/session';
import { RecordTabs } from '../../ui/history/RecordTabs';
import { todayDay } from '../../ui/textDate';
import { LeaveDialog } from '../../ui/unsavedChanges';
import { rfiQuery, rfiRecipientsQuery } from './queries';
import { RfiBallInCourt } from './RfiBallInCourt';
import { RfiConflictDialog } from './RfiConflictDialog';
import { RfiEditor } from './RfiEditor';
import { withQueuedChanges } from './model/queued';
import { ballInCourt, daysOverdue, rfiStatusName } from './model/status';
import { RfiHeader } from './RfiHeader';
import { RfiNotices } from './RfiNotices';
import { RfiView } from './RfiView';
import { useRfiEditing } from './useRfiEditing';

export function RfiPage() {
  const location = useLocation();
  const { projectId, containerId, rfiId } = useRouteIds(routes.rfi);
  const config = useConfig();
  const statuses = config.statuses.rfi;
  const userName = useSession()?.userName;
  const { data } = useSuspenseQuery(rfiQuery(rfiId));
  const recipients = useQuery(rfiRecipientsQuery(rfiId));
  const members = recipients.data;
  const issue = data.openIssue;

  const number = issue.number || `RFI ${rfiId}`;
  useDocumentTitle(`${number} ${issue.subject ?? ''} · PM Console`);
  const canModify = issue.userCanModify !== false;

  const edit = useRfiEditing({ projectId, containerId, rfiId, number, issue, userName });
  const { session, inOutbox } = edit;
  const { editing, errors } = session;
  // What is shown: the service's record with the changes still waiting in the outbox, marked (issue 34).
  const { issue: shown, waiting } = withQueuedChanges(issue, inOutbox);
  const status = rfiStatusName(shown, statuses);
  const overdue = daysOverdue(shown, statuses, todayDay());
  const court = ballInCourt(shown, statuses);

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
        onEdit={editing ? undefined : edit.startEditing}
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
            queued={edit.queued}
            onDismissQueued={edit.dismissQueued}
            collided={edit.collided}
            onCompare={edit.compareCollided}
            waiting={inOutbox.length}
            canModify={canModify}
            offer={edit.offer}
            onRestore={edit.restoreDraft}
            onDiscardDraft={edit.discardDraft}
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
            saving={edit.saving}
            onSubmit={() => void edit.save()}
            onCancel={edit.cancel}
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
        conflict={edit.conflict}
        editing={editing}
        statuses={statuses}
        members={members ?? []}
        saving={edit.writing}
        onClose={edit.closeConflict}
        onTakeTheirs={edit.takeTheirs}
        onSaveMine={edit.saveMine}
      />

      <LeaveDialog blocker={edit.blocker}>
        Your changes to {number} are not saved. A draft is kept on this device for later.
      </LeaveDialog>
    </Stack>
  );
}

export default RfiPage;
