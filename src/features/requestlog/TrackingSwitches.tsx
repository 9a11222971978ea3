// The three Enable*Tracking settings of the running service, each switched only after a confirmation. They are the
// service's settings, not this user's view: the group says so, and each switch carries that as its description.
import { useId, useState } from 'react';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TRACKING_FLAGS, type Tracking } from '../../contract/requestLog';
import { setTrackingMutation } from './queries';

const LABELS: Record<keyof Tracking, { label: string; noun: string; what: string }> = {
  enableErrorTracking: {
    label: 'Record errors',
    noun: 'error',
    what: 'the error response of failed requests',
  },
  enableResponseTracking: {
    label: 'Record responses',
    noun: 'response',
    what: 'the response DTO of every request',
  },
  enableSessionTracking: { label: 'Record sessions', noun: 'session', what: 'the session of every request' },
};

export function TrackingSwitches({ tracking }: { tracking?: Tracking }) {
  const [pending, setPending] = useState<{ key: keyof Tracking; value: boolean } | null>(null);
  const mutation = useMutation({
    ...setTrackingMutation,
    onSuccess: (page) => {
      setPending(null);
      notifications.show({ color: 'teal', message: page.message ?? 'Tracking changed.' });
    },
  });

  const titleId = useId();
  const noteId = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={titleId} aria-describedby={noteId}>
      <Group gap="md">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" id={titleId}>
          Service tracking
        </Text>
        {TRACKING_FLAGS.map((key) => (
          <Switch
            key={key}
            size="sm"
            label={LABELS[key].label}
            aria-describedby={noteId}
            checked={tracking?.[key] ?? false}
            disabled={!tracking}
            onChange={(e) => {
              mutation.reset();
              setPending({ key, value: e.currentTarget.checked });
            }}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed" id={noteId}>
        These switches change what the service records for all users, not just your view.
      </Text>
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? `Turn ${LABELS[pending.key].noun} tracking ${pending.value ? 'on' : 'off'}?` : ''}
        centered
      >
        {pending && (
          <>
            <Text size="sm">
              This changes the running service for everyone: from now on the request log{' '}
              {pending.value ? 'keeps' : 'no longer keeps'} {LABELS[pending.key].what}. It stays so until
              someone switches it again or the service restarts.
            </Text>
            {mutation.isError && <ErrorAlert error={mutation.error} title="Not changed" />}
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button loading={mutation.isPending} onClick={() => mutation.mutate(pending)}>
                Turn {pending.value ? 'on' : 'off'}
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </Stack>
  );
}
