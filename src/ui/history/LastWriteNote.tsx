// The collision dialog's line on the other change: who saved it and when, from the request log where the console
// can read it (admins), else that it is not known.
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { lastWriteQuery } from '../../api/history/lastWrite';
import { explorerSearch, type HistoryRecord } from '../../api/history/model';
import { routes } from '../../routes/routes';
import { useSession } from '../../session/session';
import { DateText } from '../DateText';

export function LastWriteNote({ record }: { record: HistoryRecord }) {
  const session = useSession();
  const isAdmin = session?.isAdmin === true;
  const last = useQuery({ ...lastWriteQuery(record), enabled: isAdmin });
  let body: React.ReactNode;
  if (!isAdmin) {
    body = 'Who saved it, and when, is not known here: only an admin can read the request log.';
  } else if (last.isPending) {
    body = 'Looking up who saved it in the request log…';
  } else if (last.isError) {
    body = 'Who saved it could not be read from the request log.';
  } else if (!last.data) {
    body = 'Who saved it is not known: the request log’s latest writes do not include it.';
  } else {
    const { id, user, date } = last.data;
    const mine = user !== undefined && user === session?.userName;
    body = (
      <>
        Saved by {mine ? `you (${user}), in another tab or window,` : (user ?? 'an unknown user')} on{' '}
        <DateText value={date} withTime withSeconds fallback="an unknown date" /> (
        <Anchor component={Link} to={routes.requestLog.href(explorerSearch(id))} size="sm">
          request #{id}
        </Anchor>
        ).
      </>
    );
  }
  return (
    <Text size="sm" data-testid="last-write">
      {body}
    </Text>
  );
}
