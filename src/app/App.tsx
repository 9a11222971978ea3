import { lazy, Suspense } from 'react';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { useReauthState } from '../features/auth/reauth';
import type { AppRouter } from './router';
import { signOut } from '../session/session';
import { ConsoleTheme } from './ConsoleTheme';
import { UpdatePrompt } from './UpdatePrompt';

// Loaded only when a session ends mid-work.
const ReauthDialog = lazy(() => import('../features/auth/ReauthDialog'));

function ReauthHost({ onSignOut }: { onSignOut: () => void }) {
  const state = useReauthState();
  if (!state.open) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog state={state} onSignOut={onSignOut} />
    </Suspense>
  );
}

export interface AppProps {
  queryClient: QueryClient;
  router: AppRouter;
}

export function App({ queryClient, router }: AppProps) {
  return (
    <ConsoleTheme>
      <NavigationProgress aria-label="Loading the page" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Outside the router: it must show even while the first page's loader is still waiting. */}
        <ReauthHost onSignOut={() => void signOut(queryClient, router.navigate)} />
      </QueryClientProvider>
      {/* On every page, sign-in included: a new build waits for the user's Reload (src/app/serviceWorker.ts). */}
      <UpdatePrompt />
    </ConsoleTheme>
  );
}
