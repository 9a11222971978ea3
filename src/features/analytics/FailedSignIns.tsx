// Failed sign-ins by the user name they tried (model/signins.ts): which accounts are being guessed. Each count
// opens exactly those attempts in the request log, newest first.
import { Group, Paper, Table, Text, Title } from '@mantine/core';
import { ExportButtons } from '../../ui/ExportButtons';
import { exportFileName } from '../../ui/xlsx/sheet';
import { signInSheet } from './exports';
import { FigureLink } from './FigureLink';
import { formatCount } from './GroupTable';
import type { Analytics } from './model/aggregate';
import { signInsOf } from './useAnalytics';

const when = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

export function FailedSignIns({ analytics }: { analytics: Analytics }) {
  const figures = signInsOf(analytics);
  if (!figures) return null;
  const { groups, names, total } = figures;
  return (
    <Paper withBorder p="sm" data-testid="failed-signins">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Failed sign-ins by user name
        </Title>
        <ExportButtons
          size="xs"
          fileName={exportFileName('analytics failed sign-ins')}
          sheets={() => [signInSheet(groups)]}
          disabled={groups.length === 0}
        />
      </Group>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No failed sign-ins{analytics.user ? ` tried as ${analytics.user}` : ''} in this window.
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {formatCount(total)} failed {total === 1 ? 'sign-in' : 'sign-ins'} tried {formatCount(names)}{' '}
            {names === 1 ? 'name' : 'names'}
            {names > groups.length ? ` (the ${groups.length} most tried shown)` : ''}. The name is the one
            sent; the password is never logged.
          </Text>
          <Table.ScrollContainer minWidth={420} data-sideways="figures">
            <Table striped aria-label="Failed sign-ins by user name">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User name tried</Table.Th>
                  <Table.Th ta="right">Failures</Table.Th>
                  <Table.Th ta="right">IP addresses</Table.Th>
                  <Table.Th>Last</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groups.map((g) => {
                  const name = g.name || '(no name logged)';
                  return (
                    <Table.Tr key={g.name} data-name={g.name}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{name}</Table.Td>
                      <Table.Td ta="right">
                        <FigureLink link={g.link} label={`${formatCount(g.count)} failed sign-ins: ${name}`}>
                          {formatCount(g.count)}
                        </FigureLink>
                      </Table.Td>
                      <Table.Td ta="right">{formatCount(g.ips)}</Table.Td>
                      <Table.Td>{when.format(g.lastMs)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}
