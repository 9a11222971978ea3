import { useEffect, useRef } from 'react';
import { nprogress } from '@mantine/nprogress';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

/** The top of the route tree: the navigation progress bar follows the router (loaders and lazy chunks). */
export function RootLayout() {
  const navigation = useNavigation();
  const started = useRef(false);
  useEffect(() => {
    if (navigation.state !== 'idle') {
      started.current = true;
      nprogress.start();
    } else if (started.current) {
      started.current = false;
      nprogress.complete();
    }
  }, [navigation.state]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
