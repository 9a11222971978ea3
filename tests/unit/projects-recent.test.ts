// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '../../src/contract/dtos';
import {
  findRecentProject,
  readRecentProjects,
  rememberProject,
  rememberWork,
} from '../../src/features/projects/recentProjects';

afterEach(() => localStorage.clear());

const project: Project = { projectId: 1, projectName: 'Tower', projectNumber: 'T-1', rootFolderId: 10 };
const work = { children: [4, 7, 8, 6], documents: [2, 3] };

describe('recently opened projects: the work panels’ containers', () => {
  it('are kept with a project in the list, and kept when the project is opened again', () => {
    rememberWork('pm', 1, work); // not in the list yet: nothing to keep it with
    expect(readRecentProjects('pm')).toEqual([]);

    rememberProject('pm', project);
    rememberWork('pm', 1, work);
    expect(findRecentProject('pm', 1)?.work).toEqual(work);

    rememberProject('pm', { ...project, projectId: 2, projectName: 'Other' });
    rememberProject('pm', project); // back to the first: moved to the top, its containers kept
    expect(readRecentProjects('pm').map((p) => p.projectId)).toEqual([1, 2]);
    expect(findRecentProject('pm', 1)?.work).toEqual(work);
  });

  it('are not written again when unchanged', () => {
    rememberProject('pm', project);
    rememberWork('pm', 1, work);
    const before = localStorage.getItem('pm-console:recent-projects:pm');
    const list = readRecentProjects('pm');
    rememberWork('pm', 1, { children: [4, 7, 8, 6], documents: [2, 3] });
    expect(localStorage.getItem('pm-console:recent-projects:pm')).toBe(before);
    expect(readRecentProjects('pm')).toBe(list);
    rememberWork('pm', 1, { children: [4, 7, 8], documents: [2, 3] });
    expect(findRecentProject('pm', 1)?.work?.children).toEqual([4, 7, 8]);
  });
});
