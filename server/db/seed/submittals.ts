// A project's submittals: packages with items (folders) and attachment files.
import { DAY, pad, text } from './base';
import { submittalItemKinds, submittalSpecs, submittalStatusCycle } from './catalog';
import { idsOf, trades, userId } from './people';
import type { ProjectContext } from './project';

/** Submittals: packages with items (folders) and attachment files. */
export function seedSubmittals(ctx: ProjectContext): void {
  const { insert, rng, today, p, projectId, designers, pmId, folder, setRef, c } = ctx;
  const foremen = idsOf('sub');
  submittalSpecs.forEach(([section, title], i) => {
    const trade = trades.find((t) => t.csi === section);
    const subUser = trade?.foreman ? userId(trade.foreman) : rng.pick(foremen);
    const status = submittalStatusCycle[i];
    const created = today - rng.int(20, 160) * DAY;
    const number = `${section}-${pad(1 + (i % 2), 2)}`;
    const pfid = folder(1000 + 100 * i, c.submittals, 'submittalPackage', title, created, {
      description: `Spec section ${section}`,
      sorting: i + 1,
    });
    const pkg = insert('submittal_packages', {
      folder_id: pfid,
      number,
      description: title,
      status,
      reference: `Spec ${section}`,
      revision: String(status === 'Revise and Resubmit' ? 1 : rng.int(0, 2)),
      subcontractor_id: subUser,
      submitting_contact_id: subUser,
      reviewing_contact_id: rng.pick(designers),
      project_manager_id: pmId,
      is_pending: status === 'Submitted' || status === 'In Review' ? 1 : 0,
      due_date_from_sub: text(created + 21 * DAY),
      source_number: `${section.replace(/ /g, '')}-${pad(i + 1, 3)}`,
      notes: rng.chance(0.5) ? 'Long-lead item: confirm release date with supplier.' : null,
    });
    setRef(pfid, pkg);
    const final = ['Approved', 'Approved as Noted', 'Closed'].includes(status);
    const kinds = rng.sample(submittalItemKinds, rng.int(1, 5));
    kinds.forEach((kind, k) => {
      const ifid = folder(1000 + 100 * i + k + 1, pfid, 'submittalItem', `${kind} - ${title}`, created, {
        sorting: k + 1,
        by: subUser,
      });
      const item = insert('submittal_items', {
        folder_id: ifid,
        package_id: pkg,
        item_number: `${number}.${k + 1}`,
        spec_section: section,
        is_closed: final || rng.chance(0.3) ? 1 : 0,
      });
      setRef(ifid, item);
      for (let a = 1, files = rng.int(1, 3); a <= files; a++) {
        const name =
          `${kind} - ${title} ${a === 1 ? '' : `(part ${a}) `}`.trim().replace(/\s+/g, ' ') + '.pdf';
        const uploaded = created + rng.int(0, 10) * DAY + rng.int(3 * 60, 12 * 60) * 60_000; // 8 AM-5 PM Pacific
        const https = rng.chance(0.5);
        insert('attachment_files', {
          item_folder_id: ifid,
          uploaded_file_id: 10_000 * projectId + 100 * i + 10 * k + a,
          path: https
            ? `https://files.brightline-builders.com/${p.number}/submittals/${number.replace(/ /g, '')}/${encodeURIComponent(name)}`
            : `/uploads/${p.number}/submittals/${number.replace(/ /g, '')}/${name}`,
          name,
          type: 'application/pdf',
          size: rng.int(80_000, 15_000_000),
          description: `${kind} for ${title}`,
          uploaded_ms: uploaded,
          uploaded_by: subUser,
          modified_ms: rng.chance(0.4) ? uploaded + rng.int(1, 5) * DAY : uploaded,
          modified_by: rng.chance(0.4) ? rng.pick(designers) : subUser,
        });
      }
    });
  });
}
