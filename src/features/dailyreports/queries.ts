// Daily report reads: the report with its folder (operation 8) and its activities (operation 9). Both need only
// the DailyReportId, so the loader sends them together.
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { requireFound } from '../../api/errors';

export const dailyReportKeys = {
  all: ['dailyReports'] as const,
  reports: () => [...dailyReportKeys.all, 'report'] as const,
  report: (dailyReportId: number) => [...dailyReportKeys.reports(), dailyReportId] as const,
  activityLists: () => [...dailyReportKeys.all, 'activities'] as const,
  activities: (dailyReportId: number) => [...dailyReportKeys.activityLists(), dailyReportId] as const,
};

/** Reports are written once and read many times: five minutes without a re-read. */
const REPORT_STALE_MS = 5 * 60_000;

export function dailyReportQuery(dailyReportId: number) {
  return queryOptions({
    queryKey: dailyReportKeys.report(dailyReportId),
    queryFn: async ({ signal }) => {
      const reply = await call('DailyReportGetRequest', { dailyReportId }, { signal });
      return {
        report: requireFound(reply.dailyReport, `Daily report ${dailyReportId}`),
        folder: reply.folder,
      };
    },
    staleTime: REPORT_STALE_MS,
  });
}

export function dailyReportActivitiesQuery(dailyReportId: number) {
  return queryOptions({
    queryKey: dailyReportKeys.activities(dailyReportId),
    queryFn: async ({ signal }) => {
      const reply = await call('DailyReportActivityReadByReportRequest', { dailyReportId }, { signal });
      return reply.dailyReportActivities ?? [];
    },
    staleTime: REPORT_STALE_MS,
  });
}
