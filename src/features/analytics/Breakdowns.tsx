// The analytics page's breakdowns, drawn after the totals and charts: the slowest and the most failing
// operations, the failed sign-ins, and a tab per table (operation, user, IP, status, project, record).
import { memo, useEffect } from 'react';
import { SimpleGrid, Tabs, Text } from '@mantine/core';
import { FailedSignIns } from './FailedSignIns';
import { formatCount, formatMs, formatRate, GroupTable } from './GroupTable';
import { SLOWEST_FIRST, WORST_STATUS_FIRST } from './links';
import type { Analytics, TableName } from './model/aggregate';
import { Ranked } from './Ranked';
import { markShown } from './useAnalytics';
import { useNames } from './useNames';

const TABLES: { name: TableName; label: string; empty: string }[] = [
  { name: 'operation', label: 'Operations', empty: 'No requests.' },
  { name: 'user', label: 'Users', empty: 'No requests.' },
  { name: 'ip', label: 'IP addresses', empty: 'No requests.' },
  { name: 'status', label: 'Status codes', empty: 'No requests.' },
  {
    name: 'project',
    label: 'Projects',
    empty: 'No request in this window names a project in its request DTO.',
  },
  { name: 'record', label: 'Records', empty: 'No request in this window names a record in its request DTO.' },
];

export const Breakdowns = memo(function Breakdowns({ analytics }: { analytics: Analytics }) {
  const names = useNames(analytics);
  // The breakdowns are drawn last: the figures are all on screen now.
  useEffect(() => markShown(analytics), [analytics]);
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Ranked
          title="Slowest operations (p95)"
          rows={analytics.slowest}
          sort={SLOWEST_FIRST}
          value={(r) => formatMs(r.p95)}
          empty="No requests."
        />
        <Ranked
          title="Most failing operations"
          rows={analytics.failing}
          value={(r) =>
            `${formatCount(r.errors)} ${r.errors === 1 ? 'error' : 'errors'} · ${formatRate(r.errorRate)}`
          }
          empty="No failed requests."
          errors
          sort={WORST_STATUS_FIRST}
        />
      </SimpleGrid>
      <FailedSignIns analytics={analytics} />

      <Tabs defaultValue="operation" keepMounted={false}>
        <Tabs.List>
          {TABLES.map((t) => (
            <Tabs.Tab key={t.name} value={t.name}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABLES.map((t) => (
          <Tabs.Panel key={t.name} value={t.name} pt="sm">
            {t.name === 'project' && (
              <Text size="xs" c="dimmed" mb="xs">
                A request counts for a project when its request DTO names the project (a project read, an RFI
                update, a folder update, a punch-list import, a document status read).
              </Text>
            )}
            <GroupTable
              title={t.label}
              table={analytics.tables[t.name]}
              names={
                t.name === 'project'
                  ? names.projectNames
                  : t.name === 'record'
                    ? names.recordNames
                    : undefined
              }
              empty={t.empty}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
});
