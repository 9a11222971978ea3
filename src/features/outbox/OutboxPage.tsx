// The outbox: every write kept while the service could not be reached, in the order it will be sent, with its
// state, the service's message, and what can be done: send now, retry, discard, open the record, or — when the
// record changed on the service meanwhile — keep mine or take theirs.
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import {
  remove,
  sendOutboxNow,
  update,
  useIsOnline,
  useOutbox,
  type OutboxEntry,
  type OutboxState,
} from '../../api/outbox';

const STATE: Record<OutboxState, { label: string; color: string }> = {
  pending: { label: 'Waiting to be sent', color: 'blue' },
  sending: { label: 'Sending…', color: 'cyan' },
  refused: { label: 'Refused by the service', color: 'red' },
  conflict: { label: 'Changed by someone else', color: 'orange' },
};

const show = (v: unknown): string => {
  if (v === undefined || v === null || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.join(', ') : '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v as string | number);
};

function ConflictTable({ entry }: { entry: OutboxEntry }) {
  const c = entry.conflict;
  if (!c) return null;
  const fields = [...new Set([...c.fields, ...Object.keys(entry.values ?? {})])];
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={4} fz="sm" aria-label="Both versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>When you edited</Table.Th>
            <Table.Th>Now on the service</Table.Th>
            <Table.Th>Yours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((k) => (
            <Table.Tr key={k}>
              <Table.Td fw={600}>{entry.labels?.[k] ?? k}</Table.Td>
              <Table.Td>{show(entry.base?.[k])}</Table.Td>
              <Table.Td>{show(c.current[k])}</Table.Td>
              <Table.Td>{entry.values && k in entry.values ? show(entry.values[k]) : '(unchanged)'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EntryCard({
  entry,
  online,
  onDiscard,
}: {
  entry: OutboxEntry;
  online: boolean;
  onDiscard: () => void;
}) {
  const state = STATE[entry.state];
  const retry = async () => {
    await update(entry.id, { state: 'pending', message: undefined, fieldErrors: undefined });
    sendOutboxNow();
  };
  const keepMine = async () => {
    // The record as it is now becomes what the change is relative to: only my fields are sent.
    await update(entry.id, {
      state: 'pending',
      message: undefined,
      base: { ...entry.base, ...entry.conflict?.current },
      conflict: undefined,
    });
    sendOutboxNow();
  };
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={entry.label} data-state={entry.state}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={entry.href} fw={600}>
            {entry.label}
          </Anchor>
          <Badge color={state.color} variant="light" data-testid="outbox-state">
            {state.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Saved {new Date(entry.createdAt).toLocaleString()}
          {entry.attempts ? ` · ${entry.attempts} ${entry.attempts === 1 ? 'try' : 'tries'}` : ''}
        </Text>
        {entry.values && entry.state !== 'conflict' && Object.keys(entry.values).length > 0 && (
          <Text size="sm" data-testid="outbox-values">
            Your change:{' '}
            {Object.entries(entry.values)
              .map(([k, v]) => `${entry.labels?.[k] ?? k}: ${show(v)}`)
              .join(' · ')}
          </Text>
        )}
        {entry.message && (
          <Text size="sm" c={entry.state === 'refused' ? 'red' : undefined} data-testid="outbox-message">
            {entry.message}
          </Text>
        )}
        {entry.fieldErrors && (
          <Stack gap={0} component="ul" m={0} pl="md">
            {Object.entries(entry.fieldErrors).map(([k, v]) => (
              <Text size="sm" component="li" key={k}>
                {k}: {v}
              </Text>
            ))}
          </Stack>
        )}
        {entry.state === 'conflict' && <ConflictTable entry={entry} />}
        <Group gap="xs">
          {entry.state === 'pending' && (
            // Offline nothing can be sent: the button waits for the connection and says so (issue 34).
            <Button
              size="xs"
              variant="light"
              onClick={sendOutboxNow}
              disabled={!online}
              aria-describedby={online ? undefined : `${entry.id}-offline`}
            >
              Send now
            </Button>
          )}
          {entry.state === 'refused' && (
            <Button size="xs" variant="light" onClick={() => void retry()}>
              Retry
            </Button>
          )}
          {entry.state === 'conflict' && (
            <>
              <Button size="xs" color="red" onClick={() => void keepMine()}>
                Keep mine
              </Button>
              <Button size="xs" variant="light" onClick={() => void remove(entry.id)}>
                Take theirs
              </Button>
            </>
          )}
          <Button size="xs" variant="default" component={Link} to={entry.href}>
            Open the record
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
        {entry.state === 'pending' && !online && (
          <Text size="xs" c="dimmed" id={`${entry.id}-offline`}>
            Offline: it is sent by itself when the connection is back.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function OutboxPage() {
  useDocumentTitle('Outbox · PM Console');
  const { loaded, entries } = useOutbox();
  const online = useIsOnline();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);

  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>Outbox</Title>
      <Text size="sm" c="dimmed">
        Changes saved while the service could not be reached. They are sent once, in this order, when the
        connection is back; they stay here after a reload or a browser restart until then.
      </Text>
      {!online && entries.length > 0 && (
        <Alert color="yellow" variant="light" title="Waiting for the connection">
          Nothing can be sent while offline.
        </Alert>
      )}
      {loaded && entries.length === 0 && (
        <EmptyState title="Nothing waiting" description="Every change has been sent." />
      )}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Changes not sent">
        {entries.map((e) => (
          <EntryCard key={e.id} entry={e} online={online} onDiscard={() => setDiscarding(e)} />
        ))}
      </Stack>

      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title="Discard this change?">
        <Stack gap="md">
          <Text size="sm">“{discarding?.label}” will not be sent. This cannot be undone.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDiscarding(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (discarding) void remove(discarding.id);
                setDiscarding(null);
              }}
            >
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export default OutboxPage;
