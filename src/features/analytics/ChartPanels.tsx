// The analytics page's charts: requests over time by outcome and duration percentiles over time (Charts.tsx,
// uPlot, in a chunk of its own loaded lazily), each in a panel with its heading, and their figures as a table
// (BucketTable.tsx). The time axis is formatted by the bars' unit; a class never seen is left out.
import { lazy, Suspense, useMemo } from 'react';
import { Loader, Paper, SimpleGrid, Title } from '@mantine/core';
import type { StatusClass } from '../../api/requestLogReader/row';
import { BucketTable } from './BucketTable';
import type { Analytics, Bucket } from './model/aggregate';
import type { ResolvedWindow } from './model/window';

// The charts' chunk (uPlot) starts downloading with the page, beside the first page of the log.
let chartsModule: Promise<typeof import('./Charts')> | undefined;
export const loadCharts = () =>
  (chartsModule ??= import('./Charts').catch((e: unknown) => {
    chartsModule = undefined; // the next attempt downloads again
    throw e;
  }));
const Charts = {
  Requests: lazy(async () => ({ default: (await loadCharts()).RequestsChart })),
  Duration: lazy(async () => ({ default: (await loadCharts()).DurationChart })),
};

export function ChartPanels({
  buckets,
  unit,
  classes,
}: {
  buckets: Bucket[];
  unit: ResolvedWindow['unit'];
  classes: Analytics['classes'];
}) {
  const format = useMemo(() => {
    const f = new Intl.DateTimeFormat(
      undefined,
      unit === 'day'
        ? { month: 'short', day: 'numeric' }
        : unit === 'hour'
          ? { weekday: 'short', hour: '2-digit', minute: '2-digit' }
          : { hour: '2-digit', minute: '2-digit' },
    );
    return (ms: number) => f.format(ms);
  }, [unit]);
  const seenKey = (Object.keys(classes) as StatusClass[]).filter((k) => classes[k] > 0).join(',');
  const seen = useMemo(
    () => (seenKey ? (seenKey.split(',') as StatusClass[]) : (['ok'] as StatusClass[])),
    [seenKey],
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="sm">
          <Title order={2} size="h4" mb="xs">
            Requests over time
          </Title>
          <Suspense fallback={<Loader size="sm" />}>
            <Charts.Requests buckets={buckets} format={format} classes={seen} />
          </Suspense>
        </Paper>
        <Paper withBorder p="sm">
          <Title order={2} size="h4" mb="xs">
            Duration over time (p50, p95, p99)
          </Title>
          <Suspense fallback={<Loader size="sm" />}>
            <Charts.Duration buckets={buckets} format={format} />
          </Suspense>
        </Paper>
      </SimpleGrid>
      <BucketTable buckets={buckets} format={format} classes={seen} />
    </>
  );
}
