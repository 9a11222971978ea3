// What the request log's query (operation 20) and its admin screen must agree on: paging bounds and the names of
// the three tracking switches (request properties, and the keys of `ResponseStatus.Meta` that report them).

/** Rows a query returns when it sends no `Take`. */
export const DEFAULT_TAKE = 100;
/** The largest `Take`; the service answers 400 `TooMany` past it, the console caps the URL's value to it. */
export const MAX_TAKE = 10_000;
/** At most this many `Ids` in one query (400 `TooMany` past it; a long list would also pass SQLite's limit). */
export const MAX_IDS = 1_000;

/** The tracking switches, in the order the console shows them. */
export const TRACKING_FLAGS = [
  'enableErrorTracking',
  'enableResponseTracking',
  'enableSessionTracking',
] as const;

export type TrackingFlag = (typeof TRACKING_FLAGS)[number];

export type Tracking = Record<TrackingFlag, boolean>;

/** The reference service's switches when it starts (until an admin changes them, or its settings do). */
export const DEFAULT_TRACKING: Tracking = {
  enableSessionTracking: false,
  enableResponseTracking: false,
  enableErrorTracking: true,
};
