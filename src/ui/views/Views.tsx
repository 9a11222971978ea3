// A list's Views menu as the screens place it: a small stand-in until the menu's chunk (ViewsMenu, with the
// store) has loaded, so the views add next to nothing to a screen's first load (docs/views.md).
import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import type { ViewList } from '../../api/views/store';
import type { ListViewSpec } from './model';

const ViewsMenu = lazy(() => import('./ViewsMenu'));

export interface ViewsProps {
  list: ViewList;
  spec?: ListViewSpec;
  /** Offers "Print / PDF" (the browser's print; the screen carries a PrintHeader). */
  printable?: boolean;
}

export function Views(props: ViewsProps) {
  return (
    <Suspense
      fallback={
        <Button variant="default" size="sm" disabled>
          Views
        </Button>
      }
    >
      <ViewsMenu {...props} />
    </Suspense>
  );
}
