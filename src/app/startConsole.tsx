// The signed-in console: the query client, the router and its route table, the providers (App). A chunk of its
// own, imported by src/main.tsx on a signed-in tab (index.html's route-preload script requests it with the entry)
// and after sign-in on a signed-out one (fetched while the visitor types): the sign-in page needs none of it.
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { setReauthHandler } from '../api/client';
import { reauth } from '../features/auth/reauth';
import { App } from './App';
import { createQueryClient } from './queryClient';
import { createAppRouter, startFirstReads } from './router';

export async function startConsole(root: Root) {
  setReauthHandler((error) => reauth.request(error));
  const queryClient = createQueryClient();
  // The page's first reads go out in this short task; the router (its routes, its loaders, the screen's chunks)
  // is made in the next one.
  startFirstReads(queryClient);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter(queryClient);
  // As a transition: the first render (MantineProvider's CSS variables, the router, the first screen) is done a
  // few ms at a time, not in one long task (on a slow phone, or Lighthouse's 4x slowdown, ~250 ms).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
}
