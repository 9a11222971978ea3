// Operation 10 (ProjectGetRequest) and the navigation the console builds on it: project → root folder →
// containers by FolderType → items.
import { describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/contract/codecs';
import { projectStatuses } from '../../src/contract/codes';
import { seedIds } from '../../server/db/seed';
import { expectError, expectStatus, navigate, useHarness, WIRE_DATE } from './harness';

const h = useHarness();

describe('ProjectGetRequest (operation 10)', () => {
  it('reads project 1 with its name, number, address, dates and money', async () => {
    const res = await h.as('pm', 'ProjectGetRequest', { projectId: 1 });
    expectStatus(res, 200);
    const p = res.json.project;
    expect(p.projectId).toBe(1);
    expect(p.projectName).toBe('Riverside Medical Office Building');
    expect(p.projectNumber).toBe('2025-014');
    expect(p.description).toMatch(/medical office building/i);
    expect(p.address).toEqual({
      line1: '2400 Riverside Blvd',
      line2: 'Building A',
      city: 'Sacramento',
      zip: '95818',
      state: 'CA',
      county: 'Sacramento County',
      country: 'USA',
    });
    expect(p.rootFolderId).toBe(seedIds.rootFolders[0]);
    expect(p.startDate).toMatch(WIRE_DATE);
    expect(p.endDate).toMatch(WIRE_DATE);
    expect(parseDateTime(p.startDate)!.toISOString().slice(0, 10)).toBe('2025-09-15');
    expect(parseDateTime(p.endDate)!.toISOString().slice(0, 10)).toBe('2027-06-30');
    expect(p.budget).toBe(48_750_000);
    expect(p.contingency).toBe(2_437_500);
    expect(projectStatuses.map((s) => s.code)).toContain(p.projectStatus);
    expect(p.isProjectDisabled).toBe(false);
    expect(p.projectOwnerId).toEqual(expect.any(Number));
    expect(p.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(p.extDriveOrgID).toBe('brightline-2025-014');
    expect(p.organization).toBe('Brightline Builders');
    expect(res.json.errorOccured).toBe(false);
    expect(res.json.numberOfRecordsEffected).toBe(0);
  });

  it('reads projects 2 and 3, each with its own root folder and address', async () => {
    const two = (await h.as('pm', 'ProjectGetRequest', { projectId: 2 })).json.project;
    const three = (await h.as('pm', 'ProjectGetRequest', { projectId: 3 })).json.project;
    expect(two.projectName).toBe('Lincoln Elementary School Modernization');
    expect(two.address.city).toBe('Portland');
    expect(two.address.line2).toBeUndefined();
    expect(three.projectName).toBe('Harborview Mixed-Use Apartments');
    expect(three.address.state).toBe('WA');
    expect([two.rootFolderId, three.rootFolderId]).toEqual(seedIds.rootFolders.slice(1));
  });

  it('gives admin the same project', async () => {
    const pm = await h.as('pm', 'ProjectGetRequest', { projectId: 3 });
    const admin = await h.as('admin', 'ProjectGetRequest', { projectId: 3 });
    expect(admin.text).toBe(pm.text);
  });

  it('answers 404 for a project that does not exist, 400 for a missing or malformed id', async () => {
    expectError(await h.as('pm', 'ProjectGetRequest', { projectId: 4 }), 404, 'NotFound');
    expectError(await h.as('pm', 'ProjectGetRequest', { projectId: -1 }), 404, 'NotFound');
    const missing = await h.as('pm', 'ProjectGetRequest', {});
    expectError(missing, 400);
    expect(missing.json.responseStatus.errors[0].fieldName).toBe('projectId');
    const bad = await h.as('pm', 'ProjectGetRequest', { projectId: '1; DROP TABLE projects' });
    expectError(bad, 400);
    expect(bad.json.responseStatus.errors[0].fieldName).toBe('projectId');
    expectStatus(await h.as('pm', 'ProjectGetRequest', { projectId: 1 }), 200);
  });
});

describe('navigation from a project', () => {
  it.each([0, 1, 2])('project %i: root → containers → items match the seed', async (i) => {
    const found = await navigate(h, i + 1);
    expect(found.rootFolderId).toBe(seedIds.rootFolders[i]);
    expect(found.containers).toEqual(seedIds.containers[i]);
    if (i === 0) {
      expect(found.rfiFolder).toBe(seedIds.rfiFolder);
      expect(found.submittalPackageFolder).toBe(seedIds.submittalPackageFolder);
      expect(found.submittalItemFolder).toBe(seedIds.submittalItemFolder);
      expect(found.dailyReport).toBe(seedIds.dailyReport);
      expect(found.meetingFolder).toBe(seedIds.meetingFolder);
    } else {
      for (const v of [found.rfiFolder, found.submittalItemFolder, found.dailyReport, found.meetingFolder]) {
        expect(v).toEqual(expect.any(Number));
      }
    }
  });
});
