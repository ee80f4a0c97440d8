// When a failed delivery is tried again: the waits of Standard Webhooks' reference schedule, each
// lengthened by up to a fifth at random, so that endpoints that failed together are not retried together.

/**
 * Seconds to wait after the 1st, 2nd, … failed attempt (WEBHOOK_RETRY_SCHEDULE): 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h. Eight attempts over at least 27 h 35 min; after the last one fails the endpoint is disabled.
 */
export const WEBHOOK_RETRY_SCHEDULE_S: readonly number[] = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** At most this share of a wait is added at random. */
export const RETRY_JITTER = 0.2;

/**
 * When the attempt after `failedAttempts` failures is due, counted from `now`; null when the schedule has
 * run out (the delivery has failed for good).
 */
export function nextAttemptAt(failedAttempts: number, now: Date, schedule: readonly number[], random: () => number = Math.random): Date | null {
  const waitS = schedule[failedAttempts - 1];
  if (waitS === undefined) return null;
  return new Date(now.getTime() + Math.round(waitS * 1000 * (1 + RETRY_JITTER * random())));
}

/** Parses WEBHOOK_RETRY_SCHEDULE ("5,300,1800"): whole seconds from 1 to a week, at least one. */
export function parseRetrySchedule(value: string): number[] | null {
  const parts = value.split(',').map((part) => part.trim());
  if (!parts.length || parts.some((part) => !/^[1-9]\d{0,5}$/.test(part) || Number(part) > 604_800)) return null;
  return parts.map(Number);
}
