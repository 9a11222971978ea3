// Query options for meetings: the meeting (operation 18) and its minutes (operation 19), both by the meeting's
// folder id. Shared by the meeting screen and the project dashboard's work panel (same keys, one cache).
import { queryOptions } from '@tanstack/react-query';
import { call } from '../client';
import { requireFound } from '../errors';

export const meetingKeys = {
  all: ['meetings'] as const,
  details: () => [...meetingKeys.all, 'detail'] as const,
  detail: (folderId: number) => [...meetingKeys.details(), folderId] as const,
  minuteLists: () => [...meetingKeys.all, 'minutes'] as const,
  minutes: (folderId: number) => [...meetingKeys.minuteLists(), folderId] as const,
};

const MEETING_STALE_MS = 5 * 60_000;

export function meetingQuery(folderId: number) {
  return queryOptions({
    queryKey: meetingKeys.detail(folderId),
    queryFn: async ({ signal }) => {
      const { meeting } = await call('MeetingReadRequest', { folderId }, { signal });
      return requireFound(meeting, `Meeting ${folderId}`);
    },
    staleTime: MEETING_STALE_MS,
  });
}

export function meetingMinutesQuery(folderId: number) {
  return queryOptions({
    queryKey: meetingKeys.minutes(folderId),
    queryFn: async ({ signal }) => {
      const reply = await call('MeetingMinutesReadByMeetingRequest', { folderId }, { signal });
      return reply.meetingMinuteList ?? [];
    },
    staleTime: MEETING_STALE_MS,
  });
}
