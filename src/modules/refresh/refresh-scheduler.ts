// Catch-up beside the 02:00 schedule, every few minutes: when the current content day has no succeeded
// refresh (the process was down at 02:00, the run failed or was cut off), the refresh runs; the day's
// claim keeps this from running it twice. When the refresh succeeded but the day has no daily action
// (no cause was eligible then, or a suppression was interrupted before it chose a replacement), the
// pick alone is tried again, in this process.
import type { Db } from '../../infra/prisma.js';
import type { JobOutcome } from './job-runner.js';
import { hasPickFor } from './startup.js';
import { contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { REFRESH_JOB_NAME } from './refresh-result.js';
import { systemClock } from '../../time/clock.js';
import { failedRefreshesOfDay } from '../../sql/job-run.js';
import { readThroughPrisma } from '../../infra/small-read.js';

/**
 * The check is cheap (one row read): often enough that the day of a run whose process died is taken
 * over at most its lease (REFRESH_LEASE_MS, 60 s) + CATCH_UP_EVERY_MS (90 s in all) after its last heartbeat.
 */
export const CATCH_UP_EVERY_MS = 30_000;
/** The longest a dead run's day waits for another process to take it over. */

export interface CatchUpOptions {
  prisma: Db;
  refresh: () => Promise<JobOutcome>;
  repick: (now: Date) => Promise<unknown>;
  log: { info(message: string): void; warn(message: string): void };
}

/** Waits between refresh attempts of one content day after failures: doubling, capped, with jitter. */
export const RETRY_BACKOFF = { firstMs: 60_000, maxMs: 60 * 60_000 } as const;

/** The refresh attempts of the current content day that failed in this process, and when to try again. */
export interface RetryState {
  day: string;
  failures: number;
  /** no attempt before this instant (ms since the epoch) */
  notBefore: number;
}

/** The instant (ms) before which no attempt follows the n-th failure of a day, counted from `fromMs`. */
function waitAfter(failures: number, fromMs: number, random: () => number): number {
  const full = Math.min(RETRY_BACKOFF.maxMs, RETRY_BACKOFF.firstMs * 2 ** (failures - 1));
  return fromMs + Math.round(full / 2 + (random() * full) / 2);
}

/**
 * After the n-th failure of a day the next attempt waits between half and all of firstMs · 2^(n−1),
 * at most maxMs ("equal jitter": replicas that failed together do not retry together). A new content
 * day starts again from no failures.
 */
export function afterFailure(state: RetryState | undefined, now: Date, random: () => number = Math.random): RetryState {
  const day = contentDay(now);
  const failures = state?.day === day ? state.failures + 1 : 1;
  return { day, failures, notBefore: waitAfter(failures, now.getTime(), random) };
}

/**
 * The day's failed attempts as the database recorded them (failed runs; a run whose process died is
 * recorded failed, "abandoned", by the run that takes its day over, so it counts from then on), so that a
 * process that starts after a crash, or another replica, waits as the one that saw the failures would
 * have: a refresh that crashes its process is not retried into the same crash at every start. A dead
 * run not yet taken over does not count: its day is taken over within the lease and a check, as always.
 * Null when the day has none.
 */
export async function recordedFailures(prisma: Db, now: Date, random: () => number = Math.random): Promise<RetryState | null> {
  const day = contentDay(now);
  const row = await failedRefreshesOfDay(readThroughPrisma(prisma), day);
  if (row.failures === 0 || !row.last) return null;
  return { day, failures: row.failures, notBefore: waitAfter(row.failures, row.last.getTime(), random) };
}

/** True when a refresh may be attempted now: no failure today, or the wait after the last one is over. */
export function mayAttempt(state: RetryState | undefined, now: Date): boolean {
  return !state || state.day !== contentDay(now) || now.getTime() >= state.notBefore;
}

/** Whether a job outcome is a refresh that failed (the worker failed, or it reported a failed run). */
export function refreshFailed(outcome: JobOutcome): boolean {
  return !outcome.ok || outcome.result.status === 'failed';
}

/** One line on a refresh outcome, the same at start-up and in the catch-up. */
export function describeOutcome(day: string, outcome: JobOutcome): string {
  if (!outcome.ok) return `refresh for ${day}: failed: ${outcome.error}`;
  const { result } = outcome;
  return `refresh for ${day}: ${result.status}${result.error ? `: ${result.error}` : ''}`;
}

/**
 * One catch-up check at `now`; the start-up runs it once before serving. `retry` is this process's
 * record of the day's failed attempts: while it says wait, no refresh is started.
 */
export async function catchUpOnce(
  options: CatchUpOptions,
  now: Date,
  retry?: { state: RetryState | undefined },
  random?: () => number,
): Promise<JobOutcome | null> {
  const day = contentDay(now);
  const claim = await options.prisma.jobClaim.findUnique({
    where: { job_day: { job: REFRESH_JOB_NAME, day: dateToDb(day) } },
    select: { status: true, leaseUntil: true },
  });
  // A run that holds a live lease is working (here or in another process): no worker is started for it.
  if (claim?.status === 'running' && claim.leaseUntil > now) return null;
  if (claim?.status !== 'succeeded') {
    // A process that has not seen today's failures itself takes them from the record of runs.
    if (retry && retry.state?.day !== day) {
      const recorded = await recordedFailures(options.prisma, now, random);
      if (recorded && now.getTime() < recorded.notBefore) {
        options.log.warn(
          `refresh for ${day}: ${recorded.failures} failed ${recorded.failures === 1 ? 'attempt' : 'attempts'} recorded today; next attempt not before ${new Date(recorded.notBefore).toISOString()}`,
        );
      }
      retry.state = recorded ?? undefined;
    }
    if (retry && !mayAttempt(retry.state, now)) return null;
    const outcome = await options.refresh();
    if (refreshFailed(outcome)) {
      if (retry) retry.state = afterFailure(retry.state, now, random);
      const next = retry?.state ? `; next attempt not before ${new Date(retry.state.notBefore).toISOString()} (failure ${retry.state.failures} today)` : '';
      options.log.warn(`${describeOutcome(day, outcome)}${next}`);
    } else {
      if (retry) retry.state = undefined;
      options.log.info(describeOutcome(day, outcome));
    }
    return outcome;
  }
  if (!(await hasPickFor(options.prisma, day))) await options.repick(now);
  return null;
}

export function startCatchUp(options: CatchUpOptions, retry: { state: RetryState | undefined } = { state: undefined }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await catchUpOnce(options, systemClock(), retry);
    } catch (error) {
      options.log.warn(`catch-up refresh failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), CATCH_UP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
