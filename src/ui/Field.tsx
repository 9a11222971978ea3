import type { ReactNode } from 'react';
import { Badge, Stack, Text } from '@mantine/core';

/**
 * A labelled read-only value, as a `<dt>`/`<dd>` pair (put it inside a `<dl>`, e.g. `SimpleGrid component="dl"`).
 * A missing value shows a dash so the layout does not jump. `waiting`: the value is a change kept in the outbox,
 * not on the service yet (`WaitingMark`).
 */
export function Field({
  label,
  children,
  waiting = false,
}: {
  label: string;
  children?: ReactNode;
  waiting?: boolean;
}) {
  const empty = children === undefined || children === null || children === '';
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
        {waiting && <WaitingMark />}
      </Text>
    </Stack>
  );
}

/** Beside a value that waits in the outbox: shown here, not on the service until the outbox has sent it. */
export function WaitingMark() {
  return (
    <Badge
      component="span"
      size="xs"
      variant="light"
      color="blue"
      ml={6}
      title="Saved to the outbox: shown here, sent when the connection is back"
    >
      waiting to send
    </Badge>
  );
}
