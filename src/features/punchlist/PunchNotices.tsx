// The punch grid's notices above the toolbar: read only, the draft restored, a draft that cannot be stored, rows
// waiting in the outbox, and a create that did not answer for every row (with a safe retry).
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../api/errors';
import type { OutboxEntry } from '../../api/outbox';
import { routes } from '../../routes/routes';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { DraftNotice } from './DraftNotice';
import { plural } from './useRowProblems';

export interface PunchNoticesProps {
  canModify: boolean;
  /** The draft kept on this device is back (dismissable). */
  draftRestored: boolean;
  draftSavedAt: number | undefined;
  onDiscardDraft: () => void;
  onCloseDraft: () => void;
  /** The browser refused to store the draft. */
  storageFailed: boolean;
  /** This list's entries in the outbox. */
  inOutbox: OutboxEntry[];
  /** Rows put into the outbox in this visit. */
  queuedRows: number;
  sendError: ApiError | null;
  onRetry: () => void;
}

export function PunchNotices({
  canModify,
  draftRestored,
  draftSavedAt,
  onDiscardDraft,
  onCloseDraft,
  storageFailed,
  inOutbox,
  queuedRows,
  sendError,
  onRetry,
}: PunchNoticesProps) {
  return (
    <>
      {!canModify && (
        <Alert color="yellow" title="Read only">
          You may not add items to this punch list.
        </Alert>
      )}
      {draftRestored && (
        <DraftNotice savedAt={draftSavedAt} onDiscard={onDiscardDraft} onClose={onCloseDraft} />
      )}
      {storageFailed && (
        <Alert color="yellow" variant="light" title="The draft is not being saved">
          This browser refused to store the draft (storage full or disabled). Create the items before leaving
          the page.
        </Alert>
      )}
      {inOutbox.length > 0 && (
        <Alert
          color={inOutbox.some((e) => e.state === 'refused') ? 'orange' : 'blue'}
          variant="light"
          title="Saved to the outbox"
          data-testid="punch-outbox-notice"
        >
          {queuedRows > 0
            ? `${plural(queuedRows, 'row')} saved here: they will be sent when the connection is back.`
            : `${plural(inOutbox.length, 'batch', 'batches')} of new items for this list are not sent yet.`}{' '}
          <Anchor component={Link} to={routes.outbox.href()}>
            Open the outbox
          </Anchor>
        </Alert>
      )}
      {sendError && (
        <ErrorAlert
          title="Not every row was created"
          error={sendError}
          onRetry={canModify ? onRetry : undefined}
        />
      )}
      {sendError && (
        <Text size="xs" c="dimmed" mt={-6}>
          Trying again is safe: rows the service already created are recognised by their TempItemId and not
          created twice.
        </Text>
      )}
    </>
  );
}
