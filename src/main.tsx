import './app/styles/mantineBase';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { configureClient, setReauthHandler } from './api/client';
import { App } from './app/App';
import { addBaseSlash } from './config/base';
import { loadConfig, setConfig } from './config/config';
import { createQueryClient } from './app/queryClient';
import { workerInBuild } from './app/workerInBuild';
import { createAppRouter, startFirstReads } from './app/router';
import { theme } from './app/theme';
import { reauth } from './features/auth/reauth';
import { whenIdle } from './ui/idle';

const root = createRoot(document.getElementById('root')!);

/**
 * The service worker (offline start, the update prompt): production builds only (not one built with
 * PM_SERVICE_WORKER=off, whose sw.js removes itself), loaded when the page is idle after the first render so its
 * code (workbox-window) is neither in the entry nor on the first screen's way; it registers once the page has
 * loaded (src/app/serviceWorker.ts).
 */
let workerRequested = false;
function registerServiceWorker() {
  if (workerRequested || !workerInBuild || !('serviceWorker' in navigator)) return;
  workerRequested = true;
  // Its code when the page is idle: not on the way to the first screen (its registration waits for the load event).
  whenIdle(() => {
    void import('./app/serviceWorker').then((m) => m.registerServiceWorker()).catch(() => undefined);
  });
}

async function start() {
  // Config first: the router's loaders start fetching as soon as it exists, and they need the base URL.
  const config = await loadConfig();
  setConfig(config);
  configureClient({ baseUrl: config.baseUrl, routeStyle: config.routeStyle });
  setReauthHandler((error) => reauth.request(error));
  const queryClient = createQueryClient();
  addBaseSlash();
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
  registerServiceWorker();
}

start().catch(async (error: unknown) => {
  console.error(error);
  const { ConfigErrorPage } = await import('./app/ConfigErrorPage');
  root.render(
    <MantineProvider theme={theme}>
      <ConfigErrorPage error={error} />
    </MantineProvider>,
  );
  // Here too: the page that could not start still gets the worker (a fixed config.json then reaches it offline).
  registerServiceWorker();
});
