import { useEffect } from 'react';
import { Anchor, Group, Stack } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/errors';
import { isNeedsNetwork, NEEDS_NETWORK_MESSAGE } from '../api/queryStore/persister';
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
  const needsNetwork = isNeedsNetwork(error);
  // A page that needs the network loads by itself once the connection is back.
  useEffect(() => {
    if (!needsNetwork) return;
    return onlineManager.subscribe((online) => {
      if (online) void revalidator.revalidate();
    });
  }, [needsNetwork, revalidator]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // The same 404 thrown while rendering (useRouteIds) arrives as the Response itself.
  if (error instanceof Response && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage message={error.message} />;

  // Offline, a page never opened on this device (nothing kept for it: src/api/queryStore).
  if (needsNetwork) {
    return (
      <Stack maw={720} py="md">
        <ErrorAlert
          error={new Error(NEEDS_NETWORK_MESSAGE)}
          title="Not available offline"
          onRetry={() => void revalidator.revalidate()}
        />
      </Stack>
    );
  }

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
