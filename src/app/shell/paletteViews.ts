// The user's saved views as palette actions (docs/views.md): "overdue by architect" opens the list it was saved
// on with its state. Read from the views store only while the palette is open.
import { useMemo } from 'react';
import type { ViewList } from '../../api/views/store';
import { viewLink } from '../../ui/views/model';
import { useSavedViews } from '../../ui/views/useViews';
import type { PaletteAction } from './paletteActions';

const LIST_NAMES: Record<ViewList, string> = {
  rfis: 'RFI log',
  documents: 'Documents',
  submittals: 'Submittal packages',
  meetings: 'Meetings',
  requestLog: 'Request log',
  analytics: 'Analytics',
};

export function useViewActions(opened: boolean): PaletteAction[] {
  const views = useSavedViews(undefined, opened);
  return useMemo(
    () =>
      (views ?? []).map((v) => ({
        id: `view:${v.id}`,
        group: 'Views' as const,
        label: v.name,
        description: `Saved view · ${LIST_NAMES[v.list]}${v.isDefault ? ' (default)' : ''}`,
        keywords: `view ${LIST_NAMES[v.list]}`,
        to: viewLink(v),
      })),
    [views],
  );
}
