// Around a report: the screen for a container without reports, and previous / next / the day picker.
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { routes } from '../../routes/routes';
import { ErrorAlert } from '../../ui/ErrorAlert';
import print from '../../ui/print.module.css';
import { dayLabel, entryPath, neighbours, type ReportEntry } from './model';

/**
 * A container without reports (with some, the loader opens the latest), or an older address of a project without
 * a Daily Reports container.
 */
export function NoDailyReports({
  projectId,
  projectName = 'This project',
  error,
}: {
  projectId: number;
  projectName?: string;
  error: unknown;
}) {
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>Daily reports</Title>
      {error ? (
        <ErrorAlert error={error} title="The daily reports could not be read" />
      ) : (
        <Alert color="gray" variant="light" title="No daily reports yet">
          <Text size="sm">{projectName} has no daily report yet.</Text>
        </Alert>
      )}
      <Anchor component={Link} to={routes.project.href(projectId)} size="sm">
        ← Back to the project
      </Anchor>
    </Stack>
  );
}

export function ReportNavigation({
  projectId,
  containerId,
  entries,
  entry,
}: {
  projectId: number;
  containerId: number;
  entries: ReportEntry[];
  entry: ReportEntry;
}) {
  const navigate = useNavigate();
  const { previous, next } = neighbours(entries, entry);
  const pathOf = (e: ReportEntry) => entryPath(projectId, containerId, e);
  return (
    <Group justify="space-between" className={print.noPrint} wrap="wrap" gap="sm">
      <Group gap="sm">
        {previous ? (
          <Button
            component={Link}
            to={pathOf(previous)}
            variant="default"
            size="sm"
            aria-label={`Previous report: ${dayLabel(previous.day, 'medium')}`}
          >
            ← {dayLabel(previous.day, 'medium')}
          </Button>
        ) : (
          <Button variant="default" size="sm" disabled aria-label="No earlier report">
            ← Previous
          </Button>
        )}
        {next ? (
          <Button
            component={Link}
            to={pathOf(next)}
            variant="default"
            size="sm"
            aria-label={`Next report: ${dayLabel(next.day, 'medium')}`}
          >
            {dayLabel(next.day, 'medium')} →
          </Button>
        ) : (
          <Button variant="default" size="sm" disabled aria-label="No later report">
            Next →
          </Button>
        )}
        <NativeSelect
          size="sm"
          aria-label="Go to the report of"
          value={String(entries.indexOf(entry))}
          onChange={(e) => {
            const to = entries[Number(e.currentTarget.value)];
            if (to) void navigate(pathOf(to));
          }}
          data={entries.map((e, i) => ({
            value: String(i),
            label: `${dayLabel(e.day, 'medium')}${e.first ? '' : ` (${e.folder.folderName ?? 'another report'})`}`,
          }))}
        />
      </Group>
      <Button size="sm" variant="light" onClick={() => window.print()}>
        Print
      </Button>
    </Group>
  );
}
