// The submittal package screen. No operation reads a package: the screen starts from the folder tree (the package
// folder and its item folders, read in parallel) and the last reply of operation 6 kept on this device, says
// which fields it has not seen, edits through operation 6 and shows the reply. The items' files (operation 7)
// are read together once the items are known.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, EmptyState, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { enqueue, isOffline, isUnreachable, SAVED_TO_OUTBOX, useOutboxFor } from '../../api/outbox';
import { folderChildrenQuery, folderQuery } from '../../api/queries/folders';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useEditSession } from '../../ui/editSession';
import { RecordTabs } from '../../ui/history/RecordTabs';
import { LeaveDialog, useUnsavedChangesGuard } from '../../ui/unsavedChanges';
import { ItemAttachments } from './ItemAttachments';
import { packageRecord, submittalOutboxEntry } from './outbox';
import { itemFolders, kindOf, lastReplyQuery, projectMembersQuery, useUpdateSubmittal } from './queries';
import { SubmittalEditor } from './SubmittalEditor';
import {
  ballInCourt,
  changedFields,
  changesToSend,
  formValuesFrom,
  knownPackage,
  mapFieldErrors,
  validateSubmittal,
  type FormField,
  type SubmittalFormValues,
} from './model';
import { PackageDetails } from './PackageDetails';
import { PackageHeader } from './PackageHeader';
import { PackageStats } from './PackageStats';
import { withQueuedChanges } from './queued';
import { ReplyNotice } from './ReplyNotice';

export function SubmittalPackagePage() {
  const { projectId, containerId, packageId } = useRouteIds(routes.submittalPackage);
  const config = useConfig();
  const { data: folder } = useSuspenseQuery(folderQuery(packageId));
  const { data: children } = useSuspenseQuery(folderChildrenQuery(packageId));
  const { data: reply } = useSuspenseQuery(lastReplyQuery(packageId));
  const items = useMemo(() => itemFolders(children, config), [children, config]);
  const known = knownPackage(folder, reply ?? undefined);
  const { pkg, unseen } = known;
  const canModify = pkg.userCanModify !== false;
  const title = pkg.description || folder.folderName || `Package ${packageId}`;
  useDocumentTitle(`${pkg.number ? `${pkg.number} ` : ''}${title} · PM Console`);

  const update = useUpdateSubmittal(packageId, containerId);
  const session = useEditSession<SubmittalFormValues, FormField>({
    isDirty: (base, values) => changedFields(base, values).length > 0,
    changeClearsFormError: true,
  });
  const { editing, errors, dirty } = session;
  const members = useQuery({ ...projectMembersQuery(projectId, kindOf(config)), enabled: editing !== null });
  const { blocker } = useUnsavedChangesGuard(dirty);

  // After a save the form goes away: the focus goes back to the Edit button, not to the page's start.
  const editButton = useRef<HTMLButtonElement>(null);
  const focusEdit = useRef(false);
  useEffect(() => {
    if (editing || !focusEdit.current) return;
    focusEdit.current = false;
    editButton.current?.focus();
  }, [editing]);

  // Saved while the service could not be reached: the change waits in the outbox (src/api/outbox).
  const [queued, setQueued] = useState(false);
  const inOutbox = useOutboxFor(packageRecord(packageId));
  // What is shown: the package as known with the changes still waiting in the outbox, marked (issue 34).
  const { pkg: shown, unseen: unseenShown, waiting } = withQueuedChanges(pkg, unseen, inOutbox);
  const shownTitle = shown.description || folder.folderName || `Package ${packageId}`;

  const startEditing = () => session.start(formValuesFrom(pkg));
  const cancel = session.stop;

  const save = async () => {
    if (!editing || update.isPending) return;
    const found = validateSubmittal(editing.values, editing.base, unseen);
    if (Object.keys(found).length) {
      session.fail(found);
      return;
    }
    const changes = changesToSend(editing.base, editing.values, unseen);
    if (Object.keys(changes).length === 0) {
      cancel();
      notifications.show({ color: 'gray', title: 'Nothing to save', message: 'No field was changed.' });
      return;
    }
    const queue = async () => {
      try {
        await enqueue(
          submittalOutboxEntry({
            projectId,
            containerId,
            packageId,
            title,
            baseDescription: editing.base.description,
            changes,
          }),
        );
      } catch (e) {
        session.setErrors({
          _form: `The connection is down and the change could not be kept in the outbox (${e instanceof Error ? e.message : String(e)}). Your changes stay in the form.`,
        });
        return;
      }
      focusEdit.current = true;
      session.stop();
      setQueued(true);
      notifications.show({ color: 'blue', title: 'Saved to the outbox', message: SAVED_TO_OUTBOX });
    };
    if (isOffline()) {
      await queue();
      return;
    }
    try {
      await update.mutateAsync(changes);
      focusEdit.current = true;
      session.stop();
      notifications.show({ color: 'green', title: 'Saved', message: `${title} was saved.` });
    } catch (e) {
      if (isUnreachable(e)) {
        await queue();
        return;
      }
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length) {
        session.fail(mapFieldErrors(e.fieldErrors));
      } else {
        session.setErrors({ _form: e instanceof Error ? e.message : 'The package could not be saved.' });
      }
    }
  };

  const court = ballInCourt(shown, known.source === 'reply');

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={routes.submittals.href(projectId, containerId)} size="sm">
        ← All submittals
      </Anchor>

      <PackageHeader
        pkg={shown}
        title={shownTitle}
        titleWaiting={waiting.has('description')}
        folderDescription={folder.folderDescription}
        canModify={canModify}
        editButton={editButton}
        onEdit={editing ? undefined : startEditing}
      />

      <RecordTabs record={{ kind: 'package', id: packageId }} showDetails={editing !== null}>
        <PackageStats court={court} items={items.length} reply={reply ? pkg : undefined} />

        <ReplyNotice
          reply={reply}
          changedSince={known.changedSince}
          folder={folder}
          unseen={unseenShown}
          canModify={canModify}
        />

        {inOutbox.length > 0 && !editing && (
          <Alert
            color={inOutbox.some((e) => e.state === 'conflict' || e.state === 'refused') ? 'orange' : 'blue'}
            variant="light"
            title={queued ? 'Saved to the outbox' : 'A change waits in the outbox'}
          >
            {queued
              ? SAVED_TO_OUTBOX
              : `${inOutbox.length === 1 ? 'One change' : `${inOutbox.length} changes`} to this package not sent yet.`}{' '}
            <Anchor component={Link} to={routes.outbox.href()}>
              Open the outbox
            </Anchor>
          </Alert>
        )}

        {!canModify && (
          <Alert color="gray" variant="light" title="Read-only">
            You can read this package but not change it.
          </Alert>
        )}

        {editing ? (
          <SubmittalEditor
            ref={session.formRef}
            values={editing.values}
            pkg={pkg}
            unseen={unseen}
            onChange={session.change}
            errors={errors}
            members={members.data}
            membersError={members.isError ? members.error.message : undefined}
            membersLoading={members.isPending && members.fetchStatus === 'fetching'}
            saving={update.isPending}
            onSubmit={() => void save()}
            onCancel={cancel}
          />
        ) : (
          <PackageDetails pkg={shown} unseen={unseenShown} waiting={waiting} />
        )}

        <Stack gap="sm" component="section" aria-labelledby="package-items">
          <Title order={2} size="h4" id="package-items">
            Items and attachments
          </Title>
          {items.length === 0 ? (
            <EmptyState size="sm" title="No items" description="This package has no submittal items yet." />
          ) : (
            items.map((item) => <ItemAttachments key={item.folderId} item={item} />)
          )}
        </Stack>
      </RecordTabs>

      <LeaveDialog blocker={blocker}>
        Your changes to {title} are not saved. They will be lost if you leave.
      </LeaveDialog>
    </Stack>
  );
}

export default SubmittalPackagePage;
