// Routes declared once (src/routes/routes.ts): each href builds an address its own pattern matches, with the ids
// where the pattern names them; useRouteIds reads exactly the pattern's required ids.
import { matchPath } from 'react-router-dom';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { routes } from '../../src/routes/routes';
import { routeIdNames, type RouteIdName } from '../../src/routes/useRouteIds';

const samples: { [K in keyof typeof routes]: Parameters<(typeof routes)[K]['href']>[] } = {
  home: [[]],
  signIn: [[], ['/projects/1']],
  requestLog: [[], ['status=500']],
  analytics: [[], ['window=24h']],
  outbox: [[]],
  apiExplorer: [[], ['op=ProjectGetRequest']],
  project: [[1]],
  folder: [[1, 2]],
  folderEdit: [[1, 2]],
  rfis: [
    [1, 4],
    [1, 4, 'status=1'],
  ],
  rfi: [[1, 4, 101]],
  punchList: [[1, 5]],
  submittals: [[1, 6]],
  submittalPackage: [
    [1, 6, 7],
    [1, 6, 7, 'x=1'],
  ],
  dailyReports: [[1, 7]],
  dailyReport: [
    [1, 7, '2026-10-30'],
    [1, 7, '2026-10-30', 2004],
  ],
  dailyReportsOfProject: [[1], [1, '2026-10-30']],
  meeting: [
    [1, 3000],
    [1, 3000, 'x=1'],
  ],
};

describe('routes', () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${name}: every href matches its pattern`, () => {
      for (const args of samples[name as keyof typeof routes]) {
        const href = (route.href as (...a: unknown[]) => string)(...args);
        const match = matchPath(route.pattern, new URL(href, 'http://x').pathname);
        expect(match, `${href} ~ ${route.pattern}`).not.toBeNull();
        for (const id of routeIdNames(route.pattern)) {
          expect(args).toContain(Number(match!.params[id]));
        }
      }
    });
  }

  it('child patterns start with their parent’s (router.tsx nests them as absolute paths)', () => {
    for (const route of Object.values(routes)) {
      if (route.pattern.startsWith('/projects/'))
        expect(route.pattern.startsWith(routes.project.pattern)).toBe(true);
    }
  });

  it('names the required ids of a pattern', () => {
    expect(routeIdNames(routes.rfi.pattern)).toEqual(['projectId', 'containerId', 'rfiId']);
    expect(routeIdNames(routes.dailyReport.pattern)).toEqual(['projectId']);
    expect(routeIdNames(routes.home.pattern)).toEqual([]);
    expectTypeOf<RouteIdName<typeof routes.rfi.pattern>>().toEqualTypeOf<
      'projectId' | 'containerId' | 'rfiId'
    >();
    expectTypeOf<RouteIdName<typeof routes.dailyReport.pattern>>().toEqualTypeOf<'projectId'>();
  });
});
