// The History tab's content: the write requests that touched a record, newest first, read from the request log
// (src/api/history), and what the log could not tell (a capped read, retention, DTOs not logged or cut).
import { Alert, Button, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { JSON_REPLY_PREFIX } from '../../contract/operations';
import { RECORD_NOUN, historyPaths, type HistoryRecord } from '../../api/history/model';
import { logRetentionQuery, recordHistoryQuery } from '../../api/history/queries';
import { ROW_CAP, type RecordHistory as History, type Retention } from '../../api/history/read';
import { sharedMinutes } from '../../api/history/times';
import { DateText } from '../DateText';
import { ErrorAlert } from '../ErrorAlert';
import { HistoryEntryCard } from './HistoryEntryCard';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function Limits({
  history,
  retention,
  noun,
}: {
  history: History;
  retention: Retention | null | undefined;
  noun: string;
}) {
  const { capped, oldestReadDate, unmatched } = history;
  return (
    <>
      {capped && (
        <Alert color="yellow" variant="light" title="Only the newest requests were read">
          <Text size="sm">
            The tab reads at most {ROW_CAP.toLocaleString()} logged requests per operation. Changes before{' '}
            {oldestReadDate ? <DateText value={oldestReadDate} withTime /> : 'the oldest one read'} are not
            shown; open the request log to go further back.
          </Text>
        </Alert>
      )}
      {retention && (
        <Alert color="gray" variant="light" title="The request log keeps a rolling window">
          <Text size="sm">
            Its oldest request now is #{retention.oldestId.toLocaleString()}
            {retention.oldestDate ? (
              <>
                {' '}
                (<DateText value={retention.oldestDate} withTime />)
              </>
            ) : null}
            : older changes to this {noun} are not shown.
          </Text>
        </Alert>
      )}
      {unmatched.truncated > 0 && (
        <Alert color="yellow" variant="light" title="Some request DTOs were cut by the log">
          <Text size="sm">
            {plural(unmatched.truncated, 'request was', 'requests were')} too long for the log to keep whole,
            and the part it kept does not name this {noun}: {unmatched.truncated === 1 ? 'it' : 'they'} may
            still have changed it.
          </Text>
        </Alert>
      )}
      {unmatched.withoutDto > 0 && (
        <Text size="xs" c="dimmed">
          {plural(unmatched.withoutDto, 'request has', 'requests have')} no logged DTO (refused before the
          user was known, so {unmatched.withoutDto === 1 ? 'it' : 'they'} changed nothing) and{' '}
          {unmatched.withoutDto === 1 ? 'is' : 'are'} not matched to any record.
        </Text>
      )}
    </>
  );
}

export function RecordHistory({ record }: { record: HistoryRecord }) {
  const query = useQuery(recordHistoryQuery(record));
  // Apart and in parallel: a failed check shows nothing rather than hide the history.
  const retention = useQuery(logRetentionQuery()).data;
  const noun = RECORD_NOUN[record.kind];

  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Reading the request log…</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <ErrorAlert
        title="The history could not be read"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const history = query.data;
  const { entries } = history;
  // Two writes in one minute show their seconds (otherwise the same time twice).
  const shared = sharedMinutes(entries);
  const failed = entries.filter((e) => e.error).length;
  // The operations' paths, short: "openissue/update" (the /json/reply/ form of each is read too).
  const paths = historyPaths(record.kind)
    .filter((p) => !p.startsWith(JSON_REPLY_PREFIX))
    .map((p) => p.replace('/api/internal/', ''))
    .join(' and ');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Write requests that touched this {noun}, newest first, from the request log
          {entries.length > 0
            ? `: ${plural(entries.length, 'request')}${failed ? `, ${failed.toLocaleString()} failed` : ''}`
            : ''}
          . Read {plural(history.read, 'logged request')} to {paths}.
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          style={{ flexShrink: 0 }}
        >
          Read again
        </Button>
      </Group>
      <Limits history={history} retention={retention} noun={noun} />
      {entries.length === 0 ? (
        <EmptyState
          size="sm"
          title="No changes recorded"
          description={`The request log holds no write request to this ${noun}.`}
        />
      ) : (
        <Stack
          component="ol"
          gap="sm"
          aria-label="Changes, newest first"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {entries.map((entry) => (
            <li key={entry.id}>
              <HistoryEntryCard entry={entry} withSeconds={shared.has(entry.id)} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export default RecordHistory;
