// The reference service's seeded data: a general contractor (Brightline Builders) with three US projects.
// Dates are relative to the seed's "today": SEED_TODAY when set (the tests pin 2026-11-01, REFERENCE_DATE),
// otherwise the UTC day the data folder is seeded; it is stored in `settings` (seed_today, `seedTodayOf`), so
// the scale data added later and every restart agree with it. Deterministic: one mulberry32 PRNG with a fixed
// seed, so two seeds of empty databases for the same day produce identical rows (the demo password salts come from the PRNG too) — except the
// users' API keys: those are random per data folder (crypto), so one install's key never opens another's log.
// Fixed ids: folder ids are assigned per project from a fixed base ((project - 1) * 10,000 + offset), so the
// ids tests need are constants (`seedIds`); `seedFacts(db)` looks the same ids up by name and type, and a
// unit test checks that both agree.
import type { Database } from 'better-sqlite3';
import { currentSeedDay, DAY, inserter, REFERENCE_DATE, seedDayMs } from './seed/base';
import { disciplines, documentStatuses, documentTypes, projectRow, projects } from './seed/catalog';
import { seedEmptyStates } from './seed/empty-states';
import { SEED_TODAY_SETTING } from './seed/facts';
import { seedUsers } from './seed/people';
import { seedProject } from './seed/project';
import { random } from './seed/random';
import { seedScale } from './seed/scale';
import { injectXss } from './seed/xss';

export {
  currentSeedDay,
  PINNED_SEED_TODAY,
  REFERENCE_DATE,
  SCALE_DOCUMENTS,
  SCALE_FOLDER_NAME,
  SCALE_LOG_ROWS,
  seedDayMs,
} from './seed/base';
export type { ContainerKind } from './seed/catalog';
export {
  findScaleFolder,
  SEED_TODAY_SETTING,
  seedFacts,
  seedIds,
  seedTodayMs,
  seedTodayOf,
  type SeedFacts,
} from './seed/facts';
export { seedScale } from './seed/scale';
export { injectXss, XSS_CORPUS } from './seed/xss';

export interface SeedOptions {
  scale?: boolean;
  variant?: 'xss';
  /** The seed's "today" as `YYYY-MM-DD` (SEED_TODAY); default: today's UTC day. */
  today?: string;
}

export function seed(db: Database, options: SeedOptions = {}): void {
  const day = options.today ?? currentSeedDay();
  const today = seedDayMs(day);
  if (today === undefined)
    throw new Error(`seed: today must be a day as YYYY-MM-DD, not ${JSON.stringify(day)}`);
  // The projects' calendar is written for the pinned day; it moves by whole days with "today".
  const shift = Math.round((today - REFERENCE_DATE.getTime()) / DAY) * DAY;
  const seeded = projects.map((p) => ({ ...p, start: p.start + shift, end: p.end + shift }));
  const rng = random(20261101);
  const insert = inserter(db);
  db.transaction(() => {
    insert('settings', { name: SEED_TODAY_SETTING, value: day });
    seedUsers(insert, rng);
    disciplines.forEach((name, i) => insert('document_disciplines', { id: i + 1, name }));
    documentTypes.forEach((name, i) => insert('document_types', { id: i + 1, name }));
    seeded.forEach((p, i) => insert('projects', projectRow(p, i + 1)));
    documentStatuses.forEach((s, i) =>
      insert('document_statuses', {
        id: s.id,
        name: s.name,
        advanced_name: s.advanced,
        project_id: s.project ?? null,
        sorting: i + 1,
      }),
    );
    seeded.forEach((p, i) => seedProject(db, insert, rng, today, p, i + 1));
    seedEmptyStates(db, insert, today);
  })();
  if (options.variant === 'xss') injectXss(db);
  if (options.scale) seedScale(db);
}
