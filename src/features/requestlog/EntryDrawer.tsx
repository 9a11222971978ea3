// The drawer of one request (`?entry=<id>`): from the page's rows when it is on the page, else read by id.
import { Drawer, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RequestLogEntry } from '../../contract/dtos';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { EntryDetail, type DetailFilterKey } from './EntryDetail';
import { requestLogEntryQuery } from './queries';

function EntryDrawerBody({
  id,
  rows,
  onFilter,
}: {
  id: number;
  rows: RequestLogEntry[];
  onFilter: (key: DetailFilterKey, value: string) => void;
}) {
  const onPage = rows.find((r) => r.id === id);
  const fetched = useQuery({ ...requestLogEntryQuery(id), enabled: !onPage });
  const entry = onPage ?? fetched.data;
  if (entry) return <EntryDetail entry={entry} onFilter={onFilter} />;
  if (fetched.isError) return <ErrorAlert error={fetched.error} title="This request could not be loaded" />;
  if (fetched.isPending) return <Loader size="sm" />;
  return <Text c="dimmed">There is no request with id {id} in the log (it may have been rolled out).</Text>;
}

export function EntryDrawer({
  entryId,
  rows,
  onFilter,
  onClose,
}: {
  entryId: number | undefined;
  rows: RequestLogEntry[];
  onFilter: (key: DetailFilterKey, value: string) => void;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={entryId !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600}>Request #{entryId}</Text>}
      closeButtonProps={{ 'aria-label': 'Close request details' }}
    >
      {entryId !== undefined && <EntryDrawerBody id={entryId} rows={rows} onFilter={onFilter} />}
    </Drawer>
  );
}
