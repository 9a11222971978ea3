import { Button, Modal, Stack, Text } from '@mantine/core';
import { reauth, type ReauthState } from './reauth';
import { SignInForm } from './SignInForm';

export interface ReauthDialogProps {
  state: ReauthState;
  onSignOut: () => void;
}

/**
 * Opens over the current page when a call is refused for its session key; the page and what was typed stay as
 * they are. A key that worked here ran out ("Your session has ended", the same user signs in again); a key that
 * never worked here is no session at all ("You are not signed in", any user may sign in).
 */
export function ReauthDialog({ state, onSignOut }: ReauthDialogProps) {
  const opened = state.open;
  const expired = state.open && state.expired;
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title={expired ? 'Your session has ended' : 'You are not signed in'}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={1000}
    >
      {opened && (
        <Stack gap="md">
          <Text size="sm">
            {expired
              ? 'Your session has expired. Sign in again to carry on. Nothing you entered on this page is lost; the request that was refused is sent again afterwards.'
              : 'Sign in to open this page.'}
          </Text>
          <SignInForm
            initialUserName={state.userName}
            lockUserName={expired && Boolean(state.userName)}
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
            {expired ? 'Sign out instead' : 'Go to the sign-in page'}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

export default ReauthDialog;
