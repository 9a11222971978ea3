// The tables of the analytics page (by operation, user, IP, status, project and record): how each group is
// labelled, what it links to, and the explorer filter that lists its requests (exact or wider).
import type { LogRow } from '../../../api/requestLogReader/row';
import type { LogQuery } from '../../../routes/logQuery';
import type { GroupRow, TableName } from './types';

export interface GroupSpec {
  label?: (key: string, first: LogRow) => string;
  target?: (key: string, first: LogRow) => GroupRow['target'];
  /** The explorer filter of a group, and whether it lists exactly the group's rows in the window. */
  filter: (key: string, first: LogRow, count: number) => { filter: LogQuery; exact: boolean };
}

/** The tables, in the order the page has them. */
export const TABLE_NAMES: TableName[] = ['operation', 'user', 'ip', 'status', 'project', 'record'];

/**
 * Each table's groups; `pathCount` counts the window's requests to a path, `failed` and `ok` the window's
 * failed and other requests (a group's filter is exact when it lists no more than the group).
 */
export function groupSpecs(window: {
  pathCount: (path: string) => number;
  failed: number;
  ok: number;
}): Record<TableName, GroupSpec> {
  const { pathCount, failed, ok } = window;
  return {
    operation: {
      label: (k, r) => (r.op ? k : `${k} (no operation)`),
      filter: (_k, r, count) => ({ filter: { pathInfo: r.path }, exact: pathCount(r.path) === count }),
    },
    user: {
      label: (k) => k || '(no user)',
      filter: (k) => (k ? { filter: { userAuthId: k }, exact: true } : { filter: {}, exact: false }),
    },
    ip: {
      label: (k) => k || '(no address)',
      filter: (k) => (k ? { filter: { ipAddress: k }, exact: true } : { filter: {}, exact: false }),
    },
    status: {
      filter: (_k, r, count) => ({
        filter: { withErrors: r.error },
        exact: count === (r.error ? failed : ok),
      }),
    },
    project: {
      label: (k) => `Project ${k}`,
      target: (k) => ({ kind: 'project', id: Number(k), role: 'project' }),
      filter: () => ({ filter: {}, exact: false }),
    },
    record: {
      label: (k, r) => {
        const t = r.targets?.find((x) => `${x.kind}:${x.id}` === k);
        return t ? `${t.role} ${t.id}` : k;
      },
      target: (k, r) => {
        const t = r.targets?.find((x) => `${x.kind}:${x.id}` === k);
        return t ? { kind: t.kind, id: t.id, role: t.role } : undefined;
      },
      filter: () => ({ filter: {}, exact: false }),
    },
  };
}
