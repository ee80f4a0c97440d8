// "No action available today." is a matter of seconds while the content day's refresh is still to come or
// running (at start-up, and just after 02:00), and of the whole day once it ran and chose nothing. REST and
// /graphql say which with the same Retry-After.
import type { SmallRead } from '../../infra/small-read.js';
import { lastRefreshOfDay } from '../../sql/job-run.js';

/** Retry-After of "No action available today." while the day's refresh is still to come or running. */
export const PICK_PENDING_RETRY_AFTER_S = 5;
/** How long the answer to "is the day's pick still to come?" is remembered. */
export const PICK_PENDING_MEMO_MS = 1000;

export type PickPendingCheck = (day: string) => Promise<boolean>;

/**
 * Is the content day's pick still to come (its refresh has not run yet, or is running)? Asked only for
 * that 503 and remembered for `memoMs` (a second), so a crowd of clients costs one query a second. A
 * failed read says no (the 503 then goes without Retry-After).
 */
export function pickPendingCheck(read: SmallRead, memoMs = PICK_PENDING_MEMO_MS): PickPendingCheck {
  let memo: { day: string; until: number; pending: Promise<boolean> } | undefined;
  return (day) => {
    // a rate bound on queries, so measured on the monotonic clock, not on the content clock
    const nowMs = performance.now();
    if (memo?.day === day && nowMs < memo.until) return memo.pending;
    const pending = lastRefreshOfDay(read, day).then(
      (run) => !run || run.status === 'running',
      () => false,
    );
    memo = { day, until: nowMs + memoMs, pending };
    return pending;
  };
}
