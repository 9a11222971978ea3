import '../styles/mantineRest';
import { Suspense, useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../paths';
import { Header } from './Header';
import { Navigation } from './Navigation';

/** The signed-in frame: header, section navigation, and the current screen. */
export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const projectId = parseId(useParams().projectId);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  return (
    <>
      {/* Toasts (background refetch failures) only happen signed in, so they load with the shell. */}
      <Notifications position="top-right" />
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <Header projectId={projectId} navOpened={navOpened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="xs" component="nav" aria-label="Sections">
          <Navigation projectId={projectId} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}

export default AppLayout;
