// The route tree. Each screen is its own chunk (lazy Component); loaders are small and static, so a
// navigation starts fetching data at the same moment as the screen's chunk.
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { sessionStore } from '../api/session';
import { PageLoader } from '../ui/PageLoader';
import { NotFoundPage } from './NotFoundPage';
import { paths, safeNext } from './paths';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** Signed-out visitors go to sign-in, which brings them back here afterwards. */
function requireSession({ request }: LoaderFunctionArgs) {
  if (!sessionStore.get()) {
    const url = new URL(request.url);
    throw redirect(paths.signIn(url.pathname + url.search + url.hash));
  }
  return null;
}

/**
 * Data loaders run in parallel with their parents' loaders, so each one checks the session itself: a signed-out
 * visitor is redirected before any request goes out (instead of being asked to sign in again).
 */
function signedIn<A extends LoaderFunctionArgs, R>(loader: (args: A) => R) {
  return (args: A) => {
    requireSession(args);
    return loader(args);
  };
}

function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (sessionStore.get()) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          path: 'signin',
          loader: redirectIfSignedIn,
          lazy: { Component: async () => (await import('../features/auth/SignInPage')).SignInPage },
        },
        {
          id: 'signed-in',
          loader: requireSession,
          lazy: { Component: async () => (await import('./shell/AppLayout')).AppLayout },
          ErrorBoundary: RouteError,
          children: [
            {
              index: true,
              lazy: { Component: async () => (await import('../features/projects/StartPage')).StartPage },
              ErrorBoundary: RouteError,
            },
            {
              path: 'projects/:projectId',
              // Every loader is a lazy chunk fetched together with its screen: only the route table is in the entry.
              lazy: {
                loader: async () =>
                  signedIn((await import('../features/projects/loader')).projectLoader(queryClient)),
              },
              ErrorBoundary: RouteError,
              children: [
                {
                  index: true,
                  lazy: {
                    Component: async () => (await import('../features/projects/DashboardPage')).DashboardPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'folders/:folderId',
                  lazy: {
                    loader: async () =>
                      signedIn((await import('../features/folders/loader')).folderLoader(queryClient)),
                    Component: async () => (await import('../features/folders/FolderPage')).FolderPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'folders/:folderId/edit',
                  lazy: {
                    loader: async () =>
                      signedIn((await import('../features/folders/loader')).folderEditLoader(queryClient)),
                    Component: async () =>
                      (await import('../features/folders/FolderEditPage')).FolderEditPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'rfis/:containerId',
                  // Loader and screen are lazy chunks fetched together: nothing of the RFIs is in the entry.
                  lazy: {
                    loader: async () =>
                      signedIn((await import('../features/rfis/loader')).rfiListLoader(queryClient)),
                    shouldRevalidate: async () =>
                      (await import('../features/rfis/loader')).rfiListShouldRevalidate,
                    Component: async () => (await import('../features/rfis/RfiListPage')).RfiListPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'rfis/:containerId/:rfiId',
                  lazy: {
                    loader: async () =>
                      signedIn((await import('../features/rfis/loader')).rfiLoader(queryClient)),
                    Component: async () => (await import('../features/rfis/RfiPage')).RfiPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'punch-list/:containerId',
                  lazy: {
                    loader: async () =>
                      signedIn((await import('../features/punchlist/loader')).punchListLoader(queryClient)),
                    Component: async () =>
                      (await import('../features/punchlist/PunchListPage')).PunchListPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'submittals/:containerId',
                  lazy: {
                    loader: async () =>
                      signedIn(
                        (await import('../features/submittals/loader')).submittalListLoader(queryClient),
                      ),
                    Component: async () =>
                      (await import('../features/submittals/SubmittalListPage')).SubmittalListPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'submittals/:containerId/:packageId',
                  lazy: {
                    loader: async () =>
                      signedIn(
                        (await import('../features/submittals/loader')).submittalPackageLoader(queryClient),
                      ),
                    Component: async () =>
                      (await import('../features/submittals/SubmittalPackagePage')).SubmittalPackagePage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  // Without a date: the latest report (or, with none, the screen says so).
                  path: 'daily-reports/:date?',
                  lazy: {
                    loader: async () =>
                      signedIn(
                        (await import('../features/dailyreports/loader')).dailyReportLoader(queryClient),
                      ),
                    Component: async () =>
                      (await import('../features/dailyreports/DailyReportPage')).DailyReportPage,
                  },
                  ErrorBoundary: RouteError,
                },
                {
                  path: 'meetings/:folderId',
                  lazy: {
                    loader: async () =>
                      signedIn((await import('../features/meetings/loader')).meetingLoader(queryClient)),
                    Component: async () => (await import('../features/meetings/MeetingPage')).MeetingPage,
                  },
                  ErrorBoundary: RouteError,
                },
              ],
            },
            {
              path: 'admin/request-log',
              lazy: {
                // Loader and screen are one lazy chunk: nothing of the request log is in the entry.
                loader: async () =>
                  (await import('../features/requestlog/loader')).requestLogLoader(queryClient),
                Component: async () => (await import('../features/requestlog/RequestLogPage')).RequestLogPage,
              },
              ErrorBoundary: RouteError,
            },
            {
              path: 'api-explorer',
              lazy: {
                Component: async () => (await import('../features/explorer/ExplorerPage')).ExplorerPage,
              },
              ErrorBoundary: RouteError,
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
