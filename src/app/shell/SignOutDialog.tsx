// The sign-out question when unsent writes would be discarded, loaded with the shell's late parts
// (src/app/shell/late.ts).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes/routes';

export function SignOutDialog({
  opened,
  unsent,
  onClose,
  onSignOut,
}: {
  opened: boolean;
  /** "2 changes have not been sent" */
  unsent: string;
  onClose: () => void;
  onSignOut: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Sign out?">
      <Stack gap="md">
        <Text size="sm">{unsent}; signing out discards them.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={routes.outbox.href()} onClick={onClose}>
            Open the outbox
          </Button>
          <Button color="red" onClick={onSignOut}>
            Sign out and discard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
