// "Draft restored": the unsent rows kept on this device are back; discarding them asks once more.
import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';

export function DraftNotice({
  savedAt,
  onDiscard,
  onClose,
}: {
  savedAt: number | undefined;
  onDiscard: () => void;
  onClose: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  return (
    <Alert
      color="blue"
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      title="Draft restored"
    >
      <Group gap="sm">
        <Text size="sm">
          Your unsent rows from {savedAt !== undefined ? new Date(savedAt).toLocaleString() : 'earlier'} are
          back.
        </Text>
        {confirm ? (
          <>
            <Button size="xs" color="red" onClick={onDiscard}>
              Discard them
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirm(false)}>
              Keep them
            </Button>
          </>
        ) : (
          <Button size="xs" variant="subtle" onClick={() => setConfirm(true)}>
            Discard draft…
          </Button>
        )}
      </Group>
    </Alert>
  );
}
