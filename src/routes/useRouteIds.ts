// A screen's ids from its address, read once: the same check as the loaders' `routeId`, typed by the route.
import { useParams } from 'react-router-dom';
import { routeId } from './routes';

/**
 * The required id parameters of a pattern (`:…Id`, not `:…Id?`):
 * `/projects/:projectId/rfis/:containerId/:rfiId` → `'projectId' | 'containerId' | 'rfiId'`.
 */
export type RouteIdName<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? RouteIdName<Head> | RouteIdName<Tail>
  : P extends `:${infer Name}Id`
    ? `${Name}Id`
    : never;

/** The names of a pattern's required id parameters, in order. */
export function routeIdNames(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((segment) => /^:\w+Id$/.test(segment))
    .map((segment) => segment.slice(1));
}

/**
 * The route's ids as numbers: `const { projectId, rfiId } = useRouteIds(routes.rfi)`. The route's loader has
 * already turned anything but a positive id into a 404 (`routeId`), so a screen never sees one; should it render
 * without its loader, it throws the same 404 for its error boundary.
 */
export function useRouteIds<P extends string>(route: { pattern: P }): Record<RouteIdName<P>, number> {
  const params = useParams();
  const ids: Record<string, number> = {};
  for (const name of routeIdNames(route.pattern)) ids[name] = routeId(params[name]);
  return ids as Record<RouteIdName<P>, number>;
}
