// The RFI list's rows, each kept as the same object while its folder and its details are the same ones, so the
// memoised rows of the table and the cards are not drawn again when the list re-renders (a key typed in a
// filter, a detail arriving for another RFI).
import { useRef } from 'react';
import type { CodeName } from '../../contract/codes';
import type { Folder, OpenIssue } from '../../contract/dtos';
import { toRow, type RfiRow } from './model/list';

interface Kept {
  folder: Folder;
  issue: OpenIssue | undefined;
  row: RfiRow;
}

export function useStableRows(
  folders: Folder[],
  details: readonly { data?: { openIssue?: OpenIssue } }[],
  statuses: CodeName[],
  today: number,
): RfiRow[] {
  const kept = useRef({ statuses, today, rows: new Map<number, Kept>() });
  if (kept.current.statuses !== statuses || kept.current.today !== today)
    kept.current = { statuses, today, rows: new Map() };
  const rows = kept.current.rows;
  return folders.map((folder, i) => {
    const issue = details[i]?.data?.openIssue;
    const id = folder.folderId ?? -1;
    const before = rows.get(id);
    if (before && before.folder === folder && before.issue === issue) return before.row;
    const row = toRow(folder, issue, statuses, today);
    rows.set(id, { folder, issue, row });
    return row;
  });
}
