// Pure logic of the daily-report screen: which report a day addresses, previous / next, weather, and the
// manpower totals (people and hours by trade, by subcontractor, union vs open shop).
import { containerOfKind, folderKind, type AppConfig } from '../../config/config';
import { routes, reportDay } from '../../routes/routes';
import type { DailyReport, DailyReportActivity, Folder } from '../../contract/dtos';

// ---- which report -------------------------------------------------------------------------------------

export interface ReportEntry {
  folder: Folder;
  /** YYYY-MM-DD */
  day: string;
  /** The DailyReportId (the folder's FolderReferenceId). */
  reportId: number;
  /** The first report of its day: addressed by the day alone; others add `?report=<folderId>`. */
  first: boolean;
}

/**
 * A real calendar day written as `YYYY-MM-DD` (what a report's address carries): month 1–12 and a day the month
 * has (Feb 29 only in leap years), so `2026-13-45` or `2026-02-30` is the route's 404, never another day.
 */
export function isDay(value: string | undefined): value is string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return false;
  const [y, month, d] = m.slice(1).map(Number);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/**
 * The project's daily reports in day order (reports of the same day keep the service's order). Folders of another
 * kind, without a report id or without a readable day are left out.
 */
export function reportEntries(children: Folder[], config: AppConfig): ReportEntry[] {
  const list = children.flatMap((folder) => {
    const kind = folderKind(config, folder);
    const day = reportDay(folder);
    const reportId = folder.folderReferenceId;
    return kind === 'dailyReport' && day && reportId && reportId > 0 ? [{ folder, day, reportId }] : [];
  });
  list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)); // stable: same-day order kept
  return list.map((e, i) => ({ ...e, first: i === 0 || list[i - 1].day !== e.day }));
}

/** The report a URL addresses: the day's report chosen by `?report=<folderId>`, else the day's first. */
export function findEntry(
  entries: ReportEntry[],
  day: string | undefined,
  reportFolderId?: number,
): ReportEntry | undefined {
  const ofDay = entries.filter((e) => e.day === day);
  return ofDay.find((e) => e.folder.folderId === reportFolderId) ?? ofDay[0];
}

export function entryPath(projectId: number, containerId: number, entry: ReportEntry): string {
  return routes.dailyReport.href(
    projectId,
    containerId,
    entry.day,
    entry.first ? undefined : entry.folder.folderId,
  );
}

/** The project's Daily Reports container among its containers (the first by the service's order). */
export function findReportsContainer(containers: Folder[], config: AppConfig): Folder | undefined {
  return containerOfKind(config, containers, 'dailyReports');
}

/**
 * Whether the folder a URL names is a Daily Reports container of the project (a folder that tells no project is
 * taken at its word: the id was in a link the console made).
 */
export function isReportsContainerOf(folder: Folder, projectId: number, config: AppConfig): boolean {
  return (
    folderKind(config, folder) === 'dailyReports' &&
    (folder.folderProjectId === undefined || folder.folderProjectId === projectId)
  );
}

export function neighbours(entries: ReportEntry[], entry: ReportEntry) {
  const i = entries.indexOf(entry);
  return { previous: i > 0 ? entries[i - 1] : undefined, next: i >= 0 ? entries[i + 1] : undefined };
}

/** For a day without a report: the closest reports before and after it. */
export function nearest(entries: ReportEntry[], day: string) {
  const before = entries.filter((e) => e.day < day);
  return { before: before[before.length - 1], after: entries.find((e) => e.day > day) };
}

/** "Friday, October 30, 2026" for 2026-10-30 (the day does not move with the time zone). */
export function dayLabel(day: string, style: 'full' | 'medium' = 'full', locale?: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

// ---- header and weather -------------------------------------------------------------------------------

/** The author's name: the report folder's creator when that is the author, else the user id. */
export function authorName(report: DailyReport, folder: Folder | undefined): string | undefined {
  if (report.author === undefined || report.author === 0) return folder?.createdByFullName;
  if (folder?.createdBy === report.author && folder.createdByFullName) return folder.createdByFullName;
  return `User ${report.author}`;
}

export const WEATHER_FIELDS = [
  ['temperature', 'Temperature'],
  ['precipitation', 'Precipitation'],
  ['sky', 'Sky'],
  ['wind', 'Wind'],
  ['humidity', 'Humidity'],
  ['pressure', 'Pressure'],
  ['visibility', 'Visibility'],
  ['cloudcover', 'Cloud cover'],
  ['observationTime', 'Observation time'],
  ['units', 'Units'],
] as const satisfies ReadonlyArray<readonly [keyof DailyReport, string]>;

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Whether any observation was recorded (units and observation time alone are not weather). */
export function hasWeather(report: DailyReport): boolean {
  return WEATHER_FIELDS.some(([k]) => k !== 'units' && k !== 'observationTime' && filled(report[k]));
}

/** CSI section as the service's int (33000) → "03 30 00". */
export function formatCsi(csi: number | undefined): string | undefined {
  if (csi === undefined || !Number.isInteger(csi) || csi <= 0) return undefined;
  const s = String(csi).padStart(6, '0');
  return s.length === 6 ? `${s.slice(0, 2)} ${s.slice(2, 4)} ${s.slice(4)}` : s;
}

// ---- manpower -----------------------------------------------------------------------------------------

export interface Crew {
  people: number;
  hours: number;
}

export const TRADES = [
  { key: 'foreman', label: 'Foreman', people: 'peopleForeman', hours: 'hoursForeman' },
  { key: 'tradesman', label: 'Tradesmen', people: 'peopleTradesman', hours: 'hoursTradesman' },
  { key: 'laborers', label: 'Laborers', people: 'peopleLaborers', hours: 'hoursLaborers' },
  { key: 'apprentice', label: 'Apprentices', people: 'peopleApprentice', hours: 'hoursApprentice' },
] as const;

export type TradeKey = (typeof TRADES)[number]['key'];

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** Hours are decimals: sums are rounded to cents of an hour so 0.1 + 0.2 shows as 0.3. */
const round = (v: number) => Math.round(v * 100) / 100;
const add = (a: Crew, b: Crew): Crew => ({ people: a.people + b.people, hours: round(a.hours + b.hours) });
const none = (): Crew => ({ people: 0, hours: 0 });

export function tradeCrew(a: DailyReportActivity, trade: (typeof TRADES)[number]): Crew {
  return { people: n(a[trade.people]), hours: round(n(a[trade.hours])) };
}

export interface SubcontractorCrew extends Crew {
  name: string;
}

/** Up to four subcontractor crews of an activity; a crew with people or hours but no name is "Unnamed". */
export function subcontractorsOf(a: DailyReportActivity): SubcontractorCrew[] {
  const slots = [
    [a.subc1Name, a.subc1People, a.subc1Hours],
    [a.subc2Name, a.subc2People, a.subc2Hours],
    [a.subc3Name, a.subc3People, a.subc3Hours],
    [a.subc4Name, a.subc4People, a.subc4Hours],
  ] as const;
  return slots.flatMap(([name, people, hours]) => {
    const label = name?.trim();
    if (!label && !n(people) && !n(hours)) return [];
    return [{ name: label || 'Unnamed subcontractor', people: n(people), hours: round(n(hours)) }];
  });
}

/** Everyone an activity put on site: its own four trades plus its subcontractor crews. */
export function activityCrew(a: DailyReportActivity): Crew {
  return [...TRADES.map((t) => tradeCrew(a, t)), ...subcontractorsOf(a)].reduce(add, none());
}

export interface ManpowerTotals {
  byTrade: Array<Crew & { key: TradeKey; label: string }>;
  /** The four trades together (the activities' own crews). */
  trades: Crew;
  /** By name (the same subcontractor on several activities is one row), by name order. */
  bySubcontractor: SubcontractorCrew[];
  subcontractors: Crew;
  /** Activities flagged IsUnion (their trades and their subcontractors); open shop = the others. */
  union: Crew;
  openShop: Crew;
  total: Crew;
}

export function manpowerTotals(activities: DailyReportActivity[]): ManpowerTotals {
  const byTrade = TRADES.map((t) => ({
    key: t.key,
    label: t.label,
    ...activities.map((a) => tradeCrew(a, t)).reduce(add, none()),
  }));
  const subs = new Map<string, SubcontractorCrew>();
  let union = none();
  let openShop = none();
  for (const a of activities) {
    for (const s of subcontractorsOf(a)) {
      const key = s.name.toLocaleLowerCase();
      const was = subs.get(key);
      subs.set(key, was ? { name: was.name, ...add(was, s) } : s);
    }
    if (a.isUnion) union = add(union, activityCrew(a));
    else openShop = add(openShop, activityCrew(a));
  }
  const bySubcontractor = [...subs.values()].sort((a, b) => a.name.localeCompare(b.name));
  const trades = byTrade.reduce<Crew>(add, none());
  const subcontractors = bySubcontractor.reduce<Crew>(add, none());
  return {
    byTrade,
    trades,
    bySubcontractor,
    subcontractors,
    union,
    openShop,
    total: add(trades, subcontractors),
  };
}

/** "8 h", "7.5 h" */
export const hoursText = (hours: number) =>
  `${hours.toLocaleString(undefined, { maximumFractionDigits: 2 })} h`;
