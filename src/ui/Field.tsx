import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/**
 * A labelled read-only value, as a `<dt>`/`<dd>` pair (put it inside a `<dl>`, e.g. `SimpleGrid component="dl"`).
 * A missing value shows a dash so the layout does not jump.
 */
export function Field({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === undefined || children === null || children === '';
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
      </Text>
    </Stack>
  );
}
