import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { sessionStore } from '../../api/session';
import { parseLogQuery } from './model/query';
import { requestLogQuery } from './queries';

/** Starts the first page with the screen's chunk; admins only, and a failure is shown in place by the screen. */
export function requestLogLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = sessionStore.get();
    // Signed-out visitors are redirected by the parent route; staff get the refusal from the screen.
    if (!session || session.isAdmin === false) return null;
    void queryClient.prefetchQuery(requestLogQuery(parseLogQuery(new URL(request.url).searchParams)));
    return null;
  };
}
