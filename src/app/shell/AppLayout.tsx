import '../styles/mantineRest';
import './shell.css';
import { Suspense, useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useHref, useLocation, useParams } from 'react-router-dom';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../routes/routes';
import { useAdminCheck } from '../../session/useAdminCheck';
import { useSession } from '../../session/session';
import { Header } from './Header';
import { OfflineNotice } from './OfflineNotice';
import { PaletteHost } from './PaletteHost';
import { ToastsHost } from './ToastsHost';
import { useLateParts, whenIdle } from './idle';
import { useTrackPlaces } from './recentPlaces';
import { outboxHandlers } from '../outboxHandlers';

/** Prints in the light scheme (dark text on white paper), whatever the screen shows. */
function usePrintInLight() {
  useEffect(() => {
    const root = document.documentElement;
    let saved: string | null = null;
    const before = () => {
      saved = root.getAttribute('data-mantine-color-scheme');
      root.setAttribute('data-mantine-color-scheme', 'light');
    };
    const after = () => {
      if (saved) root.setAttribute('data-mantine-color-scheme', saved);
      saved = null;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
}

/** The signed-in frame: header, section navigation, and the current screen. */
export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const projectId = parseId(useParams().projectId);
  const { pathname, search } = useLocation();
  // The skip link names this page's address in full: a bare `#main-content` would resolve against index.html's
  // <base href> (src/config/base.ts) and leave the page.
  const skipHref = useHref({ pathname, search, hash: 'main-content' });
  useEffect(close, [pathname, close]);
  const session = useSession();
  useTrackPlaces(session?.userName, pathname);
  // Until the sign-in's admin check is answered (it may have been cut off), ask again on each page.
  useAdminCheck(session, pathname);
  usePrintInLight();
  // Writes kept in the outbox go out while signed in, once the connection is back (docs/offline.md).
  const queryClient = useQueryClient();
  // Started when the page is idle, its code loaded then: its first pass reads the store (opens IndexedDB), and
  // neither is needed for the first screen.
  useEffect(() => {
    let current = true;
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => {
      void import('../../api/outbox/sender').then((m) => {
        if (current) stop = m.startOutboxSender({ handlers: outboxHandlers, queryClient });
      });
    });
    return () => {
      current = false;
      cancel();
      stop?.();
    };
  }, [queryClient]);
  // The navigation (behind the burger on a phone) once the page is idle, with its code: its scroll area sets
  // itself up during its commit (src/app/shell/idle.ts, late.ts).
  const late = useLateParts();

  return (
    <>
      {/* Toasts (background refetch failures) only happen signed in: loaded just after the shell. */}
      <ToastsHost />
      <a className="pm-skip-link pm-no-print" href={skipHref}>
        Skip to main content
      </a>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <AppShell.Header className="pm-no-print">
          <Header projectId={projectId} navOpened={navOpened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="xs" component="nav" aria-label="Sections" className="pm-no-print">
          {late && <late.Navigation projectId={projectId} />}
        </AppShell.Navbar>
        <AppShell.Main className="pm-shell-main" id="main-content" tabIndex={-1}>
          <OfflineNotice />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
      <PaletteHost projectId={projectId} />
    </>
  );
}

export default AppLayout;
