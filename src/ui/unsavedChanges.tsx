// Leaving a screen with unsaved changes asks first: in the app (react-router's blocker, answered by
// `LeaveDialog`) and on reload or closing the tab (the browser's own `beforeunload` question).
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker, type Blocker } from 'react-router-dom';

export function useUnsavedChangesGuard(dirty: boolean): {
  blocker: Blocker;
  /** The next navigation goes through unasked (after a save that navigates away). */
  allowNextNavigation: () => void;
} {
  const allowRef = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return { blocker, allowNextNavigation: () => (allowRef.current = true) };
}

/** "Leave without saving?" while the blocker holds a navigation: Stay (the default) or Leave. */
export function LeaveDialog({ blocker, children }: { blocker: Blocker; children: ReactNode }) {
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
      <Stack>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay on this page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
