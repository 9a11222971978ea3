// A project's documents: sub folders of the documents container, specifications, contracts, inspection
// records, 200 documents in the container and the drawing sheets.
import { DAY, pad } from './base';
import { disc, documentKinds, dtype, sheets } from './catalog';
import { trades } from './people';
import type { ProjectContext } from './project';

/** Sub folders first, then 200 documents in the container, then the drawing sheets; returns the ids RFIs refer to. */
export function seedDocuments(ctx: ProjectContext): { docIds: number[]; drawingIds: number[] } {
  const { insert, rng, today, p, projectId, gcStaff, pmId, folder, readOnlyFor, c } = ctx;
  const sub = (name: string, sorting: number, description: string, access = 0) =>
    folder(9 + sorting, c.documents, 'folder', name, p.start + 3 * DAY, { sorting, description, access });
  const specsFolder = sub('Specifications', 1, 'Project manual, by CSI section');
  const contractsFolder =
    projectId === 1
      ? sub('Owner Contracts', 2, 'Owner-GC agreement and amendments', 1)
      : sub('Contracts', 2, 'Subcontracts and purchase orders');
  const permitsFolder = sub('Permits & Inspections', 3, 'Permits, inspection cards and sign-offs');
  if (projectId === 1) {
    readOnlyFor(contractsFolder, pmId);
    sub('Archive (empty)', 9, 'Nothing archived yet');
  }

  const docIds: number[] = [];
  const document = (
    folderId: number,
    number: string,
    title: string,
    discipline: string,
    type: string,
    csi: string | null,
  ) => {
    const issued = today - rng.int(2, 400) * DAY;
    const size = rng.int(40_000, 24_000_000);
    const status = rng.pick([1, 1, 1, 2, 3, 3, 4, 5] as const);
    const id = insert('documents', {
      folder_id: folderId,
      number,
      discipline: disc(discipline),
      csi,
      type: dtype(type),
      status,
      issue: rng.pick(['Rev 0', 'Rev 1', 'Rev 2', 'IFC', 'Addendum 1', 'Bulletin 3']),
      issue_ms: Math.max(issued, p.start - 60 * DAY),
      estimated_file_size: size,
      uploaded_file_name: `${number} ${title}.pdf`.replace(/[/\\]/g, '-'),
      uploaded_file_size: size,
      all_files_size: size + (rng.chance(0.3) ? rng.int(10_000, 2_000_000) : 0),
      file_type: 'pdf',
      created_by: rng.pick(gcStaff),
      created_ms: Math.max(issued, p.start - 60 * DAY),
      updated_by: rng.pick(gcStaff),
      updated_ms: Math.min(today - DAY, Math.max(issued, p.start - 60 * DAY) + rng.int(0, 30) * DAY),
    });
    docIds.push(id);
    return id;
  };
  for (const [section, name] of trades.map((t) => [t.csi, t.name] as const)) {
    document(specsFolder, section, `${name} - Specification`, 'General', 'Specification', section);
  }
  const contractTitles = [
    'Owner-Contractor Agreement (AIA A101)',
    'General Conditions (AIA A201)',
    'Amendment No. 1',
    'Amendment No. 2',
    'Insurance Certificates',
    'Performance and Payment Bonds',
  ];
  contractTitles.forEach((t, i) =>
    document(contractsFolder, `CON-${pad(i + 1, 3)}`, t, 'General', 'Contract', null),
  );
  for (let i = 1; i <= 8; i++) {
    document(permitsFolder, `INSP-${pad(i, 3)}`, `Inspection Record ${i}`, 'General', 'Permit', null);
  }
  const counters = new Map<string, number>();
  for (let i = 0; i < 200; i++) {
    const kind = documentKinds[i % documentKinds.length];
    const n = (counters.get(kind.prefix) ?? 0) + 1;
    counters.set(kind.prefix, n);
    const title = `${rng.pick(kind.titles)}${kind.prefix === 'PH' || kind.prefix === 'SCH' ? ` ${n}` : ''}`;
    const trade = rng.chance(0.4) ? rng.pick(trades) : null;
    document(
      c.documents,
      `${kind.prefix}-${pad(n, 4)}`,
      title,
      kind.discipline,
      kind.type,
      trade?.csi ?? null,
    );
  }
  const drawingIds = sheets.map(([number, title, d]) =>
    document(c.drawings, number, title, d, 'Drawing', null),
  );
  return { docIds, drawingIds };
}
