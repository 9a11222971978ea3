// Projects: read one.
import type { Project } from '../../src/contract/dtos';
import { ServiceError, type Handler } from '../handler';
import { bool, clean, date, requireId, stmt } from './common';

interface ProjectRow {
  [column: string]: string | number | null;
}

export const projectGet: Handler<'ProjectGetRequest'> = (req, ctx) => {
  const id = requireId(req.projectId, 'projectId');
  const p = stmt(ctx.db, 'SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
  if (!p) throw ServiceError.notFound(`Project ${id} was not found.`);
  const s = (col: string) => p[col] as string | null;
  const n = (col: string) => p[col] as number | null;
  const project = clean<Project>({
    projectId: n('id'),
    projectStatus: n('status'),
    projectOwnerId: n('owner_id'),
    projectName: s('name'),
    projectNumber: s('number'),
    description: s('description'),
    address: clean({
      line1: s('address_line1'),
      line2: s('address_line2'),
      city: s('city'),
      zip: s('zip'),
      state: s('state'),
      county: s('county'),
      country: s('country'),
    }),
    phone: s('phone'),
    fax: s('fax'),
    logo: n('logo'),
    logoUrl: s('logo_url'),
    filePath: s('file_path'),
    rootFolderId: n('root_folder_id'),
    startDate: date(n('start_ms')),
    endDate: date(n('end_ms')),
    numberOwner: s('number_owner'),
    numberArchitect: s('number_architect'),
    isProjectDisabled: bool(n('is_disabled')),
    submitTo: s('submit_to'),
    submitFrom: s('submit_from'),
    returnTo: s('return_to'),
    returnFrom: s('return_from'),
    budget: n('budget'),
    contingency: n('contingency'),
    projectValuation: s('valuation'),
    organization: s('organization'),
    location: s('location'),
    extDriveOrgID: s('ext_drive_org_id'),
  });
  return { project };
};
