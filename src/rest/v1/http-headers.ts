// The caching and rate-limit headers integrators rely on (docs/integrating.md "Headers").
import { nextServingChange } from '../../time/berlin-calendar.js';

/**
 * A client may keep a 200 this long at most. Content otherwise changes only at Berlin midnight and at
 * 02:00, but an operator's suppression changes the daily action at once: five minutes bounds how long a
 * suppressed cause can still be shown, and an If-None-Match revalidation after that costs a 304.
 */
export const CACHE_MAX_AGE_SECONDS = 300;

/** Seconds a 200 served at `now` may be kept: never past the next change of day. */
export function cacheMaxAge(now: Date): number {
  const untilChange = Math.floor((nextServingChange(now).getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(CACHE_MAX_AGE_SECONDS, untilChange));
}
