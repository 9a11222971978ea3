// Request-log analytics (admins only): for a window, requests over time by outcome, duration percentiles over
// time, breakdowns by operation, user, IP, status, project and record, the slowest and most-failing operations.
// Every count opens the request-log explorer filtered to exactly those requests. The log is read through
// operation 20 only, in a Web Worker that keeps what it read (IndexedDB) and posts figures (useAnalytics).
import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { StatusClass } from '../../api/requestLogReader/row';
import { useSession } from '../../session/session';
import { AdminsOnly } from '../../ui/AdminsOnly';
import { FigureLink, FigureLinks, wrappedButton } from './FigureLink';
import { Breakdowns } from './Breakdowns';
import { formatCount, formatMs } from './GroupTable';
import type { Analytics, Bucket, GroupRow } from './model/aggregate';
import { Limits, Status } from './StatusNotes';
import { SummaryCards } from './SummaryCards';
import { markShown, useAnalytics } from './useAnalytics';
import { useWindowChoice } from './useWindowChoice';
import { WindowForm } from './WindowForm';

// The charts' chunk (uPlot) starts downloading with the page, beside the first page of the log.
let chartsModule: Promise<typeof import('./Charts')> | undefined;
const loadCharts = () =>
  (chartsModule ??= import('./Charts').catch((e: unknown) => {
    chartsModule = undefined; // the next attempt downloads again
    throw e;
  }));
const Charts = {
  Requests: lazy(async () => ({ default: (await loadCharts()).RequestsChart })),
  Duration: lazy(async () => ({ default: (await loadCharts()).DurationChart })),
};

const CLASS_LABELS: Record<StatusClass, string> = {
  ok: 'OK',
  client: 'Client errors',
  server: 'Server errors',
  error: 'Errors (no status code)',
};

export function AnalyticsPage() {
  const session = useSession();
  useDocumentTitle('Analytics · PM Console');
  if (session && session.isAdmin === false)
    return (
      <AdminsOnly
        title="Analytics"
        shows="Analytics shows the traffic of every user of the service, from its request log."
      />
    );
  return <AnalyticsScreen />;
}

function AnalyticsScreen() {
  useEffect(() => {
    void loadCharts().catch(() => undefined); // a failed download shows in the chart's place later
  }, []);
  const session = useSession();
  const [choice, setChoice] = useWindowChoice();
  const state = useAnalytics(session, choice);
  const { run, analytics } = state;

  if (run.status === 'error' && (run.httpStatus === 401 || run.httpStatus === 403))
    return (
      <AdminsOnly
        title="Analytics"
        shows="Analytics shows the traffic of every user of the service, from its request log."
      />
    );

  return (
    <Stack gap="md">
      <Title order={1}>Analytics</Title>
      <WindowForm choice={choice} onChange={setChoice} users={analytics?.tables.user.rows ?? NO_USERS} />
      <Status state={state} />
      {analytics && <Limits analytics={analytics} retention={state.retentionLimited} stored={state.stored} />}
      {analytics ? (
        <Figures analytics={analytics} />
      ) : (
        run.status !== 'error' &&
        run.status !== 'cancelled' && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Reading the request log…</Text>
          </Group>
        )
      )}
    </Stack>
  );
}

const NO_USERS: GroupRow[] = [];

// The form (WindowForm.tsx), the notes and the figures are memoised: the reading's progress (a few times a
// second) re-renders only the progress bar, and new figures re-render only what shows them.
const Figures = memo(function Figures({ analytics }: { analytics: Analytics }) {
  const { total, classes, buckets, window: win } = analytics;
  const later = useDeferredValue<Analytics | null>(analytics, null);
  useEffect(() => {
    if (!analytics.total.count) markShown(analytics); // no breakdowns to wait for
  }, [analytics]);
  const format = useMemo(() => {
    const f = new Intl.DateTimeFormat(
      undefined,
      win.unit === 'day'
        ? { month: 'short', day: 'numeric' }
        : win.unit === 'hour'
          ? { weekday: 'short', hour: '2-digit', minute: '2-digit' }
          : { hour: '2-digit', minute: '2-digit' },
    );
    return (ms: number) => f.format(ms);
  }, [win.unit]);
  const seenKey = (Object.keys(classes) as StatusClass[]).filter((k) => classes[k] > 0).join(',');
  const seen = useMemo(
    () => (seenKey ? (seenKey.split(',') as StatusClass[]) : (['ok'] as StatusClass[])),
    [seenKey],
  );

  if (!total.count)
    return (
      <Text c="dimmed" data-testid="analytics-empty">
        No requests in this window{analytics.user ? ` by ${analytics.user}` : ''}.
      </Text>
    );

  return (
    <FigureLinks>
      <Stack gap="lg">
        <SummaryCards analytics={analytics} />

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

        {/* The breakdowns come in a commit of their own after the totals and charts (one smaller task each). */}
        {later ? <Breakdowns analytics={later} /> : <Loader size="sm" />}
      </Stack>
    </FigureLinks>
  );
});

/** The charts' figures as a table of links: every bar, and each of its parts, opens its requests. */
function BucketTable({
  buckets,
  format,
  classes,
}: {
  buckets: Bucket[];
  format: (ms: number) => string;
  classes: StatusClass[];
}) {
  const [open, setOpen] = useState(false);
  const filled = buckets.filter((b) => b.count > 0);
  return (
    <Stack gap="xs">
      <Button size="xs" variant="subtle" className={wrappedButton} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide' : 'Show'} the charts' figures ({formatCount(filled.length)}{' '}
        {filled.length === 1 ? 'period' : 'periods'} with requests)
      </Button>
      {open && (
        <Table.ScrollContainer minWidth={640} data-sideways="figures">
          <Table striped aria-label="Requests per period" data-testid="bucket-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period from</Table.Th>
                <Table.Th ta="right">Requests</Table.Th>
                {classes.map((k) => (
                  <Table.Th key={k} ta="right">
                    {CLASS_LABELS[k]}
                  </Table.Th>
                ))}
                <Table.Th ta="right">p50</Table.Th>
                <Table.Th ta="right">p95</Table.Th>
                <Table.Th ta="right">p99</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filled.map((b) => (
                <Table.Tr key={b.start}>
                  <Table.Td>{format(b.start)}</Table.Td>
                  <Table.Td ta="right">
                    <FigureLink link={b.link} label={`${b.count} requests from ${format(b.start)}`}>
                      {formatCount(b.count)}
                    </FigureLink>
                  </Table.Td>
                  {classes.map((k) => (
                    <Table.Td key={k} ta="right">
                      {b.classLinks[k] ? (
                        <FigureLink
                          link={b.classLinks[k]}
                          label={`${b.classes[k]} ${CLASS_LABELS[k]} from ${format(b.start)}`}
                        >
                          {formatCount(b.classes[k])}
                        </FigureLink>
                      ) : (
                        '0'
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{formatMs(b.p50)}</Table.Td>
                  <Table.Td ta="right">{formatMs(b.p95)}</Table.Td>
                  <Table.Td ta="right">{formatMs(b.p99)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
