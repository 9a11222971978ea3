// Daily reports: a report with its folder, and the activities of a report.
import type { DailyReport, DailyReportActivity } from '../../src/contract/dtos';
import { ServiceError, type Handler, type HandlerContext } from '../handler';
import { clean, date, requireId, stmt } from './common';
import { folderBase, loadFolder, toFolder } from './folder-rows';

interface ReportRow {
  id: number;
  folder_id: number;
  report_period: string | null;
  temperature: string | null;
  precipitation: string | null;
  sky: string | null;
  wind: string | null;
  me_deliveries: string | null;
  issues: string | null;
  visitors: string | null;
  dated_ms: number | null;
  author: number | null;
  humidity: string | null;
  pressure: string | null;
  visibility: string | null;
  cloudcover: string | null;
  observation_time: string | null;
  units: string | null;
  unit_description: string | null;
  cc_user_list: string | null;
}

function loadReport(ctx: HandlerContext, id: number): ReportRow {
  const row = stmt(ctx.db, 'SELECT * FROM daily_reports WHERE id = ?').get(id) as ReportRow | undefined;
  if (!row) throw ServiceError.notFound(`Daily report ${id} was not found.`);
  return row;
}

export const dailyReportGet: Handler<'DailyReportGetRequest'> = (req, ctx) => {
  const r = loadReport(ctx, requireId(req.dailyReportId, 'dailyReportId'));
  const folder = loadFolder(ctx, r.folder_id, ['dailyReport'], 'Daily report');
  const dailyReport = clean<DailyReport>({
    folderId: folder.id,
    folderParentId: folder.parent_id,
    folderProject: folder.project_id,
    folderName: folder.name,
    folderDescription: folder.description,
    dailyReportId: r.id,
    reportPeriod: r.report_period,
    temperature: r.temperature,
    precipitation: r.precipitation,
    sky: r.sky,
    wind: r.wind,
    meDeliveries: r.me_deliveries,
    issues: r.issues,
    visitors: r.visitors,
    dated: date(r.dated_ms),
    author: r.author,
    humidity: r.humidity,
    pressure: r.pressure,
    visibility: r.visibility,
    cloudcover: r.cloudcover,
    observationTime: r.observation_time,
    units: r.units,
    unitDescription: r.unit_description,
    ccUserList: r.cc_user_list,
    ...folderBase(ctx.user, folder),
  });
  return { dailyReport, folder: toFolder(folder, ctx.user) };
};

/** Activities of a report, by CSI code then entry order. */
export const dailyReportActivityReadByReport: Handler<'DailyReportActivityReadByReportRequest'> = (
  req,
  ctx,
) => {
  const report = loadReport(ctx, requireId(req.dailyReportId, 'dailyReportId'));
  const rows = stmt(
    ctx.db,
    `SELECT a.id AS dailyReportActivityId, a.contact, a.location,
       a.people_foreman AS peopleForeman, a.hours_foreman AS hoursForeman,
       a.people_tradesman AS peopleTradesman, a.hours_tradesman AS hoursTradesman,
       a.people_laborers AS peopleLaborers, a.hours_laborers AS hoursLaborers,
       a.people_apprentice AS peopleApprentice, a.hours_apprentice AS hoursApprentice,
       a.subc1_name AS subc1Name, a.subc1_people AS subc1People, a.subc1_hours AS subc1Hours,
       a.subc2_name AS subc2Name, a.subc2_people AS subc2People, a.subc2_hours AS subc2Hours,
       a.subc3_name AS subc3Name, a.subc3_people AS subc3People, a.subc3_hours AS subc3Hours,
       a.subc4_name AS subc4Name, a.subc4_people AS subc4People, a.subc4_hours AS subc4Hours,
       a.is_union AS isUnion, a.is_2tier AS is2Tier, a.primary_subc AS primarySubc,
       a.csi, a.csi_name AS csiName,
       CASE WHEN u.id IS NULL THEN NULL
         ELSE u.first_name || ' ' || u.last_name || coalesce(' (' || u.company || ')', '') END AS contactString,
       a.daily_report_id AS dailyReportId, a.description
     FROM daily_report_activities a LEFT JOIN users u ON u.id = a.contact
     WHERE a.daily_report_id = ? ORDER BY a.csi, a.id`,
  ).all(report.id) as (Record<string, unknown> & { isUnion: number; is2Tier: number })[];
  const dailyReportActivities = rows.map((r) =>
    clean<DailyReportActivity>({ ...r, isUnion: r.isUnion !== 0, is2Tier: r.is2Tier !== 0 }),
  );
  return { dailyReportActivities };
};
