import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiError } from '../api/errors';

export interface ErrorAlertProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}

/** The message for people, and for developers the code and status (never HTML from the service). */
export function ErrorAlert({ error, title = 'Something went wrong', onRetry }: ErrorAlertProps) {
  const message = error instanceof Error && error.message ? error.message : 'An unexpected error occurred.';
  const api = error instanceof ApiError ? error : undefined;
  return (
    <Alert color="red" variant="light" title={title}>
      <Text size="sm">{message}</Text>
      {api && (
        <Text size="xs" c="dimmed" mt={4}>
          {api.isNetworkError || api.status === 0 ? 'No reply' : `HTTP ${api.status}`} · {api.errorCode}
          {api.devMessage && api.devMessage !== message ? ` · ${api.devMessage}` : ''}
        </Text>
      )}
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
