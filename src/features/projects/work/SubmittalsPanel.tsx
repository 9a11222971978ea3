// Submittal packages: how many and the first few, from the submittals container's children. A package's stored
// fields (status, ball in court) come only in the reply to an update (operation 6), which is never sent to
// read, so the panel lists what the folder read gives: name and package id.
import { useDeferredValue, useMemo } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { folderChildrenQuery } from '../../../api/queries/folders';
import { useConfig } from '../../../config/config';
import { routes } from '../../../routes/routes';
import { submittalPackages } from '../model';
import { ContainerPanel, Count, PanelEmpty, PanelError, PanelLoading, type ContainersState } from './Panel';
import { useReadInTurn } from './useReads';

const LISTED = 5;

export function SubmittalsPanel({
  projectId,
  containers,
}: {
  projectId: number;
  containers: ContainersState;
}) {
  return (
    <ContainerPanel
      id="work-submittals"
      title="Submittal packages"
      containers={containers}
      kind="submittals"
      what="submittal packages"
      none="No Submittals folder"
      link={(c) => ({ to: routes.submittals.href(projectId, c.folderId), label: 'Package list' })}
    >
      {(containerId) => <Packages projectId={projectId} containerId={containerId} />}
    </ContainerPanel>
  );
}

function Packages({ projectId, containerId }: { projectId: number; containerId: number }) {
  const config = useConfig();
  // The package list's own read of the container (same key).
  // Its arrival is drawn as a transition (what it starts, dozens of reads, is a long render otherwise).
  const children = useDeferredValue(useReadInTurn(folderChildrenQuery(containerId)));
  const packages = useMemo(
    () => (children.data ? submittalPackages(children.data, config) : []),
    [children.data, config],
  );
  // Data first: a failed re-read keeps what is shown (the shell's toast says it failed).
  if (children.data === undefined && !children.isError)
    return <PanelLoading label="Loading submittal packages" />;
  if (children.data === undefined) {
    return (
      <PanelError
        error={children.error}
        what="The submittal packages"
        onRetry={() => void children.refetch()}
      />
    );
  }
  if (packages.length === 0) return <PanelEmpty title="No submittal packages yet" />;
  return (
    <>
      <Count
        value={packages.length}
        label={packages.length === 1 ? 'package' : 'packages'}
        testId="submittals-count"
        to={routes.submittals.href(projectId, containerId)}
      />
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Submittal packages">
        {packages.slice(0, LISTED).map((p) => (
          <li key={p.folderId}>
            <Anchor
              component={Link}
              to={routes.submittalPackage.href(projectId, containerId, p.folderId ?? 0)}
              size="sm"
              truncate="end"
              display="block"
            >
              {p.folderName || `Package ${p.folderId}`}
            </Anchor>
          </li>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        Names from the folders: a package&apos;s status is known only after a save on its screen.
      </Text>
    </>
  );
}
