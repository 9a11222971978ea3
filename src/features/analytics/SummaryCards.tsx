// The analytics page's summary: four cards (requests, errors and their rate, duration p50 / p95 and p99), the
// counts opening their requests in the explorer, and a line naming the window, the user and the bars' unit.
import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { FigureLink } from './FigureLink';
import { formatCount, formatMs, formatRate } from './GroupTable';
import type { Analytics } from './model/aggregate';

export function SummaryCards({ analytics }: { analytics: Analytics }) {
  const { total, window: win } = analytics;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Requests">
          <FigureLink link={total.link} label={`${formatCount(total.count)} requests`}>
            <span data-testid="total-count">{formatCount(total.count)}</span>
          </FigureLink>
        </Figure>
        <Figure label="Errors">
          {total.errors ? (
            <FigureLink link={total.errorLink} label={`${formatCount(total.errors)} errors`}>
              <span data-testid="total-errors">{formatCount(total.errors)}</span>
            </FigureLink>
          ) : (
            <span data-testid="total-errors">0</span>
          )}
          <Text span size="sm" c="dimmed" data-testid="total-rate">
            {' '}
            {formatRate(total.errorRate)}
          </Text>
        </Figure>
        <Figure label="Duration p50 / p95">
          {formatMs(total.p50)} / {formatMs(total.p95)}
        </Figure>
        <Figure label="Duration p99">{formatMs(total.p99)}</Figure>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {new Date(win.fromMs).toLocaleString()} – {new Date(win.toMs).toLocaleString()}
        {analytics.user ? ` · user ${analytics.user}` : ''} · one bar per {win.unit}. A figure marked * opens
        a wider list in the request log (its title says why).
      </Text>
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {children}
      </Text>
    </Paper>
  );
}
