// Runs the refresh when a new content day (02:00 Europe/Berlin) has no daily action yet. Checking every
// minute instead of firing once at 02:00 also catches up after downtime or a failed run; the pick is
// stored once per day, so several processes checking at once choose one cause.
import type { Db } from '../../infra/prisma.js';
import { contentDay } from '../causes/berlin-calendar.js';
import type { SourceConfig } from '../sources/sources-config.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { runRefresh, type RefreshLog } from './refresh.service.js';
import { hasPickFor } from './startup.js';

const CHECK_EVERY_MS = 60_000;

export function startRefreshScheduler(options: { prisma: Db; sources: SourceConfig[]; generator: TextGenerator; log: RefreshLog }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      if (!(await hasPickFor(options.prisma, contentDay(now)))) {
        const result = await runRefresh({ ...options, now, trigger: 'schedule' });
        options.log.info(`scheduled refresh for ${result.day}: ${result.status}, pick ${result.pick?.slug ?? 'none'}`);
      }
    } catch (error) {
      options.log.warn(`scheduled refresh failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
