// The punch-list screen on a phone: the one-item form (PhoneEntry), each saved item handed to the outbox (sent at
// once when online, later when not), and the items saved in this visit with what became of them.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { enqueue, useOutbox } from '../../api/outbox';
import type { CodeName } from '../../contract/codes';
import { routes } from '../../routes/routes';
import { CreatedHere } from './CreatedHere';
import { loadCreated } from './createdHere';
import { toPunchList } from './model';
import { punchOutboxEntry } from './outbox';
import { PhoneEntry } from './PhoneEntry';
import {
  loadVisit,
  locationText,
  saveVisit,
  tempItemIdsOf,
  visitState,
  type PhoneForm,
  type VisitItem,
  type VisitState,
} from './phone';

export interface PhonePunchProps {
  projectId: number;
  containerId: number;
  listName: string;
  userName: string | undefined;
  statuses: CodeName[];
  canModify: boolean;
  isAdmin: boolean;
  /** Switches to the grid. */
  onUseGrid: () => void;
}

export function PhonePunch(p: PhonePunchProps) {
  const { projectId, containerId, userName, statuses } = p;
  const [visit, setVisit] = useState<VisitItem[]>(() => loadVisit(userName, containerId));
  const outbox = useOutbox();

  const queued = useMemo(
    () =>
      outbox.entries
        .filter((e) => e.kind === 'punch-create')
        .map((e) => ({ state: e.state, message: e.message, tempItemIds: tempItemIdsOf(e.request) })),
    [outbox.entries],
  );
  // Read again whenever the outbox changes: the sender records what it created (createdHere.ts).
  const created = useMemo(
    () => loadCreated(userName, projectId),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [userName, projectId, outbox.entries],
  );
  const numbers = useMemo(() => new Map(created.map((c) => [c.tempItemId, c.number])), [created]);

  const save = async (form: PhoneForm) => {
    const item = toPunchList(form, containerId, statuses);
    await enqueue(punchOutboxEntry({ projectId, containerId, listName: p.listName, items: [item] }));
    const saved: VisitItem = {
      tempItemId: form.tempItemId,
      summary: item.summary ?? '',
      location: locationText(form.values),
      savedAt: Date.now(),
    };
    setVisit((v) => {
      const next = [saved, ...v.filter((i) => i.tempItemId !== saved.tempItemId)];
      saveVisit(userName, containerId, next);
      return next;
    });
  };

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={routes.project.href(projectId)} size="sm">
        ← Project dashboard
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={1}>Punch list</Title>
          <Text size="sm" c="dimmed">
            New items for “{p.listName}”.
          </Text>
        </div>
        <Button variant="default" size="md" onClick={p.onUseGrid}>
          Use the grid
        </Button>
      </Group>
      {!p.canModify && (
        <Alert color="yellow" title="Read only">
          You may not add items to this punch list.
        </Alert>
      )}
      <PhoneEntry
        userName={userName}
        containerId={containerId}
        statuses={statuses}
        readOnly={!p.canModify}
        onSave={save}
      />
      <VisitList items={visit} stateOf={(i) => visitState(i, queued, outbox.loaded, numbers)} />
      <CreatedHere items={created} kept containerId={containerId} isAdmin={p.isAdmin} />
    </Stack>
  );
}

const BADGE: Record<VisitState['kind'], { color: string; text: string }> = {
  queued: { color: 'gray', text: 'Queued' },
  sending: { color: 'blue', text: 'Sending' },
  refused: { color: 'red', text: 'Refused' },
  created: { color: 'green', text: 'Created' },
};

function VisitList({ items, stateOf }: { items: VisitItem[]; stateOf: (i: VisitItem) => VisitState }) {
  if (!items.length) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="punch-phone-visit">
      <Stack gap="xs">
        <Title order={2} size="h4" id="punch-phone-visit">
          Saved in this visit
        </Title>
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Saved items">
          {items.map((item) => {
            const state = stateOf(item);
            const badge = BADGE[state.kind];
            return (
              <li key={item.tempItemId} data-temp-item-id={item.tempItemId}>
                <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {item.summary}
                    </Text>
                    {item.location && (
                      <Text size="xs" c="dimmed">
                        {item.location}
                      </Text>
                    )}
                    {state.kind === 'refused' && (
                      <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                        {state.reason}{' '}
                        <Anchor component={Link} to={routes.outbox.href()} size="xs">
                          Fix or discard it in the outbox
                        </Anchor>
                      </Text>
                    )}
                  </div>
                  <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
                    {state.kind === 'created' && state.number ? `Created #${state.number}` : badge.text}
                  </Badge>
                </Group>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
