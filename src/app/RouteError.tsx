import { Anchor, Group, Stack } from '@mantine/core';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/errors';
import { ErrorAlert } from '../ui/ErrorAlert';
import { NotFoundPage } from './NotFoundPage';
import { routes } from '../routes/routes';

/** A failed dynamic import (Chromium, Firefox and Safari word it differently). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module script failed|module script/i.test(error.message)
  );
}

/** Error boundary of every route: a missing thing reads as "not found", anything else can be tried again. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // The same 404 thrown while rendering (useRouteIds) arrives as the Response itself.
  if (error instanceof Response && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage message={error.message} />;

  // A screen's code that could not be downloaded: only a reload fetches it again (see failSoft in router.tsx).
  if (isChunkLoadError(error)) {
    return (
      <Stack maw={720} py="md">
        <ErrorAlert
          error={new Error("This page's code could not be downloaded. Check your connection and try again.")}
          title="This page could not be loaded"
          onRetry={() => window.location.reload()}
        />
      </Stack>
    );
  }

  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return (
    <Stack maw={720} py="md">
      <ErrorAlert
        error={shown}
        title="This page could not be loaded"
        onRetry={() => void revalidator.revalidate()}
      />
      <Group>
        <Anchor component={Link} to={routes.home.href()} size="sm">
          Go to the start page
        </Anchor>
      </Group>
    </Stack>
  );
}
