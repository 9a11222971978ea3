// One project of the seed: its members, root folder and containers, then each topic's records in turn (the order
// is the PRNG's: moving a call changes every record after it).
import type { Database } from 'better-sqlite3';
import { folderTypes, type FolderKind } from '../../../src/contract/codes';
import type { Insert } from './base';
import { containerKinds, type ContainerKind, type ProjectSeed } from './catalog';
import { seedDailyReports } from './dailyreports';
import { seedDocuments } from './documents';
import { seedMeetings } from './meetings';
import { idsOf, people, userId } from './people';
import { seedPunchList } from './punchlist';
import type { Rng } from './random';
import { seedRfis } from './rfis';
import { seedSubmittals } from './submittals';

/** Inserts a folder of the project at its fixed id (base + `id`); returns the folder id. */
export type FolderInsert = (
  id: number,
  parent: number | null,
  kind: FolderKind,
  name: string,
  at: number,
  more?: { description?: string; sorting?: number; by?: number; updatedMs?: number; access?: number },
) => number;

/** What each topic of a project is seeded with. */
export interface ProjectContext {
  db: Database;
  insert: Insert;
  rng: Rng;
  /** The seed's "today" (12:00 UTC): every date is relative to it. */
  today: number;
  p: ProjectSeed;
  projectId: number;
  /** User ids of the project's members, and of the GC staff, designers and pm among them. */
  members: number[];
  gcStaff: number[];
  designers: number[];
  pmId: number;
  folder: FolderInsert;
  /** Sets a folder's reference_id (the record it holds). */
  setRef: (folderId: number, ref: number) => void;
  /** Makes a folder read-only for a user. */
  readOnlyFor: (folderId: number, user: number) => void;
  /** The container folders below the root. */
  c: Record<ContainerKind, number>;
}

export function seedProject(
  db: Database,
  insert: Insert,
  rng: Rng,
  today: number,
  p: ProjectSeed,
  projectId: number,
): void {
  const members = people.flatMap((m, i) => (!m.project || m.project === projectId ? [i + 1] : []));
  members.forEach((u) => insert('project_members', { project_id: projectId, user_id: u }));
  const gcStaff = [userId('pm'), userId('smitchell'), userId('ecarter'), userId('rjohnson')];
  const designers = idsOf('architect', 'engineer');
  const pmId = userId('pm');

  // Folder ids are fixed per project (base + offset), so the ids tests use survive changes elsewhere:
  // root +1, containers +2..+8, document sub folders +10.., RFIs +100+n, submittals +1000.., daily
  // reports +2000.., meetings +3000...
  const base = (projectId - 1) * 10_000;
  const folder: FolderInsert = (id, parent, kind, name, at, more = {}) =>
    insert('folders', {
      id: base + id,
      parent_id: parent,
      project_id: projectId,
      folder_type: folderTypes[kind].code,
      name,
      description: more.description ?? null,
      sorting: more.sorting ?? 0,
      access_by_list: more.access ?? 0,
      created_by: more.by ?? pmId,
      created_ms: at,
      updated_by: more.by ?? pmId,
      updated_ms: more.updatedMs ?? at,
    });
  const updateRef = db.prepare('UPDATE folders SET reference_id = ? WHERE id = ?');
  const setRef = (folderId: number, ref: number) => void updateRef.run(ref, folderId);
  const readOnlyFor = (folderId: number, user: number) =>
    void insert('folder_permissions', { folder_id: folderId, user_id: user, can_modify: 0, can_delete: 0 });

  const root = folder(1, null, 'project', p.name, p.start, {
    description: p.description,
    by: userId('admin'),
  });
  setRef(root, projectId);
  db.prepare('UPDATE projects SET root_folder_id = ? WHERE id = ?').run(root, projectId);
  const c = Object.fromEntries(
    containerKinds.map((k, i) => [
      k,
      folder(2 + i, root, k, folderTypes[k].name, p.start, { sorting: i + 1, by: userId('admin') }),
    ]),
  ) as Record<ContainerKind, number>;
  const ctx: ProjectContext = {
    db,
    insert,
    rng,
    today,
    p,
    projectId,
    members,
    gcStaff,
    designers,
    pmId,
    folder,
    setRef,
    readOnlyFor,
    c,
  };
  const { docIds, drawingIds } = seedDocuments(ctx);
  const rfiFolders = seedRfis(ctx, docIds, drawingIds);
  seedPunchList(ctx);
  seedSubmittals(ctx);
  seedDailyReports(ctx);
  seedMeetings(ctx, rfiFolders);
}
