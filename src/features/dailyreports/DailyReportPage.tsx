// The daily report screen, addressed by its Daily Reports container and its day: header, weather, site notes,
// the activities and the manpower totals, previous / next within the project, and a print view (print CSS: no
// app chrome, fits A4 / Letter).
import { useMemo } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { folderChildrenQuery } from '../../api/queries/folders';
import { projectQuery } from '../../api/queries/projects';
import { useConfig } from '../../config/config';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { parseId, routes } from '../../routes/routes';
import { useRouteIds } from '../../routes/useRouteIds';
import type { DailyReportActivity, Project } from '../../contract/dtos';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Field } from '../../ui/Field';
import print from '../../ui/print.module.css';
import { HoursChart } from './HoursChart';
import { dailyReportActivitiesQuery, dailyReportQuery } from './queries';
import {
  authorName,
  dayLabel,
  entryPath,
  findEntry,
  formatCsi,
  hasWeather,
  hoursText,
  manpowerTotals,
  nearest,
  neighbours,
  reportEntries,
  subcontractorsOf,
  tradeCrew,
  TRADES,
  WEATHER_FIELDS,
  type Crew,
  type ReportEntry,
} from './model';

/**
 * The project and the daily reports of the container in the URL, in day order, from the reads the loader made (no
 * new request). Without a container (an older address of a project that has none) there are no reports.
 */
export function useReportEntries(projectId: number, containerId: number | undefined) {
  const config = useConfig();
  const project = useSuspenseQuery(projectQuery(projectId)).data;
  const children = useQuery({ ...folderChildrenQuery(containerId ?? 0), enabled: containerId !== undefined });
  const entries = useMemo(() => reportEntries(children.data ?? [], config), [children.data, config]);
  return { project, entries, error: children.error };
}

export function DailyReportPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { projectId } = useRouteIds(routes.dailyReport);
  // Only an id: a day in its place is an older address that the loader redirects (or, without a container, ends here).
  const containerId = parseId(params.containerId);
  const day = (containerId !== undefined && params.date) || '';
  const { project, entries, error } = useReportEntries(projectId, containerId);
  const entry = findEntry(entries, day, parseId(search.get('report') ?? undefined));
  useDocumentTitle(
    day ? `Daily report ${dayLabel(day, 'medium')} · PM Console` : 'Daily reports · PM Console',
  );

  if (containerId === undefined || !day) {
    return <NoDailyReports projectName={project.projectName} error={error} projectId={projectId} />;
  }
  if (!entry) {
    const { before, after } = nearest(entries, day);
    return (
      <Stack gap="md" maw={900}>
        <Title order={1}>Daily report · {dayLabel(day)}</Title>
        {error ? (
          <ErrorAlert error={error} title="The daily reports could not be read" />
        ) : (
          <Alert color="gray" variant="light" title="No report for this day">
            <Text size="sm">
              {project.projectName ?? 'This project'} has no daily report for {dayLabel(day)}.
            </Text>
          </Alert>
        )}
        <Group gap="md">
          {before && (
            <Anchor component={Link} to={entryPath(projectId, containerId, before)}>
              ← Earlier: {dayLabel(before.day, 'medium')}
            </Anchor>
          )}
          {after && (
            <Anchor component={Link} to={entryPath(projectId, containerId, after)}>
              Later: {dayLabel(after.day, 'medium')} →
            </Anchor>
          )}
        </Group>
      </Stack>
    );
  }
  return (
    <ReportScreen
      key={entry.reportId}
      projectId={projectId}
      containerId={containerId}
      project={project}
      entries={entries}
      entry={entry}
    />
  );
}

/**
 * A container without reports (with some, the loader opens the latest), or an older address of a project without
 * a Daily Reports container.
 */
function NoDailyReports({
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

function ReportNavigation({
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

function ReportScreen({
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
        <Title order={1}>{dayLabel(entry.day)}</Title>
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

const crewText = (c: Crew) => (c.people || c.hours ? `${c.people} / ${hoursText(c.hours)}` : '—');

function ActivitiesTable({
  activities,
  totals,
}: {
  activities: DailyReportActivity[];
  totals: Array<Crew & { key: string }>;
}) {
  return (
    // Scrolls sideways on narrow screens: focusable, so the keyboard can scroll it too.
    <div className={print.wide} tabIndex={0} role="region" aria-label="Activities (scrolls sideways)">
      <Table
        striped
        withTableBorder
        verticalSpacing={6}
        horizontalSpacing={8}
        aria-label="Activities"
        fz="sm"
      >
        <Table.Caption style={{ textAlign: 'left' }}>
          Trades and subcontractor crews as people / hours.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>CSI</Table.Th>
            {TRADES.map((t) => (
              <Table.Th key={t.key} style={{ textAlign: 'right' }}>
                {t.label}
              </Table.Th>
            ))}
            <Table.Th>Subcontractors</Table.Th>
            <Table.Th>Shop</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activities.map((a, i) => {
            const subs = subcontractorsOf(a);
            return (
              <Table.Tr key={a.dailyReportActivityId ?? `row-${i}`}>
                <Table.Td>
                  {a.contactString || (a.contact ? `User ${a.contact}` : '—')}
                  {a.primarySubc && !a.contactString?.includes(a.primarySubc) && (
                    <Text size="xs" c="dimmed">
                      {a.primarySubc}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{a.location || '—'}</Table.Td>
                <Table.Td>
                  {formatCsi(a.csi) ?? '—'}
                  {a.csiName && (
                    <Text size="xs" c="dimmed">
                      {a.csiName}
                    </Text>
                  )}
                </Table.Td>
                {TRADES.map((t) => (
                  <Table.Td
                    key={t.key}
                    style={{ textAlign: 'right', whiteSpace: 'nowrap' }}
                    data-trade={t.key}
                  >
                    {crewText(tradeCrew(a, t))}
                  </Table.Td>
                ))}
                <Table.Td>
                  {subs.length === 0
                    ? '—'
                    : subs.map((s) => (
                        <Text key={s.name} size="xs">
                          {s.name}: {crewText(s)}
                        </Text>
                      ))}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={a.isUnion ? 600 : undefined}>
                    {a.isUnion ? 'Union' : 'Open shop'}
                  </Text>
                  {a.is2Tier && (
                    <Text size="xs" c="dimmed">
                      2-tier
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ minWidth: 120, whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
                  {a.description || '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>
              Total ({activities.length} {activities.length === 1 ? 'activity' : 'activities'})
            </Table.Th>
            {totals.map((t) => (
              <Table.Th key={t.key} style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-trade={t.key}>
                {crewText(t)}
              </Table.Th>
            ))}
            <Table.Th colSpan={3} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}

function CrewTable({
  caption,
  rows,
  total,
  empty,
}: {
  caption: string;
  rows: Array<Crew & { name: string }>;
  total?: Crew & { name: string };
  empty?: string;
}) {
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" captionSide="top" aria-label={caption}>
      <Table.Caption style={{ textAlign: 'left', fontWeight: 600, color: 'inherit' }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{caption === 'By subcontractor' ? 'Subcontractor' : 'Crew'}</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            People
          </Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            Hours
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && empty ? (
          <Table.Tr>
            <Table.Td colSpan={3} c="dimmed">
              {empty}
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((r) => (
            <Table.Tr key={r.name}>
              <Table.Th scope="row" fw={400}>
                {r.name}
              </Table.Th>
              <Table.Td style={{ textAlign: 'right' }}>{r.people}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{hoursText(r.hours)}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{total.name}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{total.people}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{hoursText(total.hours)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}

export default DailyReportPage;
