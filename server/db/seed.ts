// The reference service's seeded data: a general contractor (Brightline Builders) with three US projects.
// Deterministic: one mulberry32 PRNG with a fixed seed and a fixed reference date (REFERENCE_DATE), so two
// seeds of empty databases produce identical rows (the demo password salts come from the PRNG too) — except the
// users' API keys: those are random per data folder (crypto), so one install's key never opens another's log.
// Fixed ids: folder ids are assigned per project from a fixed base ((project - 1) * 10,000 + offset), so the
// ids tests need are constants (`seedIds`); `seedFacts(db)` looks the same ids up by name and type, and a
// unit test checks that both agree.
import type { Database } from 'better-sqlite3';
import { inserter } from './seed/base';
import { disciplines, documentStatuses, documentTypes, projectRow, projects } from './seed/catalog';
import { seedEmptyStates } from './seed/empty-states';
import { seedUsers } from './seed/people';
import { seedProject } from './seed/project';
import { random } from './seed/random';
import { seedScale } from './seed/scale';
import { injectXss } from './seed/xss';

export { REFERENCE_DATE, SCALE_DOCUMENTS, SCALE_FOLDER_NAME, SCALE_LOG_ROWS } from './seed/base';
export type { ContainerKind } from './seed/catalog';
export { findScaleFolder, seedFacts, seedIds, type SeedFacts } from './seed/facts';
export { seedScale } from './seed/scale';
export { injectXss, XSS_CORPUS } from './seed/xss';

export function seed(db: Database, options: { scale?: boolean; variant?: 'xss' } = {}): void {
  const rng = random(20261101);
  const insert = inserter(db);
  db.transaction(() => {
    seedUsers(insert, rng);
    disciplines.forEach((name, i) => insert('document_disciplines', { id: i + 1, name }));
    documentTypes.forEach((name, i) => insert('document_types', { id: i + 1, name }));
    projects.forEach((p, i) => insert('projects', projectRow(p, i + 1)));
    documentStatuses.forEach((s, i) =>
      insert('document_statuses', {
        id: s.id,
        name: s.name,
        advanced_name: s.advanced,
        project_id: s.project ?? null,
        sorting: i + 1,
      }),
    );
    projects.forEach((p, i) => seedProject(db, insert, rng, p, i + 1));
    seedEmptyStates(db, insert);
  })();
  if (options.variant === 'xss') injectXss(db);
  if (options.scale) seedScale(db);
}
