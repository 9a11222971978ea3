// A record screen's Details / History tabs. Admins get a History tab: the write requests that touched the record,
// from the request log (RecordHistory, downloaded and read when the tab is first opened). Staff see the screen as
// it is, with no tab and no request. The open tab is in the address (`?tab=history`), so it survives a reload.
import { Component, lazy, Suspense, useEffect, useId, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Tabs, Text, type MantineSpacing } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { HistoryRecord } from '../../api/history/model';
import { useSession } from '../../session/session';
import { retryableImport } from '../retryableImport';

const loadHistory = retryableImport(() => import('./RecordHistory'));
// Replaced after a failed download: React.lazy keeps a rejected import for good.
let RecordHistory = lazy(loadHistory);

/** A failed download of the tab's code says so in the tab, not by replacing the page (and an open editor). */
// `render`, not children: the elements must be made again after a retry, with the new lazy component.
class HistoryBoundary extends Component<{ render: () => ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  retry = () => {
    RecordHistory = lazy(loadHistory);
    this.setState({ failed: false });
  };
  override render() {
    if (!this.state.failed) return this.props.render();
    return (
      <Alert color="red" variant="light" title="The History tab could not be loaded">
        <Text size="sm">Its code did not download (offline, or the console was updated meanwhile).</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={this.retry}>
          Try again
        </Button>
      </Alert>
    );
  }
}

export const TAB_PARAM = 'tab';
export const HISTORY_TAB = 'history';

export interface RecordTabsProps {
  record: HistoryRecord;
  /** The first tab's name: "Details", "Contents", "New items". */
  detailsLabel?: string;
  /** Switches to the first tab when it turns true (an editor opened from the page's header). */
  showDetails?: boolean;
  /** The gap between the first tab's children (they were the page's own stack). */
  gap?: MantineSpacing;
  children: ReactNode;
}

export function RecordTabs({
  record,
  detailsLabel = 'Details',
  showDetails = false,
  gap = 'md',
  children,
}: RecordTabsProps) {
  const isAdmin = useSession()?.isAdmin === true;
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const id = useId();
  const history = isAdmin && search.get(TAB_PARAM) === HISTORY_TAB;

  const setTab = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === HISTORY_TAB) next.set(TAB_PARAM, HISTORY_TAB);
    else next.delete(TAB_PARAM);
    // The page's navigation state (the list it came from) stays.
    setSearch(next, { replace: true, state: location.state as unknown });
  };

  useEffect(() => {
    if (showDetails && history) setTab('details');
    // Only when the page asks for the details; setTab is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showDetails]);

  // The same tree for staff and admins (the admin check may answer after the page rendered): children keep
  // their state when the tabs appear.
  const panel = (value: string) =>
    isAdmin ? { role: 'tabpanel', id: `${id}-panel-${value}`, 'aria-labelledby': `${id}-tab-${value}` } : {};
  return (
    <Tabs id={id} value={history ? HISTORY_TAB : 'details'} onChange={setTab} keepMounted={false}>
      {isAdmin && (
        <Tabs.List mb="md">
          <Tabs.Tab value="details">{detailsLabel}</Tabs.Tab>
          <Tabs.Tab value={HISTORY_TAB}>History</Tabs.Tab>
        </Tabs.List>
      )}
      <Stack gap={gap} {...panel('details')} style={history ? { display: 'none' } : undefined}>
        {children}
      </Stack>
      {history && (
        <div {...panel(HISTORY_TAB)}>
          <HistoryBoundary
            render={() => (
              <Suspense
                fallback={
                  <Group gap="xs">
                    <Loader size="sm" />
                    <Text size="sm">Loading…</Text>
                  </Group>
                }
              >
                <RecordHistory record={record} />
              </Suspense>
            )}
          />
        </div>
      )}
    </Tabs>
  );
}
