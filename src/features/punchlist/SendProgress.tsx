// The progress of a create: rows answered of all, or the wait before trying again with the same rows.
import { Group, Paper, Progress, Text } from '@mantine/core';
import type { Progress as SendState } from './create';

export function SendProgress({ progress }: { progress: SendState }) {
  const percent = progress.total ? (progress.done / progress.total) * 100 : 0;
  return (
    <Paper withBorder p="xs" role="status" aria-live="polite">
      <Group justify="space-between" mb={4}>
        <Text size="sm">
          {progress.retry
            ? `No answer (${progress.retry.reason}) — trying again in ${Math.round(progress.retry.inMs / 1000)} s (attempt ${progress.retry.attempt} of ${progress.retry.of}), with the same rows.`
            : `Creating… ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} rows answered`}
        </Text>
      </Group>
      <Progress value={percent} aria-label="Rows answered" animated striped />
    </Paper>
  );
}
