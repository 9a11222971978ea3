// A project's RFIs (open issues): 36 of them, from drafts to closed, with cc users and referenced documents.
import { DAY, pad, text } from './base';
import { rfiSubjects, rooms, sheets } from './catalog';
import { fullName, trades } from './people';
import type { ProjectContext } from './project';

/** The RFIs, each a folder under the RFI container; returns their folder ids (meeting minutes link to them). */
export function seedRfis(ctx: ProjectContext, docIds: number[], drawingIds: number[]): number[] {
  const {
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
  } = ctx;
  const rfiFolders: number[] = [];
  const subjects = rng.sample(rfiSubjects, 36);
  subjects.forEach((subject, i) => {
    const n = i + 1;
    const created = today - (186 - n * 5 - rng.int(0, 3)) * DAY;
    const due = created + rng.pick([7, 10, 14]) * DAY;
    const age = (today - created) / DAY;
    let status = age > 60 ? rng.pick([3, 4, 4, 4]) : age > 25 ? rng.pick([2, 3, 4]) : rng.pick([1, 2, 2, 2]);
    if (n % 9 === 4) status = 2; // open and (for the older ones) overdue
    if (n >= 35) status = 1; // the newest are drafts
    const closed = status === 4 ? Math.min(today - DAY, created + rng.int(3, 20) * DAY) : null;
    const from = rng.pick(gcStaff);
    const to = rng.pick(designers);
    const number = `RFI-${pad(n, 3)}`;
    const sheet = rng.pick(sheets);
    const fid = folder(100 + n, c.rfis, 'rfi', subject, created, {
      description: number,
      sorting: n,
      by: from,
      updatedMs: closed ?? created,
    });
    rfiFolders.push(fid);
    const cost = rng.chance(0.25);
    const answered = status >= 3;
    const issue = insert('open_issues', {
      folder_id: fid,
      project_id: projectId,
      number,
      subject,
      question: `${subject}: ${sheet[0]} (${sheet[1]}) and the specifications disagree. Please confirm the intended condition so work can proceed without delay.`,
      location_site: 'Main Site',
      location_building: rng.pick(p.buildings),
      location_floor: rng.pick(p.floors),
      location_room: rng.chance(0.6) ? rng.pick(rooms) : null,
      created_date: text(created),
      due_date: text(due),
      closed_date: closed === null ? null : text(closed),
      status_id: status,
      issue_from: from,
      issue_to: to,
      cost_impact: cost ? 1 : 0,
      change_order_id: cost ? 100 * projectId + n : null,
      change_order_number: cost ? `CO-${pad(n, 3)}` : null,
      change_order_amount: cost ? rng.int(150, 8500) * 10 : null,
      change_order_status: cost ? rng.pick(['Pending', 'Approved', 'Rejected']) : null,
      reference: rng.chance(0.7)
        ? `Spec ${rng.pick(trades).csi}, 3.${rng.int(1, 9)}.${rng.pick(['A', 'B', 'C'])}`
        : null,
      drawing: sheet[0],
      drawing_detail: rng.chance(0.6) ? `${rng.int(1, 12)}/${sheet[0]}` : null,
      discussion_replies: answered
        ? `${fullName(to)} (${text(created + 2 * DAY)}): Confirmed; follow detail ${rng.int(1, 12)}/${sheet[0]} and notify the engineer of any field conflicts.\n\n${fullName(from)} (${text(created + 3 * DAY)}): Understood, proceeding.`
        : null,
    });
    setRef(fid, issue);
    rng
      .sample(
        members.filter((m) => m !== from && m !== to),
        rng.int(1, 3),
      )
      .forEach((u, k) => insert('open_issue_cc', { open_issue_id: issue, position: k, user_id: u }));
    const refs = new Set([rng.pick(drawingIds), ...rng.sample(docIds, rng.int(0, 2))]);
    refs.forEach((d) => insert('open_issue_documents', { open_issue_id: issue, document_id: d }));
    if (n === 3) readOnlyFor(fid, pmId);
  });
  return rfiFolders;
}
