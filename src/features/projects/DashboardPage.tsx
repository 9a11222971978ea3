import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Card,
  EmptyState,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { folderTypeLabel, statusName, useConfig } from '../../config/config';
import { folderPath, routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import { useSession } from '../../session/session';
import type { Folder, Project } from '../../contract/dtos';
import { DateText } from '../../ui/DateText';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { whenIdle } from '../../ui/idle';
import { Field } from '../../ui/Field';
import { FolderIcon } from '../../ui/icons';
import { formatMoney } from '../../ui/format';
import { formatAddress, resolveLogoUrl } from './projectFormat';
import { workContainers, workFolderIds } from './model';
import { rememberProject, rememberWork } from './recentProjects';
import { WorkPanels } from './work/WorkPanels';

/** The project's logo; hidden if it cannot be loaded (an external host may be out of reach). */
function ProjectLogo({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Image
      src={src}
      alt={`${name} logo`}
      h={64}
      w="auto"
      maw={200}
      fit="contain"
      onError={() => setFailed(true)}
    />
  );
}

function PhoneLink({ number }: { number?: string }) {
  if (!number) return null;
  const dial = number.replace(/[^\d+]/g, '');
  return dial ? <Anchor href={`tel:${dial}`}>{number}</Anchor> : <>{number}</>;
}

function ProjectDetails({ project }: { project: Project }) {
  const config = useConfig();
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
        <Field label="Address">{formatAddress(project.address)}</Field>
        <Field label="Phone">
          <PhoneLink number={project.phone} />
        </Field>
        <Field label="Fax">{project.fax}</Field>
        <Field label="Start date">
          {project.startDate ? <DateText value={project.startDate} /> : undefined}
        </Field>
        <Field label="End date">{project.endDate ? <DateText value={project.endDate} /> : undefined}</Field>
        <Field label="Budget">{formatMoney(project.budget, config.currency)}</Field>
        <Field label="Contingency">{formatMoney(project.contingency, config.currency)}</Field>
        <Field label="Organization">{project.organization}</Field>
        <Field label="Location">{project.location}</Field>
        <Field label="Owner's project number">{project.numberOwner}</Field>
        <Field label="Architect's project number">{project.numberArchitect}</Field>
      </SimpleGrid>
    </Paper>
  );
}

function ContainerCard({ projectId, folder }: { projectId: number; folder: Folder }) {
  const config = useConfig();
  const to = folderPath(projectId, folder, config);
  const name = folder.folderName || `Folder ${folder.folderId ?? ''}`;
  const typeLabel = folderTypeLabel(config, folder);
  const body = (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <FolderIcon style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2} miw={0}>
        <Text fw={600} truncate="end">
          {name}
        </Text>
        {typeLabel.toLowerCase() !== name.toLowerCase() && (
          <Text size="xs" c="dimmed">
            {typeLabel}
          </Text>
        )}
        {folder.folderDescription && (
          <Text size="sm" lineClamp={2}>
            {folder.folderDescription}
          </Text>
        )}
      </Stack>
    </Group>
  );
  return to ? (
    <Card withBorder padding="md" radius="md" component={Link} to={to}>
      {body}
    </Card>
  ) : (
    <Card withBorder padding="md" radius="md">
      {body}
    </Card>
  );
}

function Containers({ projectId, rootFolderId }: { projectId: number; rootFolderId?: number }) {
  // Drawn as a transition when they arrive (the project's heading and details are on screen already).
  const containers = useDeferredValue(
    useQuery({
      ...folderChildrenQuery(rootFolderId ?? 0),
      enabled: rootFolderId !== undefined,
    }),
  );

  let content;
  if (rootFolderId === undefined) {
    content = <EmptyState size="sm" title="No folders" description="This project has no root folder." />;
  } else if (containers.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading folders">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={76} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (containers.isError) {
    content = (
      <ErrorAlert
        error={containers.error}
        title="The project's folders could not be loaded"
        onRetry={() => void containers.refetch()}
      />
    );
  } else if (containers.data.length === 0) {
    content = <EmptyState size="sm" title="No folders" description="This project has no folders yet." />;
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {containers.data.map((folder) => (
          <ContainerCard key={folder.folderId} projectId={projectId} folder={folder} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="project-folders">
      <Title order={2} size="h3" id="project-folders">
        Folders
      </Title>
      {content}
    </Stack>
  );
}

/**
 * Runs `write` when the page is idle, not in a commit that draws the page; at once if the page is left before (in
 * the app, or by a reload or another address: the start page lists what was opened).
 */
function useWriteWhenIdle(write: () => void): void {
  useEffect(() => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      write();
    };
    const cancel = whenIdle(once);
    window.addEventListener('pagehide', once);
    return () => {
      cancel();
      window.removeEventListener('pagehide', once);
      once();
    };
  }, [write]);
}

/**
 * Remembers the project (the start page's list of recently opened projects). With the heading, not with the
 * rest of the page: a visitor who leaves before the rest is drawn has opened it all the same.
 */
function RememberProject({ project }: { project: Project }) {
  const userName = useSession()?.userName;
  useWriteWhenIdle(useCallback(() => rememberProject(userName, project), [userName, project]));
  return null;
}

/**
 * Remembers the work folders among the project's containers (the Folders section's and the work panels' read),
 * so a revisit asks for the panels' lists together with the project. Draws nothing: the containers' arrival
 * re-renders this alone, not the page.
 */
function RememberWork({ project, projectId }: { project: Project; projectId: number }) {
  const config = useConfig();
  const userName = useSession()?.userName;
  const { data: containers } = useQuery({
    ...folderChildrenQuery(project.rootFolderId ?? 0),
    enabled: project.rootFolderId !== undefined,
  });
  useWriteWhenIdle(
    useCallback(() => {
      if (containers) rememberWork(userName, projectId, workFolderIds(workContainers(containers, config)));
    }, [userName, projectId, containers, config]),
  );
  return null;
}

export function DashboardPage() {
  const { projectId } = useRouteIds(routes.project);
  const config = useConfig();
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const name = project.projectName || `Project ${projectId}`;
  const status = statusName(config, 'project', project.projectStatus);
  const logo = resolveLogoUrl(project.logoUrl, config.baseUrl);
  useDocumentTitle(`${name} · PM Console`);
  // The heading first, in a commit of its own (the page's largest text, what a visitor waits for); the details,
  // work panels and folders right after, as a transition: one commit of the whole page was one long task.
  const rest = useDeferredValue(true, false);
  // On a phone the work comes first (issue 34): the panels right under the heading, the project's description
  // and details (address, budget, contingency) after them. Read before the first render, so nothing moves.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const about = (
    <>
      {project.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} maw={860}>
          {project.description}
        </Text>
      )}
      {rest && <ProjectDetails project={project} />}
    </>
  );

  return (
    <Stack gap="lg" maw={1200}>
      <RememberProject project={project} />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={1}>{name}</Title>
            {status && (
              <Badge variant="light" size="lg">
                {status}
              </Badge>
            )}
            {project.isProjectDisabled && (
              <Badge color="gray" variant="outline">
                Disabled
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            {[project.projectNumber && `Project number ${project.projectNumber}`, `id ${projectId}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {logo && <ProjectLogo key={logo} src={logo} name={name} />}
      </Group>

      {!phone && about}
      {rest && (
        <>
          <RememberWork project={project} projectId={projectId} />
          <WorkPanels projectId={projectId} rootFolderId={project.rootFolderId} />
          {phone && about}
          <Containers projectId={projectId} rootFolderId={project.rootFolderId} />
        </>
      )}
    </Stack>
  );
}

export default DashboardPage;
