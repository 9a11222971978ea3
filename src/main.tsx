import './app/styles/mantineBase';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureClient } from './api/client';
import { sessionStore } from './api/session';
import { SignInApp } from './app/SignInApp';
import { addBaseSlash, basePath, routePathOf } from './config/base';
import { loadConfig, setConfig } from './config/config';
import { workerInBuild } from './app/workerInBuild';
import { ConsoleTheme } from './app/ConsoleTheme';
import { routes, safeNext } from './routes/routes';
import { whenIdle } from './ui/idle';
import { PageLoader } from './ui/PageLoader';

const root = createRoot(document.getElementById('root')!);

/** The signed-in console (router, query client, providers): a chunk of its own, src/app/startConsole.tsx. */
const loadConsole = () => import('./app/startConsole');

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

/** An address inside the base: `/console` + `/projects/1`. */
const inBase = (routePath: string) => basePath().slice(0, -1) + routePath;

/**
 * Signed out: the sign-in page alone, as the router would show it (any address asks for sign-in and comes back
 * to it: `/signin?next=…`), without the router's code. Signed in, the console starts at `next`.
 */
function startSignedOut() {
  const url = new URL(window.location.href);
  const here = routePathOf(url);
  const atSignIn = /^\/signin\/?$/i.test(here.split(/[?#]/)[0]);
  const next = safeNext(atSignIn ? url.searchParams.get('next') : here);
  if (!atSignIn) window.history.replaceState(null, '', inBase(routes.signIn.href(next)));
  const signedIn = async () => {
    const { startConsole } = await loadConsole();
    window.history.replaceState(null, '', inBase(next));
    await startConsole(root);
  };
  root.render(
    <StrictMode>
      <SignInApp
        next={next}
        // The console's code could not be fetched (offline before it was ever cached): the page itself is asked
        // for at `next`, which starts signed in or shows why not.
        onSignedIn={() => void signedIn().catch(() => window.location.assign(inBase(next)))}
      />
    </StrictMode>,
  );
  // The console's code while the visitor types: signing in then starts it at once.
  whenIdle(() => void loadConsole().catch(() => undefined));
}

async function start() {
  // Config first: the console's loaders start fetching as soon as its router exists, and they need the base URL.
  const config = await loadConfig();
  setConfig(config);
  configureClient({ baseUrl: config.baseUrl, routeStyle: config.routeStyle });
  addBaseSlash();
  if (sessionStore.get()) {
    // Words on screen while the console's start arrives (index.html's route-preload script asked for it with the
    // entry): what the router shows first too, so the first paint does not wait for the router's code.
    root.render(
      <StrictMode>
        <ConsoleTheme>
          <PageLoader label="Loading PM Console" showLabel />
        </ConsoleTheme>
      </StrictMode>,
    );
    await (await loadConsole()).startConsole(root);
  } else startSignedOut();
  registerServiceWorker();
}

start().catch(async (error: unknown) => {
  console.error(error);
  const { ConfigErrorPage } = await import('./app/ConfigErrorPage');
  root.render(
    <ConsoleTheme>
      <ConfigErrorPage error={error} />
    </ConsoleTheme>,
  );
  // Here too: the page that could not start still gets the worker (a fixed config.json then reaches it offline).
  registerServiceWorker();
});
