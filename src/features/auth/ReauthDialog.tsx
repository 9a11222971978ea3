import { Button, Modal, Stack, Text } from '@mantine/core';
import { reauth, type ReauthState } from './reauth';
import { SignInForm } from './SignInForm';

export interface ReauthDialogProps {
  state: ReauthState;
  onSignOut: () => void;
}

/** Opens over the current page when the session ends mid-work; the page and what was typed stay as they are. */
export function ReauthDialog({ state, onSignOut }: ReauthDialogProps) {
  const opened = state.open;
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title="Your session has ended"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={1000}
    >
      {opened && (
        <Stack gap="md">
          <Text size="sm">
            Sign in again to carry on. Nothing you entered on this page is lost; the request that was refused
            is sent again afterwards.
          </Text>
          <SignInForm
            initialUserName={state.userName}
            lockUserName={Boolean(state.userName)}
            onSignedIn={() => reauth.finish(true)}
          />
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              reauth.finish(false);
              onSignOut();
            }}
          >
            Sign out instead
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

export default ReauthDialog;
