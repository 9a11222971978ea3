// "About PM Console" (the command palette's About entry): the running build's version and commit, when it was
// built and where it is served, from the build's stamp and version.json, and whether this browser can start the
// console offline (offlineStart.ts). Says so when the host now publishes another build (deployed after this page
// loaded), since a reload is then what picks it up.
import { useEffect, useState, type ReactNode } from 'react';
import { Code, Modal, Stack, Table, Text } from '@mantine/core';
import { basePath } from '../../config/base';
import { OFFLINE_START_TEXT, offlineStart, type OfflineStart } from '../offlineStart';
import { fetchPublishedBuild, runningBuild, type BuildInfo } from '../version';

export interface AboutDialogProps {
  opened: boolean;
  onClose: () => void;
  /** For tests: the build this page runs. */
  running?: BuildInfo;
  /** For tests: reads version.json. */
  fetchPublished?: () => Promise<BuildInfo | undefined>;
  /** For tests: whether this browser starts the console offline. */
  checkOffline?: () => Promise<OfflineStart>;
}

export function AboutDialog({
  opened,
  onClose,
  running = runningBuild,
  fetchPublished = fetchPublishedBuild,
  checkOffline = offlineStart,
}: AboutDialogProps) {
  const [published, setPublished] = useState<BuildInfo | undefined>();
  const [offline, setOffline] = useState<OfflineStart | undefined>();
  useEffect(() => {
    if (!opened) return;
    let current = true;
    void fetchPublished().then((p) => current && setPublished(p));
    void checkOffline()
      .catch(() => 'off' as const)
      .then((o) => current && setOffline(o));
    return () => {
      current = false;
    };
  }, [opened, fetchPublished, checkOffline]);

  const same = published?.version === running.version && published.commit === running.commit;
  const builtAt = same && published?.builtAt ? new Date(published.builtAt) : undefined;
  const rows: [string, ReactNode][] = [
    ['Version', <Code key="v">{running.version}</Code>],
    ['Commit', <Code key="c">{running.commit}</Code>],
    ...(builtAt && !Number.isNaN(builtAt.getTime())
      ? [['Built', builtAt.toLocaleString()] as [string, ReactNode]]
      : []),
    ['Served at', <Code key="b">{basePath()}</Code>],
    ...(offline ? [['Offline start', OFFLINE_START_TEXT[offline]] as [string, ReactNode]] : []),
  ];

  return (
    <Modal opened={opened} onClose={onClose} title="About PM Console" centered>
      <Stack gap="md">
        <Table variant="vertical" withTableBorder data-testid="about-build">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={120}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {published && !same && (
          <Text size="sm" role="status">
            The server now has version <Code>{published.version}</Code> (commit{' '}
            <Code>{published.commit}</Code>). Reload the page to use it.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
