// Catch-up beside the 02:00 schedule, every few minutes: when the current content day has no succeeded
// refresh (the process was down at 02:00, the run failed or was cut off), the refresh runs; the day's
// claim keeps this from running it twice. When the refresh succeeded but the day has no daily action
// (no cause was eligible then, or a suppression was interrupted before it chose a replacement), the
// pick alone is tried again, in this process.
import type { Db } from '../../infra/prisma.js';
import type { JobOutcome } from './job-runner.js';
import { hasPickFor } from './startup.js';
import { contentDay, dateToDb } from '../causes/berlin-calendar.js';
import { CLAIM_LEASE_MS } from './job-claim.js';
import { REFRESH_JOB_NAME } from './refresh.service.js';

/**
 * The check is cheap (one row read): often enough that the day of a run whose process died is taken
 * over at most CLAIM_LEASE_MS + CATCH_UP_EVERY_MS (90 s) after its last heartbeat.
 */
export const CATCH_UP_EVERY_MS = 30_000;
/** The longest a dead run's day waits for another process to take it over. */
export const TAKEOVER_BOUND_MS = CLAIM_LEASE_MS + CATCH_UP_EVERY_MS;

export interface CatchUpOptions {
  prisma: Db;
  refresh: () => Promise<JobOutcome>;
  repick: (now: Date) => Promise<unknown>;
  log: { info(message: string): void; warn(message: string): void };
}

/** One catch-up check at `now`; the start-up runs it once before serving. */
export async function catchUpOnce(options: CatchUpOptions, now: Date): Promise<JobOutcome | null> {
  const day = contentDay(now);
  const claim = await options.prisma.jobClaim.findUnique({
    where: { job_day: { job: REFRESH_JOB_NAME, day: dateToDb(day) } },
    select: { status: true, leaseUntil: true },
  });
  // A run that holds a live lease is working (here or in another process): no worker is started for it.
  if (claim?.status === 'running' && claim.leaseUntil > now) return null;
  if (claim?.status !== 'succeeded') {
    const outcome = await options.refresh();
    options.log.info(`refresh for ${day}: ${outcome.ok ? outcome.result.status : `failed: ${outcome.error}`}`);
    return outcome;
  }
  if (!(await hasPickFor(options.prisma, day))) await options.repick(now);
  return null;
}

export function startCatchUp(options: CatchUpOptions) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await catchUpOnce(options, new Date());
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
