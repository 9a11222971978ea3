// One daily report: header, weather, site notes, the activities and the manpower totals.
import { useMemo } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Project } from '../../contract/dtos';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ExportButtons } from '../../ui/ExportButtons';
import { exportFileName } from '../../ui/xlsx/sheet';
import { Field } from '../../ui/Field';
import print from '../../ui/print.module.css';
import { HoursChart } from './HoursChart';
import { dailyReportActivitiesQuery, dailyReportQuery } from './queries';
import {
  authorName,
  dayLabel,
  entryPath,
  hasWeather,
  hoursText,
  manpowerTotals,
  WEATHER_FIELDS,
  type ReportEntry,
} from './model';
import { ReportNavigation } from './ReportNavigation';
import { ActivitiesTable, CrewTable } from './ReportTables';
import { reportSheets } from './exports';

export function ReportScreen({
  projectId,
  containerId,
  project,
  entries,
  entry,
}: {
  projectId: number;
  containerId: number;
  project: Project;
  entries: ReportEntry[];
  entry: ReportEntry;
}) {
  const { data } = useSuspenseQuery(dailyReportQuery(entry.reportId));
  const activities = useQuery(dailyReportActivitiesQuery(entry.reportId));
  const { report, folder } = data;
  const list = activities.data;
  const totals = useMemo(() => manpowerTotals(list ?? []), [list]);
  const sameDay = entries.filter((e) => e.day === entry.day);
  const text = (v: string | undefined) => (v && v.trim() ? v : undefined);

  return (
    <Stack gap="lg" maw={1280} className={print.sheet}>
      <ReportNavigation projectId={projectId} containerId={containerId} entries={entries} entry={entry} />

      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          Daily report · {project.projectName ?? `Project ${projectId}`}
          {project.projectNumber ? ` (${project.projectNumber})` : ''}
        </Text>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{dayLabel(entry.day)}</Title>
          <div className={print.noPrint}>
            <ExportButtons
              fileName={exportFileName(`daily report ${entry.day}`, projectId)}
              disabled={!list}
              sheets={() =>
                reportSheets({
                  day: entry.day,
                  author: authorName(report, folder),
                  report,
                  activities: list ?? [],
                  totals,
                })
              }
            />
          </div>
        </Group>
        {sameDay.length > 1 && (
          <Group gap="xs" className={print.noPrint}>
            <Text size="sm">{sameDay.length} reports this day:</Text>
            {sameDay.map((e) => (
              <Anchor
                key={e.folder.folderId}
                component={Link}
                to={entryPath(projectId, containerId, e)}
                size="sm"
              >
                {e.folder.folderName ?? `Report ${e.reportId}`}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>

      <SimpleGrid component="dl" cols={{ base: 2, xs: 3, md: 4 }} spacing="md" m={0} aria-label="Report">
        <Field label="Date">
          {report.dated ? (
            <time dateTime={report.dated.toISOString()}>{dayLabel(entry.day, 'medium')}</time>
          ) : (
            dayLabel(entry.day, 'medium')
          )}
        </Field>
        <Field label="Author">{authorName(report, folder)}</Field>
        <Field label="Project">
          {project.projectName}
          {project.projectNumber ? ` (${project.projectNumber})` : ''}
        </Field>
        <Field label="Report period">{text(report.reportPeriod)}</Field>
        <Field label="Report">{text(report.folderName ?? folder?.folderName)}</Field>
        <Field label="Copies to">{text(report.ccUserList)}</Field>
      </SimpleGrid>

      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-labelledby="weather"
        className={print.keep}
      >
        <Title order={2} size="h4" id="weather" mb="sm">
          Weather
        </Title>
        {hasWeather(report) ? (
          <>
            <SimpleGrid component="dl" cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" m={0}>
              {WEATHER_FIELDS.map(([key, label]) => (
                <Field key={key} label={label}>
                  {text(report[key])}
                </Field>
              ))}
            </SimpleGrid>
            {text(report.unitDescription) && (
              <Text size="xs" c="dimmed" mt="xs">
                {report.unitDescription}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="no-weather">
            No weather was recorded for this report.
          </Text>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" className={print.keep}>
        <SiteNote title="Deliveries" value={text(report.meDeliveries)} none="No deliveries recorded." />
        <SiteNote title="Issues" value={text(report.issues)} none="No issues recorded." />
        <SiteNote title="Visitors" value={text(report.visitors)} none="No visitors recorded." />
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-labelledby="activities">
        <Title order={2} size="h3" id="activities">
          Activities
        </Title>
        {activities.isError ? (
          <ErrorAlert
            error={activities.error}
            title="The activities could not be read"
            onRetry={() => void activities.refetch()}
          />
        ) : !list ? (
          <Text size="sm" c="dimmed">
            Loading activities…
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No activities were recorded for this report.
          </Text>
        ) : (
          <ActivitiesTable activities={list} totals={totals.byTrade} />
        )}
      </Stack>

      {list && list.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="manpower" className={print.keep}>
          <Title order={2} size="h3" id="manpower">
            Manpower
          </Title>
          <Group gap="xl" align="flex-start">
            <Text size="sm">
              <Text span fw={700} size="lg">
                {totals.total.people}
              </Text>{' '}
              people on site,{' '}
              <Text span fw={700} size="lg">
                {hoursText(totals.total.hours)}
              </Text>{' '}
              worked
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            <CrewTable
              caption="By trade"
              rows={totals.byTrade.map((t) => ({ name: t.label, ...t }))}
              total={{ name: 'Own crews', ...totals.trades }}
            />
            <CrewTable
              caption="By subcontractor"
              rows={totals.bySubcontractor}
              total={
                totals.bySubcontractor.length
                  ? { name: 'Subcontractors', ...totals.subcontractors }
                  : undefined
              }
              empty="No subcontractor crews."
            />
            <CrewTable
              caption="Union / open shop"
              rows={[
                { name: 'Union', ...totals.union },
                { name: 'Open shop', ...totals.openShop },
              ]}
              total={{ name: 'Total', ...totals.total }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Hours by trade
              </Text>
              <HoursChart totals={totals} />
            </Stack>
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function SiteNote({ title, value, none }: { title: string; value?: string; none: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
        {title}
      </Text>
      {value ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      )}
    </Paper>
  );
}
