// The RFI screen's notices above the record: a change saved to the outbox, one that collided with someone
// else's, changes still waiting to be sent, and a draft left from an earlier visit.
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SAVED_TO_OUTBOX } from '../../api/outbox';
import { routes } from '../../routes/routes';
import type { RfiDraft } from './draft';

export interface RfiNoticesProps {
  /** Saved to the outbox in this visit (dismissable). */
  queued: boolean;
  onDismissQueued: () => void;
  /** A change of this RFI in the outbox collided with someone else's. */
  collided: boolean;
  onCompare: () => void;
  /** Changes of this RFI in the outbox. */
  waiting: number;
  canModify: boolean;
  /** A draft of an earlier visit, offered back. */
  offer?: RfiDraft;
  onRestore: (draft: RfiDraft) => void;
  onDiscardDraft: () => void;
}

export function RfiNotices({
  queued,
  onDismissQueued,
  collided,
  onCompare,
  waiting,
  canModify,
  offer,
  onRestore,
  onDiscardDraft,
}: RfiNoticesProps) {
  return (
    <>
      {queued && !collided && waiting > 0 && (
        <Alert
          color="blue"
          variant="light"
          title="Saved to the outbox"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={onDismissQueued}
        >
          {SAVED_TO_OUTBOX} The values waiting are shown below, marked “waiting to send”.{' '}
          <Anchor component={Link} to={routes.outbox.href()}>
            Open the outbox
          </Anchor>
        </Alert>
      )}

      {collided && (
        <Alert color="orange" variant="light" title="Your offline change collides with someone else's">
          <Text size="sm">
            This RFI was changed on the service after you edited it offline; your change was not sent.
          </Text>
          <Button size="xs" mt="sm" onClick={onCompare} disabled={!canModify}>
            Compare both versions
          </Button>
        </Alert>
      )}

      {!queued && !collided && waiting > 0 && (
        <Alert color="blue" variant="light" title="A change waits in the outbox">
          {waiting === 1 ? 'One change' : `${waiting} changes`} to this RFI will be sent when the connection
          is back; the values waiting are marked “waiting to send”.{' '}
          <Anchor component={Link} to={routes.outbox.href()}>
            Open the outbox
          </Anchor>
        </Alert>
      )}

      {offer && (
        <Alert color="yellow" variant="light" title="Unsaved changes">
          <Text size="sm">
            You have changes to this RFI that were not saved ({new Date(offer.savedAt).toLocaleString()}).
          </Text>
          <Group gap="sm" mt="sm">
            <Button size="xs" disabled={!canModify} onClick={() => onRestore(offer)}>
              Restore my changes
            </Button>
            <Button size="xs" variant="default" onClick={onDiscardDraft}>
              Discard them
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
