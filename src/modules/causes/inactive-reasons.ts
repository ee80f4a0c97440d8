// The reasons the service itself gives a cause it ends (Cause.inactiveReason), declared once: the import
// writes them, and the incremental sync and the 410 of an ended cause read them back as `removed` and
// `expired` (src/sql/cause.ts). Any other reason is the source's own words (it closed the action).
export const INACTIVE_REASONS = {
  /** the cause's source no longer lists it */
  leftTheFeed: 'left the feed',
  /** its deadline is before the content day */
  deadlinePassed: 'deadline passed',
} as const;
