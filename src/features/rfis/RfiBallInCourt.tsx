// Who must act next on the RFI, at a glance: red when it is overdue.
import { Paper, Text } from '@mantine/core';
import type { BallInCourt } from './model/status';

export function RfiBallInCourt({ court, overdue }: { court: BallInCourt; overdue: number }) {
  return (
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
  );
}
