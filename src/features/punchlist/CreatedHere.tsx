// "Created from this browser": the interface cannot read punch-list items back, so the screen lists the items
// this browser created (createdHere.ts), exports them (CSV, Excel), and offers admins the request log's
// punch-list writes.
import { useState } from 'react';
import { Anchor, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { operations } from '../../contract/operations';
import { routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { DateText } from '../../ui/DateText';
import { ExportButtons } from '../../ui/ExportButtons';
import { displayTextDate } from '../../ui/textDate';
import { exportFileName } from '../../ui/xlsx/sheet';
import { CREATED_CAP, createdSheet, type CreatedItem } from './createdHere';
import stacked from '../../ui/stackedTable.module.css';

const FIRST_SHOWN = 10;

/** The request log filtered to operation 5's path (the log filters by path, not by what a request carried). */
const punchWritesHref = routes.requestLog.href(
  new URLSearchParams({ PathInfo: operations.PunchListCreateManyRequest.path }).toString(),
);

export function CreatedHere({
  items,
  kept,
  containerId,
  isAdmin,
}: {
  items: CreatedItem[];
  kept: boolean;
  containerId: number;
  isAdmin: boolean;
}) {
  const { projectId } = useRouteIds(routes.punchList);
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="punch-created-here">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="punch-created-here">
            Created from this browser
          </Title>
          <ExportButtons
            size="xs"
            fileName={exportFileName('punch-list-created-here', projectId)}
            sheets={() => [createdSheet(items)]}
            disabled={items.length === 0}
          />
        </Group>
        <Text size="sm" c="dimmed">
          The interface cannot read punch-list items back, so this lists only the items created from this
          browser for this project (newest first, the last {CREATED_CAP.toLocaleString()} kept).
        </Text>
        {isAdmin && (
          <Text size="sm">
            <Anchor component={Link} to={punchWritesHref}>
              All punch-list writes in the request log
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              (the log filters by operation, not by list: this list’s requests carry folder id {containerId})
            </Text>
          </Text>
        )}
        {!kept && (
          <Text size="sm" c="dimmed">
            This browser refused to keep the list (storage full or disabled): it is gone after a reload.
          </Text>
        )}
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has been created from this browser for this project yet.
          </Text>
        ) : (
          <ScrollArea type="auto" className={stacked.stacked}>
            <Table verticalSpacing={4} fz="sm" aria-labelledby="punch-created-here" miw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>No.</Table.Th>
                  <Table.Th>Summary</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Due date</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item) => (
                  <Table.Tr key={item.tempItemId}>
                    <Table.Td data-label="No." style={{ fontVariantNumeric: 'tabular-nums' }}>
                      #{item.number}
                    </Table.Td>
                    <Table.Td data-label="Summary" style={{ overflowWrap: 'anywhere' }}>
                      {item.summary}
                      {item.containerId !== containerId && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (punch list {item.containerId})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Location">{item.location ?? '—'}</Table.Td>
                    <Table.Td data-label="Due date">{displayTextDate(item.dueDate) ?? '—'}</Table.Td>
                    <Table.Td data-label="Created" style={{ whiteSpace: 'nowrap' }}>
                      <DateText value={new Date(item.createdAt)} withTime />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {items.length > FIRST_SHOWN && (
          <div>
            <Button size="xs" variant="subtle" onClick={() => setAll((a) => !a)} aria-expanded={all}>
              {all ? `Show the newest ${FIRST_SHOWN}` : `Show all ${items.length.toLocaleString()}`}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
