// The frame of an editor's form (RFI, submittal package): no browser validation (the edit session checks),
// Enter and Ctrl/⌘+S save, and a refusal that belongs to no field shown above the sections.
import type { ReactNode, Ref } from 'react';
import { Alert, Stack } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';

export function EditForm({
  ref,
  label,
  onSubmit,
  formError,
  errorTitle,
  children,
}: {
  /** The form: where the first invalid field is found after a refused save. */
  ref?: Ref<HTMLFormElement>;
  /** The form's accessible name ("Edit RFI"). */
  label: string;
  onSubmit: () => void;
  /** The error that belongs to no field (`errors._form`). */
  formError?: string;
  /** The alert's title ("The RFI was not saved"). */
  errorTitle: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={ref}
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={getHotkeyHandler([['mod+S', onSubmit]])}
    >
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" title={errorTitle}>
            {formError}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
