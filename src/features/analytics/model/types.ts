// The analytics page's figures, as the worker hands them to the page (aggregate.ts makes them).
import type { StatusClass } from '../../../api/requestLogReader/row';
import type { TargetKind } from '../../../api/rules/requestTargets';
import type { LogQuery } from '../../../routes/logQuery';
import type { ResolvedWindow } from './window';

/** Explorer filters for a figure; `exact: false` means the list is wider than the figure (`note` says how). */
export interface LinkSpec {
  query: LogQuery;
  exact: boolean;
  note?: string;
}

export interface Figures {
  count: number;
  errors: number;
  /** errors / count (0..1); 0 for no requests. */
  errorRate: number;
  p50: number;
  p95: number;
  p99: number;
}

export type TableName = 'operation' | 'user' | 'ip' | 'status' | 'project' | 'record';

export interface GroupRow extends Figures {
  key: string;
  label: string;
  /** For project and record rows: the record, to be named from the console's reads. */
  target?: { kind: TargetKind; id: number; role: string };
  /** Requests per twelfth of the window. */
  trend: number[];
  link: LinkSpec;
  errorLink?: LinkSpec;
}

export interface Bucket extends Figures {
  start: number;
  classes: Record<StatusClass, number>;
  link: LinkSpec;
  classLinks: Partial<Record<StatusClass, LinkSpec>>;
}

export interface Table {
  rows: GroupRow[];
  /** Groups in all (rows holds the largest `TABLE_ROWS`). */
  groups: number;
}

export interface Analytics {
  window: ResolvedWindow;
  user?: string;
  total: Figures & { link: LinkSpec; errorLink: LinkSpec };
  classes: Record<StatusClass, number>;
  buckets: Bucket[];
  tables: Record<TableName, Table>;
  slowest: GroupRow[];
  failing: GroupRow[];
  limits: {
    /** Rows without a status code (an older service): classed ok / error by their error reply. */
    withoutStatus: number;
    /** Rows whose request DTO was not stored, or only as a truncated preview: no project or record known. */
    dtoAbsent: number;
    dtoTruncated: number;
    oldestMs?: number;
    newestMs?: number;
  };
}

export const TABLE_ROWS = 500;
export const TREND_POINTS = 12;
