// The submittal packages list as a sheet (Excel, CSV): the rows as the screen lists them. Number, status and ball
// in court are known only from a save's reply seen by this browser; the others say "not seen", as on screen.
import type { Folder } from '../../contract/dtos';
import type { Sheet } from '../../ui/xlsx/sheet';
import { ballInCourt, isFinalStatus, type LastReply } from './model';

const NOT_SEEN = 'not seen';

export function packagesSheet(rows: Array<{ folder: Folder; reply: LastReply | undefined }>): Sheet {
  return {
    name: 'Submittal packages',
    columns: [
      { header: 'Package', width: 40 },
      { header: 'Description', width: 40 },
      { header: 'Number' },
      { header: 'Status' },
      { header: 'Ball in court' },
      { header: 'Last change', kind: 'date' },
      { header: 'Changed by' },
    ],
    rows: rows.map(({ folder, reply }) => {
      const pkg = reply?.submittal;
      const court = pkg ? ballInCourt(pkg, true) : undefined;
      return [
        folder.folderName || `Package ${folder.folderId}`,
        folder.folderDescription,
        pkg ? pkg.number : NOT_SEEN,
        pkg ? pkg.status : NOT_SEEN,
        !pkg ? NOT_SEEN : court?.name || (isFinalStatus(pkg.status) ? 'Nobody' : undefined),
        folder.updatedDate,
        folder.updatedByFullName,
      ];
    }),
  };
}
