// A daily report as three sheets (Excel; CSV one after the other): Weather (one row: the date, the report's
// facts and each observation), Manpower (the crews by trade, by subcontractor and union / open shop, with their totals, as the
// screen's three tables) and Activities (one row per activity, people and hours as numbers).
import type { DailyReport, DailyReportActivity } from '../../contract/dtos';
import type { Sheet, SheetValue } from '../../ui/xlsx/sheet';
import {
  formatCsi,
  subcontractorsOf,
  tradeCrew,
  TRADES,
  WEATHER_FIELDS,
  type Crew,
  type ManpowerTotals,
} from './model';

export function reportSheets(v: {
  day: string;
  author: string | undefined;
  report: DailyReport;
  activities: DailyReportActivity[];
  totals: ManpowerTotals;
}): Sheet[] {
  const { report, totals } = v;
  // One row: the report's facts and each observation, a column each (the date a date cell).
  const facts: Array<[string, SheetValue]> = [
    ['Author', v.author],
    ['Report period', report.reportPeriod],
    ...WEATHER_FIELDS.map(([key, label]): [string, SheetValue] => [label, report[key]]),
    ['Deliveries', report.meDeliveries],
    ['Issues', report.issues],
    ['Visitors', report.visitors],
  ];
  const crew = (group: string, name: string, c: Crew): SheetValue[] => [group, name, c.people, c.hours];
  const manpower: SheetValue[][] = [
    ...totals.byTrade.map((t) => crew('By trade', t.label, t)),
    crew('By trade', 'Own crews', totals.trades),
    ...totals.bySubcontractor.map((s) => crew('By subcontractor', s.name, s)),
    ...(totals.bySubcontractor.length
      ? [crew('By subcontractor', 'Subcontractors', totals.subcontractors)]
      : []),
    crew('Union / open shop', 'Union', totals.union),
    crew('Union / open shop', 'Open shop', totals.openShop),
    crew('Union / open shop', 'Total', totals.total),
  ];
  return [
    {
      name: 'Weather',
      columns: [{ header: 'Date', kind: 'date' }, ...facts.map(([header]) => ({ header }))],
      rows: [[v.day, ...facts.map(([, value]) => value)]],
    },
    {
      name: 'Manpower',
      columns: [
        { header: 'Table' },
        { header: 'Crew', width: 30 },
        { header: 'People', kind: 'integer' },
        { header: 'Hours', kind: 'number' },
      ],
      rows: manpower,
    },
    {
      name: 'Activities',
      columns: [
        { header: 'Contact', width: 30 },
        { header: 'Primary subcontractor' },
        { header: 'Location' },
        { header: 'CSI' },
        { header: 'CSI name' },
        ...TRADES.flatMap((t) => [
          { header: `${t.label} people`, kind: 'integer' as const },
          { header: `${t.label} hours`, kind: 'number' as const },
        ]),
        { header: 'Subcontractors', width: 40 },
        { header: 'Union', kind: 'boolean' },
        { header: '2-tier', kind: 'boolean' },
        { header: 'Description', width: 60 },
      ],
      rows: v.activities.map((a) => [
        a.contactString || (a.contact ? `User ${a.contact}` : undefined),
        a.primarySubc,
        a.location,
        formatCsi(a.csi),
        a.csiName,
        ...TRADES.flatMap((t) => {
          const c = tradeCrew(a, t);
          return [c.people, c.hours];
        }),
        subcontractorsOf(a)
          .map((s) => `${s.name}: ${s.people} / ${s.hours}`)
          .join('; '),
        !!a.isUnion,
        !!a.is2Tier,
        a.description,
      ]),
    },
  ];
}
