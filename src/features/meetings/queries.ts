// Meeting reads: the meeting (operation 18) and its minutes (operation 19), both by the meeting's folder id, so
// the loader sends them together. They live in src/api/queries/meetings.ts (the dashboard reads them too).
export { meetingKeys, meetingMinutesQuery, meetingQuery } from '../../api/queries/meetings';
