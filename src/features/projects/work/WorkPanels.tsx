// The dashboard's work panels, beside the project details: RFIs, daily reports, meetings, submittal packages and
// recent documents. Each reads its container's children (all at once, once the project's containers are known:
// the dashboard's own read of the root folder's children) and, where the interface gives a record's fields only
// one record at a time, those records (RFIs, meetings) right after. Each panel has its own loading, empty and
// error state, so a failing read shows in its panel only and never holds up the project details. Their reads
// start once the dashboard's first paint is on screen (the project's heading first: docs/performance.md,
// Lighthouse); what is already in the cache shows at once.
import { useDeferredValue, useMemo } from 'react';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { folderChildrenQuery } from '../../../api/queries/folders';
import { useConfig } from '../../../config/config';
import { workContainers } from '../model';
import { DailyReportsPanel } from './DailyReportsPanel';
import { DocumentsPanel } from './DocumentsPanel';
import { MeetingsPanel } from './MeetingsPanel';
import type { ContainersState } from './Panel';
import { RfiPanel } from './RfiPanel';
import { SubmittalsPanel } from './SubmittalsPanel';
import { useAfterFirstPaint, WorkStarted } from './useReads';

export function WorkPanels({ projectId, rootFolderId }: { projectId: number; rootFolderId?: number }) {
  const config = useConfig();
  const started = useAfterFirstPaint();
  const containers = useQuery({
    ...folderChildrenQuery(rootFolderId ?? 0),
    enabled: rootFolderId !== undefined,
  });
  // The containers' arrival is drawn as a transition: the five panels coming to life at once are a long render.
  const { data, error, refetch } = useDeferredValue(containers);
  const state: ContainersState = useMemo(() => {
    if (rootFolderId === undefined) return { status: 'none' };
    if (data) return { status: 'ready', work: workContainers(data, config) };
    if (error) return { status: 'error', error, retry: () => void refetch() };
    return { status: 'loading' };
  }, [rootFolderId, data, error, refetch, config]);

  const panels = useMemo(
    () => (
      <WorkStarted value={started}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
          <RfiPanel projectId={projectId} containers={state} />
          <MeetingsPanel projectId={projectId} containers={state} />
          <DailyReportsPanel projectId={projectId} containers={state} />
          <SubmittalsPanel projectId={projectId} containers={state} />
          <DocumentsPanel projectId={projectId} containers={state} />
        </SimpleGrid>
      </WorkStarted>
    ),
    [started, projectId, state],
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="project-work">
      <Title order={2} size="h3" id="project-work">
        Work
      </Title>
      {panels}
    </Stack>
  );
}
