// An RFI's state: which folders are RFIs, its status name, closed / answered, days overdue, ball in court, and
// the status colour. No React in model/, so all of it is unit-tested.
import type { AppConfig } from '../../../config/config';
import type { Folder } from '../../../contract/dtos';

/**
 * The RFI folders among an RFI container's children: anything else that may live there (a sub-folder of another
 * kind) is not one. A folder without a type, or of a type `config.json` does not name, counts as an RFI.
 */
export function rfiFolders(children: Folder[], config: Pick<AppConfig, 'folderTypes'>): Folder[] {
  return children.filter(
    (f) =>
      f.folderId !== undefined &&
      (f.folderType === undefined || (config.folderTypes.get(f.folderType)?.kind ?? 'rfi') === 'rfi'),
  );
}

// The state rules are shared with the dashboard and the palette: declared once in src/api/rules/rfis.ts.
export {
  ballInCourt,
  isAnswered,
  isClosed,
  isDraft,
  rfiDaysOverdue as daysOverdue,
  rfiStatusName,
  type BallInCourt,
} from '../../../api/rules/rfis';

/** Badge colour of a status, by its name (codes differ between deployments). */
export function statusColor(status: string): string {
  if (/closed/i.test(status)) return 'gray';
  if (/answer/i.test(status)) return 'teal';
  if (/draft/i.test(status)) return 'yellow';
  return 'blue';
}
