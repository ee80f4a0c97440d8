// Catch-up beside the 02:00 schedule: every few minutes, when the current content day still has no
// daily action (the process was down at 02:00, the run failed, or the night the clocks go forward had
// no 02:00), the refresh runs. The day's claim keeps this from running it twice.
import type { Db } from '../../infra/prisma.js';
import { contentDay } from '../causes/berlin-calendar.js';
import type { JobOutcome } from './job-runner.js';
import { hasPickFor } from './startup.js';

export const CATCH_UP_EVERY_MS = 5 * 60_000;

export function startCatchUp(options: {
  prisma: Db;
  refresh: () => Promise<JobOutcome>;
  log: { info(message: string): void; warn(message: string): void };
  clock?: () => Date;
}) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const day = contentDay((options.clock ?? (() => new Date()))());
      if (!(await hasPickFor(options.prisma, day))) {
        const outcome = await options.refresh();
        options.log.info(`catch-up refresh for ${day}: ${outcome.ok ? outcome.result.status : `failed: ${outcome.error}`}`);
      }
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
