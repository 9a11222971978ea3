// Submittal packages: how many and the first few, from the submittals container's children. A package's stored
// fields (status, ball in court) come only in the reply to an update (operation 6), which is never sent to
// read, so the panel lists what the folder read gives: name and package id.
import { useMemo } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useConfig } from '../../../config/config';
import { routes } from '../../../routes/routes';
import { submittalPackages } from '../model';
import { childrenPending, ContainerPanel, Count, PanelEmpty, type ContainersState } from './Panel';
import { useContainerChildren } from './useReads';

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
      reserve={{ phone: 370, wide: 270 }}
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
  const children = useContainerChildren(containerId);
  const packages = useMemo(
    () => (children.data ? submittalPackages(children.data, config) : []),
    [children.data, config],
  );
  const pending = childrenPending(children, 'submittal packages');
  if (pending) return pending;
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
