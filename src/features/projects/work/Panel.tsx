// The frame every work panel shares: a titled region with a link to its screen, and the three states a panel
// shows on its own (loading skeleton, empty, error with "Try again"), so one failing panel never breaks the page.
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { Alert, Anchor, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Folder } from '../../../contract/dtos';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import type { WorkContainers } from '../model';
import classes from './Panel.module.css';

/** What the panels know of the project's containers (the dashboard's own read of the root folder's children). */
export type ContainersState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'none' }
  | { status: 'ready'; work: WorkContainers };

export interface PanelLink {
  to: string;
  label: string;
}

/**
 * The room a panel's figures usually take (its body, px), on a phone (one column) and wider: its loading state
 * keeps it, so the panel does not grow under the reader's eyes (or finger) when they arrive and push the panels
 * and the Folders below it down. Measured on the demo projects at 360–412 px and 800–1,280 px wide.
 */
export interface PanelReserve {
  phone: number;
  wide: number;
}

const Reserve = createContext<PanelReserve | undefined>(undefined);

export function WorkPanel({
  id,
  title,
  link,
  reserve,
  children,
}: {
  id: string;
  title: string;
  link?: PanelLink;
  reserve?: PanelReserve;
  children: ReactNode;
}) {
  return (
    <Reserve.Provider value={reserve}>
      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-labelledby={id}
        data-testid={id}
        style={{ minWidth: 0 }}
      >
        <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs" mb="sm">
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {link && (
            <Anchor component={Link} to={link.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {link.label}
            </Anchor>
          )}
        </Group>
        <Stack gap="sm">{children}</Stack>
      </Paper>
    </Reserve.Provider>
  );
}

export function PanelLoading({ label, progress }: { label: string; progress?: string }) {
  const reserve = useContext(Reserve);
  const room = reserve && {
    className: classes.reserve,
    style: {
      '--panel-reserve-phone': `${reserve.phone}px`,
      '--panel-reserve-wide': `${reserve.wide}px`,
    } as CSSProperties,
  };
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label} {...room}>
      <Skeleton h={28} w="40%" radius="sm" />
      <Skeleton h={14} radius="sm" />
      <Skeleton h={14} w="80%" radius="sm" />
      {progress && (
        <Text size="xs" c="dimmed" role="status">
          {progress}
        </Text>
      )}
      {/* The reserved room filled with the lines to come (as many as the tallest room takes; the rest is cut). */}
      {reserve &&
        Array.from({ length: Math.ceil(Math.max(reserve.phone, reserve.wide) / 44) }, (_, i) => (
          <Stack key={i} gap={6} mt={6}>
            <Skeleton h={14} w={i % 2 ? '70%' : '85%'} radius="sm" />
            <Skeleton h={10} w="45%" radius="sm" />
          </Stack>
        ))}
    </Stack>
  );
}

export function PanelEmpty({ title, description }: { title: string; description?: string }) {
  return <EmptyState size="sm" title={title} description={description} />;
}

export function PanelError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return <ErrorAlert error={error} title={`${what} could not be loaded`} onRetry={onRetry} />;
}

/**
 * What a panel shows until its container's children are here ("Loading meetings", or the error with Try again),
 * or undefined once they are. Data first: a failed re-read keeps what is shown (the shell's toast says it failed).
 */
export function childrenPending(
  children: { data?: unknown; isError: boolean; error: unknown; refetch: () => unknown },
  what: string,
) {
  if (children.data !== undefined) return undefined;
  if (!children.isError) return <PanelLoading label={`Loading ${what}`} />;
  return <PanelError error={children.error} what={`The ${what}`} onRetry={() => void children.refetch()} />;
}

/** A big count with its label, a link to the screen that lists what it counts. */
export function Count({
  value,
  label,
  to,
  testId,
  color,
}: {
  value: number;
  label: string;
  to?: string;
  testId: string;
  color?: string;
}) {
  const number = (
    <Text component="span" fz={28} fw={700} lh={1.1} c={color} data-testid={testId}>
      {value}
    </Text>
  );
  return (
    <Stack gap={0}>
      {to ? (
        <Anchor component={Link} to={to} underline="hover" aria-label={`${value} ${label}`}>
          {number}
        </Anchor>
      ) : (
        number
      )}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The containers a panel of the dashboard reads from (one kind each). */
export type ContainerKind = 'rfis' | 'dailyReports' | 'meetings' | 'submittals';

/**
 * A panel over one container of the project: before its own reads can start it shows the containers' loading
 * or error, or that the project has no container of its kind; then `children(containerId)`. The header link
 * is built once the container is known.
 */
export function ContainerPanel({
  id,
  title,
  containers,
  kind,
  what,
  none,
  link,
  reserve,
  children,
}: {
  id: string;
  title: string;
  reserve?: PanelReserve;
  containers: ContainersState;
  kind: ContainerKind;
  /** What the panel lists, for the loading label ("Loading RFIs"). */
  what: string;
  /** The empty state's title when the project has no such container. */
  none: string;
  link: (container: Folder & { folderId: number }) => PanelLink | undefined;
  children: (containerId: number) => ReactNode;
}) {
  const container = containers.status === 'ready' ? containers.work[kind] : undefined;
  const known =
    container?.folderId !== undefined ? { ...container, folderId: container.folderId } : undefined;
  return (
    <WorkPanel id={id} title={title} link={known && link(known)} reserve={reserve}>
      {gate(containers, known, what, none) ?? (known && children(known.folderId))}
    </WorkPanel>
  );
}

function gate(
  containers: ContainersState,
  container: Folder | undefined,
  what: string,
  none: string,
): ReactNode {
  switch (containers.status) {
    case 'loading':
      return <PanelLoading label={`Loading ${what}`} />;
    case 'error':
      return (
        <PanelError error={containers.error} what={`The project's folders`} onRetry={containers.retry} />
      );
    case 'none':
      return <PanelEmpty title={none} description="This project has no folders." />;
    case 'ready':
      return container ? undefined : <PanelEmpty title={none} />;
  }
}

/** "n of m could not be read" under a panel whose reads partly failed, with a retry of those. */
export function PartialFailure({
  failed,
  of,
  noun,
  onRetry,
}: {
  failed: number;
  of: number;
  noun: string;
  onRetry: () => void;
}) {
  if (failed === 0) return null;
  return (
    <Alert color="red" variant="light" p="xs" role="alert">
      <Text size="sm">
        {failed} of {of} {noun} could not be read; the figures leave them out.
      </Text>
      <Button size="compact-xs" variant="light" color="red" mt={4} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
