// The command palette's search: what it reads from the query cache (src/app/shell/paletteIndex.ts), how it
// matches and ranks (paletteSearch.ts) and how the actions come out (paletteActions.ts).
import { describe, expect, it } from 'vitest';
import { folderKeys } from '../../src/api/queries/folders';
import { projectKeys } from '../../src/api/queries/projects';
import { paletteActions, type PaletteAction } from '../../src/app/shell/paletteActions';
import { CACHE_KEYS, indexFromCache, type CachedQuery } from '../../src/app/shell/paletteIndex';
import { rank, scoreOf, wordsOf } from '../../src/app/shell/paletteSearch';
import { defaultConfig } from '../../src/config/config';
import { folderTypes as T } from '../../src/contract/codes';
import { dailyReportKeys } from '../../src/features/dailyreports/queries';
import { meetingKeys } from '../../src/features/meetings/queries';
import { rfiKeys } from '../../src/features/rfis/queries';
import { submittalKeys } from '../../src/features/submittals/queries';

const folder = (folderId: number, type: number, folderName: string, more: object = {}) => ({
  folderId,
  folderType: type,
  folderName,
  folderProjectId: 1,
  ...more,
});

/** Project 1 read with its containers, its RFI and submittals lists, a meeting, a daily report; project 2 too. */
const cache: CachedQuery[] = [
  {
    queryKey: ['projects', 'detail', 1],
    data: { projectId: 1, projectName: 'Riverside Medical Office Building', projectNumber: '2025-014' },
  },
  {
    queryKey: ['projects', 'detail', 2],
    data: { projectId: 2, projectName: 'Lincoln Elementary School Modernization', projectNumber: '2024-031' },
  },
  {
    queryKey: ['folders', 'children', 1],
    data: [
      folder(2, T.documents.code, 'Documents', { folderParentId: 1 }),
      folder(4, T.rfis.code, 'RFIs', { folderParentId: 1 }),
      folder(5, T.punchList.code, 'Punch List', { folderParentId: 1 }),
      folder(6, T.submittals.code, 'Submittals', { folderParentId: 1 }),
      folder(7, T.dailyReports.code, 'Daily Reports', { folderParentId: 1 }),
      folder(8, T.meetings.code, 'Meetings', { folderParentId: 1 }),
    ],
  },
  {
    queryKey: ['folders', 'children', 201],
    data: [folder(207, T.dailyReports.code, 'Daily Reports', { folderParentId: 201, folderProjectId: 2 })],
  },
  {
    queryKey: ['folders', 'children', 4],
    data: [
      folder(107, T.rfi.code, 'Curtain wall embed conflict', {
        folderDescription: 'RFI-007',
        folderParentId: 4,
      }),
      folder(114, T.rfi.code, 'Roof drain sizing', { folderDescription: 'RFI-014', folderParentId: 4 }),
    ],
  },
  // RFI-014's details were read too: its subject there is the newer one.
  {
    queryKey: ['rfis', 'detail', 114],
    data: { openIssue: { number: 'RFI-014', subject: 'Roof drain size' } },
  },
  {
    queryKey: ['folders', 'children', 6],
    data: [
      folder(1000, T.submittalPackage.code, 'Cast-in-Place Concrete Mix Designs', {
        folderDescription: 'Spec section 03 30 00',
        folderParentId: 6,
      }),
      folder(1100, T.submittalPackage.code, 'Structural Steel Shop Drawings', {
        folderDescription: 'Spec section 05 12 00',
        folderParentId: 6,
      }),
    ],
  },
  { queryKey: ['submittals', 'lastReply', 1100], data: { submittal: { number: '05 12 00-02' }, savedAt: 1 } },
  { queryKey: ['submittals', 'lastReply', 1000], data: null },
  {
    queryKey: ['folders', 'children', 8],
    data: [folder(3000, T.meeting.code, 'Safety Meeting #1', { folderParentId: 8 })],
  },
  {
    queryKey: ['meetings', 'detail', 3000],
    data: { subject: 'Safety Meeting #1', meetingNumber: '001', meetingDate: '09/24/2026' },
  },
  {
    queryKey: ['folders', 'children', 7],
    data: [folder(2001, T.dailyReport.code, 'Daily Report 10/30/2026', { folderParentId: 7 })],
  },
  {
    queryKey: ['folders', 'children', 2],
    data: [folder(12, T.folder.code, 'Geotechnical Reports', { folderParentId: 2 })],
  },
  // Not places: a document list, a failed query, an unknown key.
  { queryKey: ['documents', 'inFolder', 12], data: [{ fileName: 'Riverside boring logs.pdf' }] },
  { queryKey: ['folders', 'detail', 99], data: undefined },
  { queryKey: ['explorer', 'x'], data: { projectName: 'Not a project' } },
];

const entries = indexFromCache(cache, defaultConfig());
const base = { recent: [], projectId: 1, isAdmin: false, entries };
const find = (query: string, more: object = {}) => paletteActions({ ...base, ...more, query });
const first = (query: string, more: object = {}) => find(query, more)[0];

describe('the query keys the palette reads', () => {
  it('are the features’ and src/api’s own prefixes', () => {
    expect(CACHE_KEYS.project).toEqual(projectKeys.details());
    expect(CACHE_KEYS.folder).toEqual(folderKeys.details());
    expect(CACHE_KEYS.children).toEqual(folderKeys.childLists());
    expect(CACHE_KEYS.rfi).toEqual(rfiKeys.details());
    expect(CACHE_KEYS.meeting).toEqual(meetingKeys.details());
    expect(CACHE_KEYS.submittal).toEqual(submittalKeys.lastReplies());
    expect(CACHE_KEYS.dailyReport).toEqual(dailyReportKeys.reports());
  });

  it('turn into one place per thing, each with its title and its screen', () => {
    const byId = Object.fromEntries(entries.map((e) => [e.id, e]));
    expect(byId['project:1']).toMatchObject({
      label: 'Riverside Medical Office Building',
      to: '/projects/1',
    });
    expect(byId['screen:7']).toMatchObject({
      label: 'Daily reports',
      description: 'Riverside Medical Office Building',
      to: '/projects/1/daily-reports/7',
    });
    expect(byId['rfi:114']).toMatchObject({
      label: 'RFI-014 · Roof drain size',
      to: '/projects/1/rfis/4/114',
    });
    expect(byId['submittal:1100']).toMatchObject({
      label: '05 12 00-02 · Structural Steel Shop Drawings',
      to: '/projects/1/submittals/6/1100',
    });
    expect(byId['meeting:3000']).toMatchObject({
      label: 'Safety Meeting #1',
      to: '/projects/1/meetings/3000',
    });
    expect(byId['report:2001']).toMatchObject({ to: '/projects/1/daily-reports/7/2026-10-30' });
    expect(byId['place:12']).toMatchObject({ label: 'Geotechnical Reports', to: '/projects/1/folders/12' });
    expect(entries.some((e) => e.label === 'Not a project' || e.label.includes('boring'))).toBe(false);
    expect(entries.every((e) => !e.label.startsWith('/'))).toBe(true);
  });
});

describe('matching and ranking', () => {
  it('cuts words at anything but letters and digits, ignoring case and accents', () => {
    expect(wordsOf('RFI-014 · Café  Roof')).toEqual(['rfi', '014', 'cafe', 'roof']);
  });

  it('needs every word; a number matches whole, by value', () => {
    const rfi = { label: 'RFI-014 · Roof drain size', numbers: ['RFI-014'] };
    expect(scoreOf(rfi, ['roof', 'drain'])).toBeDefined();
    expect(scoreOf(rfi, ['roof', 'beam'])).toBeUndefined();
    expect(scoreOf(rfi, ['14'])).toBeDefined();
    expect(scoreOf(rfi, ['1'])).toBeUndefined();
    expect(scoreOf(rfi, ['140'])).toBeUndefined();
  });

  it('ranks a number above a word that starts, and that above a word inside', () => {
    const items = [
      { label: 'Subject with a redrain inside', id: 'inside' },
      { label: 'Drainage', id: 'starts' },
      { label: 'RFI-014', numbers: ['RFI-014'], id: 'number' },
    ];
    expect(rank(items, ['drain']).map((r) => r.item.id)).toEqual(['starts', 'inside']);
    expect(rank(items, ['14']).map((r) => r.item.id)).toEqual(['number']);
  });

  it('does not list a thing for its project’s name alone, but narrows by it', () => {
    const screen = { label: 'RFIs', description: 'Riverside Medical Office Building' };
    expect(scoreOf(screen, ['riverside'])).toBeUndefined();
    expect(scoreOf(screen, ['riverside', 'rfis'])).toBeDefined();
  });
});

describe('what the palette offers for typed words', () => {
  const ids = (list: PaletteAction[]) => list.map((a) => a.id);

  it('finds screens by name, the current project’s first', () => {
    expect(first('daily')).toMatchObject({ id: 'screen:7', group: 'Screens', label: 'Daily reports' });
    expect(ids(find('daily').filter((a) => a.group === 'Screens'))).toEqual(['screen:7', 'screen:207']);
    expect(first('meetings')).toMatchObject({ id: 'screen:8', label: 'Meetings' });
    expect(first('punch')).toMatchObject({ id: 'screen:5', label: 'Punch list' });
    expect(first('submittals')).toMatchObject({ id: 'screen:6', label: 'Submittals' });
    expect(first('rfi')).toMatchObject({ id: 'screen:4', label: 'RFIs' });
    expect(first('documents')).toMatchObject({ id: 'screen:2', label: 'Documents' });
    expect(first('request log', { isAdmin: true })).toMatchObject({ id: 'page:requestlog' });
    expect(ids(find('request log')).some((id) => id.startsWith('page:'))).toBe(false);
  });

  it('finds projects by name or number', () => {
    expect(first('lincoln')).toMatchObject({
      id: 'project:2',
      group: 'Projects',
      label: 'Lincoln Elementary School Modernization',
      to: '/projects/2',
    });
    expect(first('2024-031')).toMatchObject({ id: 'project:2' });
    // By id: the project it is, under its name, once.
    const byId = find('2');
    expect(byId.filter((a) => a.id === 'project:2')).toHaveLength(1);
    expect(byId.find((a) => a.id === 'project:2')?.label).toBe('Lincoln Elementary School Modernization');
  });

  it('finds RFIs and submittal packages by number or subject words', () => {
    expect(first('RFI-014')).toMatchObject({ id: 'rfi:114', label: 'RFI-014 · Roof drain size' });
    expect(first('roof drain')).toMatchObject({ id: 'rfi:114' });
    expect(first('steel shop')).toMatchObject({ id: 'submittal:1100', group: 'Submittals' });
    expect(first('05 12 00-02')).toMatchObject({ id: 'submittal:1100' });
    expect(first('03 30 00')).toMatchObject({
      id: 'submittal:1000',
      label: 'Cast-in-Place Concrete Mix Designs',
    });
  });

  it('finds meetings, daily reports and folders by name', () => {
    expect(first('safety')).toMatchObject({ id: 'meeting:3000', group: 'Meetings' });
    expect(first('geotechnical')).toMatchObject({ id: 'place:12', group: 'Folders' });
    // A date: the report of that day, once (the "Go to" action and the cached report are the same address).
    const day = find('10/30/2026');
    expect(day[0]).toMatchObject({ id: 'dailyreport:2026-10-30' });
    expect(day.filter((a) => a.to === day[0].to)).toHaveLength(1);
  });

  it('lists recent places after what the words find, by title, never twice', () => {
    const recent = [
      { path: '/projects/1/rfis/4/114', title: 'RFI-014 Roof drain size' },
      { path: '/projects/1/meetings/3000', title: 'Safety Meeting #1' },
      { path: '/projects/1/folders/55', title: '/projects/1/folders/55' },
    ];
    const list = find('roof', { recent });
    expect(list[0].id).toBe('rfi:114');
    expect(list.some((a) => a.id === 'recent:/projects/1/rfis/4/114')).toBe(false);
    const all = paletteActions({ ...base, recent, query: '' });
    expect(all.slice(0, 3).map((a) => [a.label, a.description])).toEqual([
      ['RFI-014 · Roof drain size', 'Riverside Medical Office Building'],
      ['Safety Meeting #1', 'Riverside Medical Office Building'],
      ['Folder 55, project 1', 'Riverside Medical Office Building'],
    ]);
    const typed = find('folder 55', { recent });
    expect(typed.findIndex((a) => a.group === 'Recent')).toBeGreaterThan(
      typed.findIndex((a) => a.id === 'folder:55'),
    );
    for (const a of [...all, ...typed]) expect(a.label.startsWith('/')).toBe(false);
  });
});

describe('after a reload: recent projects and places (issue 34)', () => {
  // Only project 1 read in this page; project 2 was opened before the reload (the start page's list).
  const fresh = cache.filter((q) => q.queryKey[0] === 'projects' && q.queryKey[2] === 1);
  const recentProjects = [
    { projectId: 2, name: 'Lincoln Elementary School Modernization', number: '2024-031' },
    { projectId: 3 },
  ];
  const known = indexFromCache(fresh, defaultConfig(), recentProjects);
  const after = (query: string, more: object = {}) =>
    paletteActions({ ...base, entries: known, ...more, query });

  it('finds a project opened before by a word of its name or its number', () => {
    expect(after('lincoln')[0]).toMatchObject({
      id: 'project:2',
      group: 'Projects',
      label: 'Lincoln Elementary School Modernization',
      to: '/projects/2',
    });
    expect(after('2024-031')[0]).toMatchObject({ id: 'project:2' });
    // A project known by id alone is listed under its id; the one read in this page keeps its own name.
    expect(known.find((e) => e.id === 'project:3')?.label).toBe('Project 3');
    expect(known.find((e) => e.id === 'project:1')?.label).toBe('Riverside Medical Office Building');
  });

  it('finds a recent place by the words of its project, labelled by what the console knows', () => {
    const recent = [{ path: '/projects/2/rfis/204', title: 'RFIs' }];
    const list = after('lincoln rfis', { recent });
    expect(list.some((a) => a.id === 'recent:/projects/2/rfis/204')).toBe(true);
    expect(list.find((a) => a.id === 'recent:/projects/2/rfis/204')?.description).toBe(
      'Lincoln Elementary School Modernization',
    );
  });
});
