// The package's figures under its heading: ball in court, items, and the open and closed items at the last save.
import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { SubmittalPackage } from '../../contract/dtos';
import type { ballInCourt } from './model';
import { NotSeen } from './PackageDetails';

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export function PackageStats({
  court,
  items,
  reply,
}: {
  court: ReturnType<typeof ballInCourt>;
  /** Items in the folder tree. */
  items: number;
  /** The package of the last reply this browser saw (its item counts), if any. */
  reply: SubmittalPackage | undefined;
}) {
  const openCount = reply?.countOpenItems;
  const closedCount = reply?.countClosedItems;
  const replyTotal = reply?.countTotalItems;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Paper
        withBorder
        p="sm"
        radius="md"
        bg={court.known && court.name ? 'var(--mantine-color-blue-light)' : undefined}
        aria-label="Ball in court"
        role="note"
      >
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Ball in court
        </Text>
        <Text fw={700} size="xl">
          {court.known ? (court.name ?? 'Nobody') : <NotSeen />}
        </Text>
        <Text size="xs" c="dimmed">
          {court.reason}
        </Text>
      </Paper>
      <Stat
        label="Items"
        value={items}
        hint={
          replyTotal !== undefined && replyTotal !== items
            ? `${replyTotal} at your last save`
            : 'From the folder tree'
        }
      />
      <Stat
        label="Open items"
        value={openCount ?? <NotSeen />}
        hint={reply ? 'At your last save' : undefined}
      />
      <Stat
        label="Closed items"
        value={closedCount ?? <NotSeen />}
        hint={reply ? 'At your last save' : undefined}
      />
    </SimpleGrid>
  );
}
