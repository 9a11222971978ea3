// The RFI screen: the RFI and its recipients (read in parallel by the loader), who must act next and whether it
// is overdue at a glance, and the editor with a draft, an unsaved-changes guard and a conflict check.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useBlocker, useLocation } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useSession } from '../../session/session';
import { todayDay } from '../../ui/textDate';
import { clearDraft, loadDraft, saveDraft, type RfiDraft } from './draft';
import { rfiQuery, rfiRecipientsQuery, useUpdateRfi } from './queries';
import { RfiEditor, type FormErrors } from './RfiEditor';
import {
  changesToSend,
  describeValue,
  differingFields,
  EDITABLE_FIELDS,
  formValuesFrom,
  mapFieldErrors,
  validateRfi,
  type RfiFormValues,
} from './model/editor';
import { ballInCourt, daysOverdue, rfiStatusName, statusColor } from './model/status';
import { RfiView } from './RfiView';

interface Editing {
  /** The RFI's values when editing began. */
  base: RfiFormValues;
  values: RfiFormValues;
}

interface Conflict {
  fresh: RfiFormValues;
  theirs: Array<keyof RfiFormValues>;
}

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
  const status = rfiStatusName(issue, statuses);
  const overdue = daysOverdue(issue, statuses, todayDay());
  const court = ballInCourt(issue, statuses);
  const canModify = issue.userCanModify !== false;

  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [checking, setChecking] = useState(false);
  const [offer, setOffer] = useState<RfiDraft | undefined>(() => {
    const d = loadDraft(userName, rfiId);
    return d && differingFields(d.base, d.values).length ? d : undefined;
  });

  const dirty = editing !== null && differingFields(editing.base, editing.values).length > 0;

  // Keep the draft in step with the form: a reload or a closed tab loses nothing.
  useEffect(() => {
    if (!editing) return;
    if (differingFields(editing.base, editing.values).length) {
      saveDraft(userName, rfiId, { ...editing, savedAt: Date.now() });
    } else {
      clearDraft(userName, rfiId);
    }
  }, [editing, userName, rfiId]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  // After a refused save, the first field with an error gets the focus.
  const focusError = useRef(false);
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    document.querySelector<HTMLElement>('form[aria-label="Edit RFI"] [aria-invalid="true"]')?.focus();
  }, [errors]);

  const startEditing = () => {
    const base = formValuesFrom(issue);
    setEditing({ base, values: base });
    setErrors({});
    setOffer(undefined);
  };

  const change = (patch: Partial<RfiFormValues>) => {
    setEditing((e) => (e ? { ...e, values: { ...e.values, ...patch } } : e));
    setErrors((errs) => {
      const next = { ...errs };
      for (const k of Object.keys(patch)) delete next[k as keyof RfiFormValues];
      return next;
    });
  };

  const cancel = () => {
    setEditing(null);
    setErrors({});
    clearDraft(userName, rfiId);
  };

  const send = async (state: Editing) => {
    const changes = changesToSend(state.base, state.values);
    if (Object.keys(changes).length === 0) {
      cancel();
      return;
    }
    try {
      await update.mutateAsync(changes);
      clearDraft(userName, rfiId);
      setEditing(null);
      setConflict(null);
      notifications.show({ color: 'green', title: 'Saved', message: `${number} was saved.` });
    } catch (e) {
      setConflict(null);
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length) {
        focusError.current = true;
        setErrors(mapFieldErrors(e.fieldErrors) as FormErrors);
      } else {
        setErrors({ _form: e instanceof Error ? e.message : 'The RFI could not be saved.' });
      }
    }
  };

  const save = async () => {
    if (!editing) return;
    const found = validateRfi(editing.values);
    if (Object.keys(found).length) {
      focusError.current = true;
      setErrors(found);
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
      setErrors({ _form: e instanceof Error ? e.message : 'The RFI could not be read again before saving.' });
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
    setEditing({ base: conflict.fresh, values });
    setConflict(null);
  };

  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={routes.rfis.href(projectId, containerId, listSearch)} size="sm">
        ← All RFIs
      </Anchor>

      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6} miw={0}>
          <Text size="sm" c="dimmed" fw={600}>
            {number}
          </Text>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {issue.subject || 'Untitled RFI'}
          </Title>
          <Group gap="xs">
            {status && (
              <Badge variant="light" size="lg" color={statusColor(status)}>
                {status}
              </Badge>
            )}
            {overdue > 0 && (
              <Badge color="red" size="lg" variant="filled">
                Overdue by {overdue} {overdue === 1 ? 'day' : 'days'}
              </Badge>
            )}
            {issue.costImpact && (
              <Badge color="orange" size="lg" variant="light">
                Cost impact
              </Badge>
            )}
            {!canModify && (
              <Badge color="gray" size="lg" variant="outline">
                Read-only
              </Badge>
            )}
          </Group>
        </Stack>
        {!editing && (
          <Button onClick={startEditing} disabled={!canModify} style={{ flexShrink: 0 }}>
            Edit
          </Button>
        )}
      </Group>

      <Paper
        withBorder
        p="md"
        radius="md"
        bg={overdue > 0 ? 'var(--mantine-color-red-light)' : 'var(--mantine-color-blue-light)'}
        aria-label="Ball in court"
        role="note"
      >
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Ball in court
        </Text>
        <Text fw={700} size="lg">
          {court.name ?? (court.userId ? `User ${court.userId}` : 'Nobody')}
        </Text>
        <Text size="sm">{court.reason}</Text>
      </Paper>

      {!canModify && (
        <Alert color="gray" variant="light" title="Read-only">
          You can read this RFI but not change it.
        </Alert>
      )}

      {offer && !editing && (
        <Alert color="yellow" variant="light" title="Unsaved changes">
          <Text size="sm">
            You have changes to this RFI that were not saved ({new Date(offer.savedAt).toLocaleString()}).
          </Text>
          <Group gap="sm" mt="sm">
            <Button
              size="xs"
              disabled={!canModify}
              onClick={() => {
                setEditing({ base: offer.base, values: offer.values });
                setOffer(undefined);
              }}
            >
              Restore my changes
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                clearDraft(userName, rfiId);
                setOffer(undefined);
              }}
            >
              Discard them
            </Button>
          </Group>
        </Alert>
      )}

      {editing ? (
        <RfiEditor
          values={editing.values}
          onChange={change}
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
        issue={issue}
        documents={data.referencedDocuments}
        members={members}
        projectId={projectId}
        currency={config.currency}
        status={status}
      />

      <Modal
        opened={conflict !== null}
        onClose={() => setConflict(null)}
        title="Someone else changed this RFI"
        size="xl"
      >
        {conflict && editing && (
          <Stack gap="md">
            <Text size="sm">
              Since you started editing, these fields were changed and saved by someone else. Choose what to
              keep.
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" aria-label="Changes by someone else">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Field</Table.Th>
                    <Table.Th>When you opened it</Table.Th>
                    <Table.Th>Now saved</Table.Th>
                    <Table.Th>Yours</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {conflict.theirs.map((k) => (
                    <Table.Tr key={k}>
                      <Table.Td fw={600}>{EDITABLE_FIELDS.find((f) => f.key === k)?.label ?? k}</Table.Td>
                      <Table.Td>{describeValue(k, editing.base, statuses, members ?? [])}</Table.Td>
                      <Table.Td>{describeValue(k, conflict.fresh, statuses, members ?? [])}</Table.Td>
                      <Table.Td>{describeValue(k, editing.values, statuses, members ?? [])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" c="dimmed">
              “Save mine” sends only the fields you changed; their other changes stay.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConflict(null)}>
                Keep editing
              </Button>
              <Button variant="light" onClick={takeTheirs}>
                Use their values and review
              </Button>
              <Button color="red" loading={update.isPending} onClick={() => void send(editing)}>
                Save mine
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
      >
        <Text size="sm">
          Your changes to {number} are not saved. A draft is kept on this device for later.
        </Text>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

export default RfiPage;
