// Request-log analytics (admins only): for a window, requests over time by outcome, duration percentiles over
// time, breakdowns by operation, user, IP, status, project and record, the slowest and most-failing operations.
// Every count opens the request-log explorer filtered to exactly those requests. The log is read through
// operation 20 only, in a Web Worker that keeps what it read (IndexedDB) and posts figures (useAnalytics).
// This file composes the screen: the filters (WindowForm), the reading's status and the figures' limits
// (StatusNotes), the summary cards (SummaryCards), the charts and their table (ChartPanels, BucketTable) and the
// breakdowns (Breakdowns); its state is the window in the address (useWindowChoice) and the worker's run.
import { memo, useDeferredValue, useEffect } from 'react';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Views } from '../../ui/views/Views';
import { useDocumentTitle } from '@mantine/hooks';
import { useSession } from '../../session/session';
import { AdminsOnly } from '../../ui/AdminsOnly';
import { Breakdowns } from './Breakdowns';
import { ChartPanels, loadCharts } from './ChartPanels';
import { FigureLinks } from './FigureLink';
import type { Analytics, GroupRow } from './model/aggregate';
import { Limits, Status } from './StatusNotes';
import { SummaryCards } from './SummaryCards';
import { markShown, useAnalytics } from './useAnalytics';
import { useWindowChoice } from './useWindowChoice';
import { WindowForm } from './WindowForm';

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
      <Group justify="space-between">
        <Title order={1}>Analytics</Title>
        <Views list="analytics" />
      </Group>
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

        <ChartPanels buckets={buckets} unit={win.unit} classes={classes} />

        {/* The breakdowns come in a commit of their own after the totals and charts (one smaller task each). */}
        {later ? <Breakdowns analytics={later} /> : <Loader size="sm" />}
      </Stack>
    </FigureLinks>
  );
});
