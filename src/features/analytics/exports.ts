// The Analytics tables as sheets (Excel, and CSV where a table had none): the rows in the screen's order, counts as
// numbers, error rates as percentages, durations in milliseconds, times as date-times.
import type { StatusClass } from '../../api/requestLogReader/row';
import type { Sheet } from '../../ui/xlsx/sheet';
import type { Bucket, GroupRow } from './model/aggregate';
import type { SignInGroup } from './model/signins';

/** A breakdown (by operation, user, IP, status, project or record), sorted as on screen, every row. */
export function groupSheet(title: string, rows: GroupRow[], labelOf: (r: GroupRow) => string): Sheet {
  return {
    name: title,
    columns: [
      { header: 'Name', width: 40 },
      { header: 'Requests', kind: 'integer' },
      { header: 'Errors', kind: 'integer' },
      { header: 'Error rate', kind: 'percent' },
      { header: 'p50 ms', kind: 'ms' },
      { header: 'p95 ms', kind: 'ms' },
      { header: 'p99 ms', kind: 'ms' },
      { header: 'Trend' },
    ],
    rows: rows.map((r) => [
      labelOf(r),
      r.count,
      r.errors,
      r.errorRate,
      r.p50,
      r.p95,
      r.p99,
      r.trend.join(' '),
    ]),
  };
}

/** The charts' figures: a row per period with requests. */
export function bucketSheet(
  buckets: Bucket[],
  classes: StatusClass[],
  labels: Record<StatusClass, string>,
): Sheet {
  return {
    name: 'Requests per period',
    columns: [
      { header: 'Period from', kind: 'datetime' },
      { header: 'Requests', kind: 'integer' },
      ...classes.map((k) => ({ header: labels[k], kind: 'integer' as const })),
      { header: 'p50 ms', kind: 'ms' },
      { header: 'p95 ms', kind: 'ms' },
      { header: 'p99 ms', kind: 'ms' },
    ],
    rows: buckets.map((b) => [
      new Date(b.start),
      b.count,
      ...classes.map((k) => b.classes[k]),
      b.p50,
      b.p95,
      b.p99,
    ]),
  };
}

/** Failed sign-ins by the user name tried. */
export function signInSheet(groups: SignInGroup[]): Sheet {
  return {
    name: 'Failed sign-ins',
    columns: [
      { header: 'User name tried', width: 30 },
      { header: 'Failures', kind: 'integer' },
      { header: 'IP addresses', kind: 'integer' },
      { header: 'Last', kind: 'datetime' },
    ],
    rows: groups.map((g) => [g.name || '(no name logged)', g.count, g.ips, new Date(g.lastMs)]),
  };
}
