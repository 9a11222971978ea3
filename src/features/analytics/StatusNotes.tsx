// What the analytics page says about its reading and its figures: the worker's run (progress and Cancel, a
// cancelled or failed reading, Refresh when up to date) and the notes on what limits the figures shown.
import { memo } from 'react';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatCount } from './GroupTable';
import type { Analytics } from './model/aggregate';
import type { AnalyticsState } from './useAnalytics';

export function Status({ state }: { state: AnalyticsState }) {
  const { run } = state;
  if (run.status === 'reading')
    return (
      <Paper withBorder p="sm" aria-live="polite">
        <Group justify="space-between" mb={6}>
          <Text size="sm" data-testid="analytics-progress">
            Read {formatCount(run.read)} of ~{formatCount(Math.max(run.estimate, run.read))} requests
          </Text>
          <Button size="xs" variant="default" onClick={state.cancel}>
            Cancel
          </Button>
        </Group>
        <Progress
          value={run.estimate ? Math.min(100, (run.read / run.estimate) * 100) : 0}
          aria-label="Requests read"
          size="sm"
        />
      </Paper>
    );
  if (run.status === 'cancelled')
    return (
      <Alert color="gray" variant="light" title="Reading cancelled">
        <Text size="sm">The figures below count only what was read before.</Text>
        <Button size="xs" mt="xs" variant="default" onClick={state.refresh}>
          Read again
        </Button>
      </Alert>
    );
  if (run.status === 'error')
    return (
      <Alert color="red" variant="light" title="The request log could not be read">
        <Text size="sm">{run.message}</Text>
        {run.httpStatus > 0 && (
          <Text size="xs" c="dimmed">
            HTTP {run.httpStatus}
          </Text>
        )}
        <Button size="xs" mt="xs" variant="light" color="red" onClick={state.refresh}>
          Try again
        </Button>
      </Alert>
    );
  if (run.status === 'done')
    return (
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid="analytics-done">
          Up to date.
        </Text>
        <Button size="xs" variant="default" onClick={state.refresh}>
          Refresh
        </Button>
      </Group>
    );
  return null;
}

export const Limits = memo(function Limits({
  analytics,
  retention,
  stored,
}: {
  analytics: Analytics;
  retention: boolean;
  stored: boolean;
}) {
  const { limits } = analytics;
  const notes: string[] = [];
  if (retention && limits.oldestMs !== undefined)
    notes.push(
      `The service's request log starts at ${new Date(limits.oldestMs).toLocaleString()}, inside this window: it keeps nothing older (its retention dropped older requests, or the log is younger), so the window's start is not counted.`,
    );
  if (limits.withoutStatus)
    notes.push(
      `${formatCount(limits.withoutStatus)} requests carry no HTTP status code (Items.statusCode): they are counted as ok or error by their error reply, and the status table shows their error code.`,
    );
  if (limits.dtoAbsent || limits.dtoTruncated)
    notes.push(
      `${formatCount(limits.dtoAbsent + limits.dtoTruncated)} requests have no readable request DTO (${formatCount(limits.dtoAbsent)} not stored, ${formatCount(limits.dtoTruncated)} truncated by the log): their projects and records are unknown.`,
    );
  if (!stored)
    notes.push('This browser does not keep what was read (no IndexedDB): every visit reads again.');
  if (!notes.length) return null;
  return (
    <Alert color="yellow" variant="light" title="What limits these figures">
      <Stack gap={4}>
        {notes.map((n) => (
          <Text size="sm" key={n}>
            {n}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
});
