// Replay a logged request to its operation, as the signed-in user (a change asks first), and show the new reply
// beside the logged one.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import type { RequestLogEntry } from '../../contract/dtos';
import { operations } from '../../contract/operations';
import { Json } from './EntryParts';
import { operationOf, replayRefusal } from './model/entry';
import { isKnownOperation, replayRequest } from './queries';

type ReplayResult = { ok: true; reply: unknown } | { ok: false; error: ApiError | Error };

export function ReplayPanel({ entry }: { entry: RequestLogEntry }) {
  const op = operationOf(entry);
  const known = isKnownOperation(op) ? op : undefined;
  const [confirming, setConfirming] = useState(false);
  const replay = useMutation({
    mutationFn: async (): Promise<ReplayResult> => {
      try {
        return { ok: true, reply: await replayRequest(known!, entry.requestDto) };
      } catch (e) {
        if (e instanceof Error) return { ok: false, error: e };
        throw e;
      }
    },
  });

  const refusal = replayRefusal(entry, op, known);
  const isWrite = known ? operations[known].effect !== 'read' : false;
  const result = replay.data;
  const logged = entry.responseDto ?? entry.errorResponse;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!!refusal}
          loading={replay.isPending}
          onClick={() => (isWrite ? setConfirming(true) : replay.mutate())}
        >
          Replay{known ? ` ${known}` : ''}
        </Button>
        {refusal && (
          <Text size="xs" c="dimmed">
            {refusal}
          </Text>
        )}
        {!refusal && (
          <Text size="xs" c="dimmed">
            Sent with your own session{isWrite ? '; this one changes data' : ''}.
          </Text>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Replay a change?" centered>
        <Text size="sm">
          {known} changes data. Replaying it sends the logged request again, as you, and may change the data a
          second time.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="orange"
            onClick={() => {
              setConfirming(false);
              replay.mutate();
            }}
          >
            Replay the change
          </Button>
        </Group>
      </Modal>
      {result && (
        <SimpleGrid cols={2} spacing="sm" data-testid="replay-compare">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Logged reply
            </Text>
            <Json
              value={logged}
              label="Logged reply"
              empty="Not logged (response tracking was off and the request did not fail)."
            />
          </Stack>
          <Stack gap={4} aria-label="Replay reply" component="section">
            <Text size="sm" fw={600}>
              Replay reply{' '}
              <Badge size="xs" color={result.ok ? 'teal' : 'red'} variant="light">
                {result.ok ? 'OK' : result.error instanceof ApiError ? result.error.errorCode : 'Error'}
              </Badge>
            </Text>
            {result.ok ? (
              <Json value={result.reply} label="Replay reply" empty="Empty reply" />
            ) : (
              <Alert color="red" variant="light" p="xs">
                <Text size="sm">{result.error.message}</Text>
                {result.error instanceof ApiError &&
                  Object.entries(result.error.fieldErrors).map(([field, message]) => (
                    <Text size="xs" key={field}>
                      {field}: {message}
                    </Text>
                  ))}
              </Alert>
            )}
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}
