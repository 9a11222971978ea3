// A project's punch list.
import {
  architectStatuses,
  ownerStatuses,
  punchListStatuses,
  subcontractorStatuses,
} from '../../../src/contract/codes';
import { DAY, text } from './base';
import { punchSummaries, rooms, sheets } from './catalog';
import { fullName, idsOf, userId } from './people';
import type { ProjectContext } from './project';

/** Punch list: rows of the container, numbered 1..n in the project. */
export function seedPunchList(ctx: ProjectContext): void {
  const { insert, rng, today, p, projectId, pmId, c } = ctx;
  const foremen = idsOf('sub');
  for (let n = 1; n <= 60; n++) {
    const created = today - rng.int(1, 45) * DAY;
    const status = rng.pick(punchListStatuses).code;
    const done = status >= 3;
    insert('punch_list', {
      folder_id: c.punchList,
      project_id: projectId,
      number: n,
      summary: rng.pick(punchSummaries),
      description: `Observed during ${rng.pick(['owner', 'architect', 'GC'])} walk on ${text(created)}.`,
      location_site: 'Main Site',
      location_building: rng.pick(p.buildings),
      location_floor: rng.pick(p.floors),
      location_room: rng.pick(rooms),
      due_date: text(created + 14 * DAY),
      status,
      completed_date: done ? text(Math.min(today - DAY, created + rng.int(2, 12) * DAY)) : null,
      cost_impact: 0,
      owner_status: rng.pick(ownerStatuses).code,
      notifying_party: fullName(rng.pick([userId('mgonzalez'), userId('pm'), userId(p.owner)])),
      issue_date: text(created),
      subcontractor_status: done ? 3 : rng.pick(subcontractorStatuses).code,
      architect_status: rng.pick(architectStatuses).code,
      responsible_parties: JSON.stringify([String(rng.pick(foremen))]),
      cc_users: JSON.stringify([String(pmId)]),
      drawing: rng.pick(sheets)[0],
      created_by: pmId,
      created_ms: created,
    });
  }
}
