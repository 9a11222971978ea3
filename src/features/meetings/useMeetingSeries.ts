// The meetings of this meeting's container, in date order: the container's child folders (cached when the user
// came through the folder view), then one read per meeting (operation 18), in the background after the page
// shows. The interface has no meeting list, and no other source of their dates.
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { folderChildrenQuery } from '../../api/queries/folders';
import { meetingQuery } from '../../api/queries/meetings';
import { folderKind, useConfig } from '../../config/config';
import type { Meeting } from '../../contract/dtos';
import { meetingSeries } from './model';

export function useMeetingSeries(meeting: Meeting): { series: Meeting[]; pending: boolean } {
  const config = useConfig();
  const parentId = meeting.folderParentId ?? 0;
  const children = useQuery({ ...folderChildrenQuery(parentId), enabled: parentId > 0 });
  const ids = (children.data ?? [])
    .filter((f) => f.folderId !== undefined && folderKind(config, f) === 'meeting')
    .map((f) => f.folderId!);
  const reads = useQueries({
    queries: ids.map((id) => ({ ...meetingQuery(id), retry: false })),
    combine: (results) => ({
      meetings: results.flatMap((r) => (r.data ? [r.data] : [])),
      pending: results.some((r) => r.isPending),
    }),
  });
  const series = useMemo(() => meetingSeries(reads.meetings), [reads.meetings]);
  return { series, pending: parentId > 0 && (children.isPending || reads.pending) };
}
