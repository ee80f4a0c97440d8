// Catch-up beside the 02:00 schedule, every few minutes: when the current content day has no succeeded
// refresh (the process was down at 02:00, the run failed or was cut off), the refresh runs; the day's
// claim keeps this from running it twice. When the refresh succeeded but the day has no daily action
// (no cause was eligible then, or a suppression was interrupted before it chose a replacement), the
// pick alone is tried again, in this process.
import type { Db } from '../../infra/prisma.js';
import { contentDay } from '../causes/berlin-calendar.js';
import type { JobOutcome } from './job-runner.js';
import { hasPickFor } from './startup.js';
import { claimStatus } from './job-claim.js';
import { REFRESH_JOB_NAME } from './refresh.service.js';

export const CATCH_UP_EVERY_MS = 5 * 60_000;

export interface CatchUpOptions {
  prisma: Db;
  refresh: () => Promise<JobOutcome>;
  repick: (now: Date) => Promise<unknown>;
  log: { info(message: string): void; warn(message: string): void };
}

/** One catch-up check at `now`; the start-up runs it once before serving. */
export async function catchUpOnce(options: CatchUpOptions, now: Date): Promise<JobOutcome | null> {
  const day = contentDay(now);
  if ((await claimStatus(options.prisma, REFRESH_JOB_NAME, day)) !== 'succeeded') {
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
