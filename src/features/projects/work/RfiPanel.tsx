// RFIs: how many are open and overdue (one detail read per RFI: the interface has no list of details), the most
// overdue ones with whose court they are in, and links to the RFI log (filtered where a count is clicked).
import { useMemo } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DETAIL_CONCURRENCY, rfiQuery } from '../../../api/queries/rfis';
import { useConfig } from '../../../config/config';
import { routes } from '../../../routes/routes';
import { todayDay } from '../../../ui/textDate';
import { openStatusCode, rfisToRead, summarizeRfis } from '../model';
import {
  childrenPending,
  ContainerPanel,
  Count,
  PanelEmpty,
  PanelError,
  PanelLoading,
  PartialFailure,
  type ContainersState,
} from './Panel';
import { useContainerChildren, useReads } from './useReads';

/** Overdue RFIs listed by name; the rest are behind the count's link. */
const LISTED = 5;

export function RfiPanel({ projectId, containers }: { projectId: number; containers: ContainersState }) {
  return (
    <ContainerPanel
      id="work-rfis"
      reserve={{ phone: 520, wide: 380 }}
      title="RFIs"
      containers={containers}
      kind="rfis"
      what="RFIs"
      none="No RFI folder"
      link={(c) => ({ to: routes.rfis.href(projectId, c.folderId), label: 'RFI log' })}
    >
      {(containerId) => <RfiFigures projectId={projectId} containerId={containerId} />}
    </ContainerPanel>
  );
}

function RfiFigures({ projectId, containerId }: { projectId: number; containerId: number }) {
  const config = useConfig();
  const statuses = config.statuses.rfi;
  const children = useContainerChildren(containerId);
  const { folders, total } = useMemo(
    () => (children.data ? rfisToRead(children.data, config) : { folders: [], total: 0 }),
    [children.data, config],
  );
  const details = useReads(
    folders.map((f) => rfiQuery(f.folderId ?? 0)),
    DETAIL_CONCURRENCY,
  );

  const pending = childrenPending(children, 'RFIs');
  if (pending) return pending;
  if (folders.length === 0) return <PanelEmpty title="No RFIs yet" />;
  if (details.settled < folders.length) {
    return (
      <PanelLoading
        label="Loading RFIs"
        progress={`Reading RFI details: ${details.settled} of ${folders.length}`}
      />
    );
  }

  if (details.failed === folders.length) {
    return <PanelError error={details.error} what="The RFIs' details" onRetry={details.retryFailed} />;
  }

  const read = folders.flatMap((f, i) => {
    const issue = details.data[i]?.openIssue;
    return issue && f.folderId !== undefined ? [{ folderId: f.folderId, issue }] : [];
  });
  const summary = summarizeRfis(read, statuses, todayDay());
  const openCode = openStatusCode(statuses);
  const list = (search?: string) => routes.rfis.href(projectId, containerId, search);

  return (
    <>
      <Group gap="xl">
        <Count
          value={summary.open}
          label="open"
          testId="rfis-open-count"
          to={openCode === undefined ? list() : list(`status=${openCode}`)}
        />
        <Count
          value={summary.overdue.length}
          label="overdue"
          testId="rfis-overdue-count"
          to={list('overdue=1')}
          color={summary.overdue.length > 0 ? 'var(--mantine-color-error)' : undefined}
        />
      </Group>
      {summary.overdue.length === 0 ? (
        <Text size="sm" c="dimmed">
          No open RFI is past its due date.
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Overdue RFIs">
          {summary.overdue.slice(0, LISTED).map((r) => (
            <li key={r.folderId} data-testid="overdue-rfi">
              <Group gap={6} wrap="nowrap" align="baseline">
                <Anchor
                  component={Link}
                  to={routes.rfi.href(projectId, containerId, r.folderId)}
                  fw={600}
                  size="sm"
                  style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                >
                  {r.number}
                </Anchor>
                <Text size="sm" truncate="end" title={r.subject}>
                  {r.subject}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {r.daysOverdue} {r.daysOverdue === 1 ? 'day' : 'days'} overdue · with{' '}
                {r.court || 'the addressee (not named)'}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {summary.overdue.length > LISTED && (
        <Anchor component={Link} to={list('overdue=1')} size="sm">
          All {summary.overdue.length} overdue RFIs
        </Anchor>
      )}
      <Text size="xs" c="dimmed">
        {total > folders.length
          ? `Counted over the ${folders.length} newest of ${total} RFIs.`
          : `${total} ${total === 1 ? 'RFI' : 'RFIs'} in all.`}{' '}
        Overdue: open (not a draft, not answered or closed) and due before today.
      </Text>
      <PartialFailure failed={details.failed} of={folders.length} noun="RFIs" onRetry={details.retryFailed} />
    </>
  );
}
