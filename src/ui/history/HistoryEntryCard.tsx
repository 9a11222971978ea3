// One write request of a record's History: who, when, from where, its status (a failure's code and message), and
// what it changed (the fields, before → after) or, for a punch-list create, the items it filed.
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  OPERATION_TITLE,
  explorerSearch,
  type FieldChange,
  type HistoryEntry,
} from '../../api/history/model';
import { unchangedText } from '../../api/history/diff';
import { routes } from '../../routes/routes';
import { DateText } from '../DateText';

const ITEMS_SHOWN = 50;

const CHANGE_LABEL: Record<FieldChange['change'], string> = {
  set: 'Set',
  changed: 'Changed',
  cleared: 'Cleared',
  masked: 'Masked',
};

function FieldName({ change }: { change: FieldChange }) {
  return (
    <>
      <Text size="sm" fw={600} span>
        {change.label}
      </Text>{' '}
      <Text size="xs" c="dimmed" ff="monospace" span>
        {change.field}
      </Text>
    </>
  );
}

function Changes({ entry }: { entry: HistoryEntry }) {
  const changes = entry.changes ?? [];
  const title = entry.error
    ? 'Attempted, not saved'
    : entry.first
      ? 'Fields as sent (the oldest write of this kind the log holds)'
      : 'Changes';
  // Named: which field was sent as it was (an older reader's entries have only the count).
  const unchanged = entry.unchangedFields?.length
    ? unchangedText(entry.unchangedFields)
    : entry.unchanged
      ? `${entry.unchanged.toLocaleString()} more ${entry.unchanged === 1 ? 'field was' : 'fields were'} sent with the value ${entry.unchanged === 1 ? 'it' : 'they'} already had.`
      : undefined;
  if (!changes.length) {
    return (
      <Text size="sm" c="dimmed">
        No field changed{unchanged ? `: ${unchanged}` : '.'}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing={4} fz="sm" layout="fixed">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">Field</Table.Th>
              {!entry.first && <Table.Th w="15%">Change</Table.Th>}
              {!entry.first && <Table.Th>Before</Table.Th>}
              <Table.Th>{entry.first ? 'Value' : 'After'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.field} data-change={c.change}>
                <Table.Td>
                  <FieldName change={c} />
                </Table.Td>
                {!entry.first && <Table.Td>{CHANGE_LABEL[c.change]}</Table.Td>}
                {!entry.first && (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {c.before ?? (
                      <Text size="sm" c="dimmed" span>
                        {c.change === 'masked' ? 'masked' : 'not in the log'}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.after}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {unchanged && (
        <Text size="xs" c="dimmed">
          {unchanged}
        </Text>
      )}
    </Stack>
  );
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

function Items({ entry }: { entry: HistoryEntry }) {
  const items = entry.items ?? [];
  const shown = items.slice(0, ITEMS_SHOWN);
  const n = items.length.toLocaleString();
  const title = entry.error
    ? `${n} ${items.length === 1 ? 'item' : 'items'} sent for this list (the request failed)`
    : `${n} ${items.length === 1 ? 'item' : 'items'} for this list`;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={4} fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Summary</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((item, i) => (
            <Table.Tr key={text(item.tempItemId) || i}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{text(item.summary) || '—'}</Table.Td>
              <Table.Td>
                {[item.locationSite, item.locationBuilding, item.locationFloor, item.locationRoom]
                  .map(text)
                  .filter(Boolean)
                  .join(' / ') || '—'}
              </Table.Td>
              <Table.Td>{text(item.statusName) || text(item.status) || '—'}</Table.Td>
              <Table.Td>{text(item.dueDate) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {items.length > shown.length && (
          <Table.Caption>
            And {(items.length - shown.length).toLocaleString()} more: open the request for all of them.
          </Table.Caption>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

export function HistoryEntryCard({
  entry,
  withSeconds = false,
}: {
  entry: HistoryEntry;
  /** Another write shares this one's minute: its time to the second. */
  withSeconds?: boolean;
}) {
  const { error } = entry;
  const fieldErrors = error?.fieldErrors ?? [];
  const status = entry.statusCode !== undefined ? ` · ${entry.statusCode}` : '';
  const title = OPERATION_TITLE[entry.operation] ?? entry.operation;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="article"
      aria-label={`${title}, request ${entry.id}${error ? ', failed' : ''}`}
      data-failed={error ? 'true' : undefined}
      style={error ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs">
            <Badge color={error ? 'red' : 'green'} variant="light">
              {error ? `Failed${status}` : `Saved${status}`}
            </Badge>
            <Text fw={700}>{title}</Text>
          </Group>
          <Anchor component={Link} to={routes.requestLog.href(explorerSearch(entry.id))} size="sm">
            Request #{entry.id}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          <DateText value={entry.date} withTime withSeconds={withSeconds} /> · by{' '}
          {entry.user ?? 'an unknown user'}
          {entry.ipAddress ? ` · from ${entry.ipAddress}` : ''}
          {entry.forwardedFor ? ` (forwarded for ${entry.forwardedFor})` : ''}
        </Text>
        {error && (
          <Stack gap={2}>
            <Text size="sm" c="red" fw={600}>
              {error.errorCode}
              {error.message ? `: ${error.message}` : ''}
            </Text>
            {fieldErrors.length > 0 && (
              <Text component="ul" size="sm" m={0} pl="lg">
                {fieldErrors.map((f, i) => (
                  <li key={i}>
                    {f.fieldName ? `${f.fieldName}: ` : ''}
                    {f.message ?? f.errorCode}
                  </li>
                ))}
              </Text>
            )}
          </Stack>
        )}
        {entry.dtoTruncated ? (
          <Text size="sm" c="dimmed">
            The request DTO was too long for the log to keep whole: its fields cannot be shown. Open the
            request for the part it kept.
          </Text>
        ) : entry.items ? (
          <Items entry={entry} />
        ) : (
          <Changes entry={entry} />
        )}
      </Stack>
    </Paper>
  );
}
