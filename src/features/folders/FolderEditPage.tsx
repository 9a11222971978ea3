// Edit a folder's name, description and sorting (operation 12). Only changed fields are sent; the service's
// field errors show at their fields; leaving with unsaved changes asks first (in-app and on unload).
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { enqueue, isOffline, isUnreachable, SAVED_TO_OUTBOX } from '../../api/outbox';
import { folderQuery } from '../../api/queries/folders';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import type { Folder } from '../../contract/dtos';
import { useEditSession } from '../../ui/editSession';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LeaveDialog, useUnsavedChangesGuard } from '../../ui/unsavedChanges';
import { FolderBreadcrumbs } from './FolderBreadcrumbs';
import {
  DESCRIPTION_MAX,
  folderChanges,
  folderFormValues,
  mapFolderFieldErrors,
  NAME_MAX,
  validateFolderForm,
  type FolderField,
  type FolderFormValues,
} from './model/folderForm';
import { updateFolderMutation, type FolderChanges } from './mutations';
import { folderOutboxEntry } from './outbox';

function EditForm({ projectId, folder }: { projectId: number; folder: Folder }) {
  const folderId = folder.folderId ?? 0;
  const navigate = useNavigate();
  const readOnly = folder.userCanModify === false;
  const session = useEditSession<FolderFormValues, FolderField>({
    initial: () => folderFormValues(folder),
    isDirty: (_, v) => !readOnly && Object.keys(folderChanges(folder, v)).length > 0,
  });
  const { errors, dirty } = session;
  const values = session.editing?.values ?? folderFormValues(folder);
  const [formError, setFormError] = useState<unknown>();
  const mutation = useMutation(updateFolderMutation(folderId));
  const changes = folderChanges(folder, values);
  const { blocker, allowNextNavigation } = useUnsavedChangesGuard(dirty && !mutation.isSuccess);

  const set = (field: FolderField) => (e: { currentTarget: { value: string } }) =>
    session.change({ [field]: e.currentTarget.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    const found = validateFolderForm(values);
    setFormError(undefined);
    if (Object.keys(found).length) {
      session.fail(found);
      return;
    }
    session.setErrors({});
    if (!dirty) {
      void navigate(routes.folder.href(projectId, folderId));
      return;
    }
    // Offline or unreachable: the change goes to the outbox, to be sent (after a conflict check) later.
    const queue = async (toSend: FolderChanges) => {
      try {
        await enqueue(folderOutboxEntry(projectId, folder, toSend));
      } catch (e) {
        setFormError(
          new Error(
            `The connection is down and the change could not be kept in the outbox (${e instanceof Error ? e.message : String(e)}). Your changes stay in the form.`,
          ),
        );
        return;
      }
      notifications.show({ color: 'blue', title: 'Saved to the outbox', message: SAVED_TO_OUTBOX });
      allowNextNavigation();
      void navigate(routes.folder.href(projectId, folderId));
    };
    if (isOffline()) {
      void queue(changes);
      return;
    }
    mutation.mutate(changes, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Folder saved', message: values.folderName.trim() });
        allowNextNavigation();
        void navigate(routes.folder.href(projectId, folderId));
      },
      onError: (error) => {
        if (isUnreachable(error)) {
          void queue(changes);
          return;
        }
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
          const { fields, other } = mapFolderFieldErrors(error.fieldErrors);
          session.fail(fields);
          if (other.length) setFormError(new Error(other.join(' ')));
        } else {
          setFormError(error);
        }
      },
    });
  };

  return (
    <form ref={session.formRef} onSubmit={submit} noValidate aria-label="Edit folder">
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" variant="light" title="Read-only">
            You may not change this folder. Its details are shown as they are.
          </Alert>
        )}
        {formError !== undefined && <ErrorAlert error={formError} title="The folder was not saved" />}
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextInput
              label="Name"
              required
              maxLength={NAME_MAX + 50}
              value={values.folderName}
              onChange={set('folderName')}
              error={errors.folderName}
              readOnly={readOnly}
              disabled={readOnly}
              data-autofocus
            />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={12}
              value={values.folderDescription}
              onChange={set('folderDescription')}
              error={errors.folderDescription}
              description={`${values.folderDescription.length} / ${DESCRIPTION_MAX}`}
              readOnly={readOnly}
              disabled={readOnly}
            />
            <TextInput
              label="Sorting"
              description="Folders are listed by this number, then by name."
              inputMode="numeric"
              w={220}
              value={values.folderSorting}
              onChange={set('folderSorting')}
              error={errors.folderSorting}
              readOnly={readOnly}
              disabled={readOnly}
            />
          </Stack>
        </Paper>
        <Group>
          {!readOnly && (
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          )}
          <Button component={Link} to={routes.folder.href(projectId, folderId)} variant="default">
            {readOnly ? 'Back to the folder' : 'Cancel'}
          </Button>
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
      </Stack>

      <LeaveDialog blocker={blocker}>
        Your changes to this folder have not been saved. They will be lost if you leave.
      </LeaveDialog>
    </form>
  );
}

export function FolderEditPage() {
  const { projectId, folderId } = useRouteIds(routes.folderEdit);
  const { data: folder } = useSuspenseQuery(folderQuery(folderId));
  const name = folder.folderName || `Folder ${folderId}`;
  useDocumentTitle(`Edit ${name} · PM Console`);
  return (
    <Stack gap="md" maw={760}>
      <FolderBreadcrumbs projectId={projectId} folder={folder} />
      <Title order={1}>{folder.userCanModify === false ? name : `Edit ${name}`}</Title>
      {/* Keyed by folder: the form starts from the folder as loaded, again after a change of folder. */}
      <EditForm key={folderId} projectId={projectId} folder={folder} />
    </Stack>
  );
}

export default FolderEditPage;
