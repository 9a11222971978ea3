// The route tree. Each screen's loader and component are lazy chunks fetched together, so the entry holds only
// this table; each loader sends all the requests it can at once.
// Paths are the patterns of src/routes/routes.ts (absolute: a child's starts with its parent's), the same objects
// screens build their links with.
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchPath,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { sessionStore } from '../api/session';
import { SignInPage } from '../features/auth/SignInPage';
import { startProjectReads } from '../features/projects/loader';
import { PageLoader } from '../ui/PageLoader';
import { routePathOf, routerBasename } from '../config/base';
import { NotFoundPage } from './NotFoundPage';
import { searchOnly } from '../routes/revalidate';
import { parseId, routes, safeNext } from '../routes/routes';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * Signed-out visitors go to sign-in, which brings them back here afterwards. `next` is the route path (inside the
 * base path: the request's URL has it, the router's redirects and navigations add it).
 */
function requireSession({ request }: LoaderFunctionArgs) {
  if (!sessionStore.get()) throw redirect(routes.signIn.href(routePathOf(new URL(request.url))));
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

/**
 * A project's screens (and the shell's header and navbar over them) show the project: its reads start here, in
 * the entry, at once, instead of after the project route's loader chunk has arrived (that loader reads the same
 * queries: nothing is fetched twice). On a slow link they travel while the screen's code downloads.
 */
function startProjectRead(queryClient: QueryClient, { params, request }: LoaderFunctionArgs) {
  const projectId = parseId(params.projectId);
  if (projectId !== undefined) {
    startProjectReads(queryClient, projectId, routePathOf(new URL(request.url)).split(/[?#]/)[0]);
  }
}

/**
 * The same reads for the address the console is opened at, started by src/main.tsx before the router exists
 * (creating it and running its loaders is a long task on a slow phone; the reads need none of it). The signed-in
 * layout's loader then finds them under way (the queries dedupe).
 */
export function startFirstReads(queryClient: QueryClient, url = new URL(window.location.href)) {
  if (!sessionStore.get()) return;
  const path = routePathOf(url).split(/[?#]/)[0];
  const projectId = parseId(matchPath({ path: routes.project.pattern, end: false }, path)?.params.projectId);
  if (projectId !== undefined) startProjectReads(queryClient, projectId, path);
}

function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (sessionStore.get()) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

/**
 * A screen whose code cannot be downloaded (offline before it was first opened, or old chunk names after a
 * redeploy) must show the route error, not a blank page: react-router keeps a route whose `lazy` import rejected
 * as "not loaded" and renders nothing below the root. So a failed import resolves to a loader or component that
 * throws the error, which the route's error boundary shows (its Try again reloads the page: see RouteError).
 */
function failSoft(tree: RouteObject[]): RouteObject[] {
  for (const route of tree) {
    if (route.lazy && typeof route.lazy === 'object') {
      const lazy = route.lazy as Record<string, () => Promise<unknown>>;
      for (const [key, load] of Object.entries(lazy)) {
        lazy[key] = () =>
          load().catch((error: unknown) =>
            key === 'loader' || key === 'Component'
              ? () => {
                  throw error;
                }
              : undefined,
          );
      }
    }
    if (route.children) failSoft(route.children);
  }
  return tree;
}

/** The first screen's code and data are on their way. */
function AppLoading() {
  return <PageLoader label="Loading PM Console" showLabel />;
}

/**
 * `basename`: the path the console is served under (`/console/`), from index.html's `<base href>` (src/config/base.ts);
 * every route, link, redirect and `next=` below is inside it.
 */
export function createAppRouter(queryClient: QueryClient, basename = routerBasename()) {
  return createBrowserRouter(
    failSoft([
      {
        id: 'root',
        Component: RootLayout,
        HydrateFallback: AppLoading,
        ErrorBoundary: RouteError,
        children: [
          {
            path: routes.signIn.pattern,
            loader: redirectIfSignedIn,
            // In the entry, not lazy: most visits start here, and what it needs (inputs, buttons) nearly every
            // screen needs too; as its own chunk it cost a waterfall step and ~2 KB of small shared chunks.
            Component: SignInPage,
          },
          {
            id: 'signed-in',
            loader: (args) => {
              requireSession(args);
              startProjectRead(queryClient, args);
              return null;
            },
            shouldRevalidate: searchOnly,
            lazy: { Component: async () => (await import('./shell/AppLayout')).AppLayout },
            ErrorBoundary: RouteError,
            children: [
              {
                index: true,
                lazy: { Component: async () => (await import('../features/projects/StartPage')).StartPage },
                ErrorBoundary: RouteError,
              },
              {
                path: routes.project.pattern,
                shouldRevalidate: searchOnly,
                // In the entry already (startProjectReads above imports it): the lazy import costs no request.
                lazy: {
                  loader: async () =>
                    signedIn((await import('../features/projects/loader')).projectLoader(queryClient)),
                },
                ErrorBoundary: RouteError,
                children: [
                  {
                    index: true,
                    lazy: {
                      Component: async () =>
                        (await import('../features/projects/DashboardPage')).DashboardPage,
                    },
                    ErrorBoundary: RouteError,
                  },
                  {
                    path: routes.folder.pattern,
                    lazy: {
                      loader: async () =>
                        signedIn((await import('../features/folders/loader')).folderLoader(queryClient)),
                      Component: async () => (await import('../features/folders/FolderPage')).FolderPage,
                    },
                    ErrorBoundary: RouteError,
                  },
                  {
                    path: routes.folderEdit.pattern,
                    lazy: {
                      loader: async () =>
                        signedIn((await import('../features/folders/loader')).folderEditLoader(queryClient)),
                      Component: async () =>
                        (await import('../features/folders/FolderEditPage')).FolderEditPage,
                    },
                    ErrorBoundary: RouteError,
                  },
                  {
                    path: routes.rfis.pattern,
                    // Filter and sort live in the search string: changing them needs no loader run (cached).
                    shouldRevalidate: searchOnly,
                    // Loader and screen are lazy chunks fetched together: nothing of the RFIs is in the entry.
                    lazy: {
                      loader: async () =>
                        signedIn((await import('../features/rfis/loader')).rfiListLoader(queryClient)),
                      Component: async () => (await import('../features/rfis/RfiListPage')).RfiListPage,
                    },
                    ErrorBoundary: RouteError,
                  },
                  {
                    path: routes.rfi.pattern,
                    lazy: {
                      loader: async () =>
                        signedIn((await import('../features/rfis/loader')).rfiLoader(queryClient)),
                      Component: async () => (await import('../features/rfis/RfiPage')).RfiPage,
                    },
                    ErrorBoundary: RouteError,
                  },
                  {
                    path: routes.punchList.pattern,
                    lazy: {
                      loader: async () =>
                        signedIn((await import('../features/punchlist/loader')).punchListLoader(queryClient)),
                      Component: async () =>
                        (await import('../features/punchlist/PunchListPage')).PunchListPage,
                    },
                    ErrorBoundary: RouteError,
                  },
                  {
                    path: routes.submittals.pattern,
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
                    path: routes.submittalPackage.pattern,
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
                    // Without a date: the latest report (or, with none, the screen says so). Without a container
                    // id, or a day in its place (older bookmarks): redirects to the container's address.
                    path: routes.dailyReport.pattern,
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
                    path: routes.meeting.pattern,
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
                path: routes.requestLog.pattern,
                lazy: {
                  // Loader and screen are one lazy chunk: nothing of the request log is in the entry.
                  loader: async () =>
                    (await import('../features/requestlog/loader')).requestLogLoader(queryClient),
                  Component: async () =>
                    (await import('../features/requestlog/RequestLogPage')).RequestLogPage,
                },
                ErrorBoundary: RouteError,
              },
              {
                path: routes.analytics.pattern,
                lazy: {
                  Component: async () => (await import('../features/analytics/AnalyticsPage')).AnalyticsPage,
                },
                ErrorBoundary: RouteError,
              },
              {
                path: routes.outbox.pattern,
                lazy: {
                  Component: async () => (await import('../features/outbox/OutboxPage')).OutboxPage,
                },
                ErrorBoundary: RouteError,
              },
              {
                path: routes.apiExplorer.pattern,
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
    ]),
    { basename },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
