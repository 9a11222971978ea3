// The ids tests need: the fixed ones (`seedIds`) and the same looked up by name and type (`seedFacts`).
import type { Database } from 'better-sqlite3';
import { folderTypes } from '../../../src/contract/codes';
import { PINNED_SEED_TODAY, SCALE_FOLDER_NAME, seedDayMs } from './base';
import { containerKinds, type ContainerKind } from './catalog';

export interface SeedFacts {
  users: { admin: number; pm: number };
  projects: number[];
  rootFolders: number[];
  /** Per project: the container folders below the root. */
  containers: Record<ContainerKind, number>[];
  /** RFI-001 of project 1. */
  rfiFolder: number;
  /** RFI-003 of each project: pm may not modify them. */
  readOnlyRfiFolders: number[];
  /** 'Owner Contracts' under project 1's documents: pm may not modify it. */
  ownerContractsFolder: number;
  /** 'Archive (empty)' under project 1's documents. */
  emptyFolder: number;
  /** First submittal package of project 1, its first item, a daily report and a meeting of project 1. */
  submittalPackageFolder: number;
  submittalItemFolder: number;
  dailyReport: number;
  meetingFolder: number;
}

/** The seeded ids (checked against `seedFacts` by tests/unit/seed.test.ts). */
export const seedIds: SeedFacts = {
  users: { admin: 1, pm: 2 },
  projects: [1, 2, 3],
  rootFolders: [1, 10001, 20001],
  containers: [0, 10_000, 20_000].map(
    (base) =>
      Object.fromEntries(containerKinds.map((k, i) => [k, base + 2 + i])) as Record<ContainerKind, number>,
  ),
  rfiFolder: 101,
  readOnlyRfiFolders: [103, 10103, 20103],
  ownerContractsFolder: 11,
  emptyFolder: 18,
  submittalPackageFolder: 1000,
  submittalItemFolder: 1001,
  dailyReport: 1,
  meetingFolder: 3000,
};

/** Looks the ids of `SeedFacts` up by name and type. */
export function seedFacts(db: Database): SeedFacts {
  const one = (sql: string, ...args: unknown[]) => {
    const row = db.prepare(sql).get(...args) as { id: number } | undefined;
    if (!row) throw new Error(`seedFacts: nothing for ${sql} ${args.join(', ')}`);
    return row.id;
  };
  const user = (name: string) => one('SELECT id FROM users WHERE user_name = ?', name);
  const projectIds = (db.prepare('SELECT id FROM projects ORDER BY id').all() as { id: number }[]).map(
    (r) => r.id,
  );
  const roots = projectIds.map((p) => one('SELECT root_folder_id AS id FROM projects WHERE id = ?', p));
  const containers = roots.map(
    (root) =>
      Object.fromEntries(
        containerKinds.map((k) => [
          k,
          one('SELECT id FROM folders WHERE parent_id = ? AND folder_type = ?', root, folderTypes[k].code),
        ]),
      ) as SeedFacts['containers'][number],
  );
  const rfi = (p: number, number: string) =>
    one('SELECT folder_id AS id FROM open_issues WHERE project_id = ? AND number = ?', p, number);
  const underDocs = (name: string) =>
    one('SELECT id FROM folders WHERE parent_id = ? AND name = ?', containers[0].documents, name);
  const firstChild = (parent: number) =>
    one('SELECT id FROM folders WHERE parent_id = ? ORDER BY sorting, id LIMIT 1', parent);
  const submittalPackageFolder = firstChild(containers[0].submittals);
  return {
    users: { admin: user('admin'), pm: user('pm') },
    projects: projectIds,
    rootFolders: roots,
    containers,
    rfiFolder: rfi(projectIds[0], 'RFI-001'),
    readOnlyRfiFolders: projectIds.map((p) => rfi(p, 'RFI-003')),
    ownerContractsFolder: underDocs('Owner Contracts'),
    emptyFolder: underDocs('Archive (empty)'),
    submittalPackageFolder,
    submittalItemFolder: firstChild(submittalPackageFolder),
    dailyReport: one(
      'SELECT reference_id AS id FROM folders WHERE id = ?',
      firstChild(containers[0].dailyReports),
    ),
    meetingFolder: firstChild(containers[0].meetings),
  };
}

/** The 'Scale: 100k documents' folder, when seedScale ran. */
export function findScaleFolder(db: Database): number | undefined {
  const row = db
    .prepare('SELECT id FROM folders WHERE name = ? AND folder_type = ?')
    .get(SCALE_FOLDER_NAME, folderTypes.folder.code) as { id: number } | undefined;
  return row?.id;
}

/** The settings row holding the seed's "today" (`YYYY-MM-DD`) of a seeded database. */
export const SEED_TODAY_SETTING = 'seed_today';

/**
 * The seed's "today" of a seeded database as `YYYY-MM-DD`: the day its dates are relative to. A database seeded
 * before the day was stored was seeded for the pinned day (11/01/2026).
 */
export function seedTodayOf(db: Database): string {
  const row = db.prepare('SELECT value FROM settings WHERE name = ?').get(SEED_TODAY_SETTING) as
    { value: string } | undefined;
  return row && seedDayMs(row.value) !== undefined ? row.value : PINNED_SEED_TODAY;
}

/** `seedTodayOf` as the day at 12:00 UTC. */
export const seedTodayMs = (db: Database): number => seedDayMs(seedTodayOf(db))!;
