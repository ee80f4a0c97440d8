// Suppressing a cause as the operator does it: the use case above suppression (causes/) and the pick
// (daily-action/). Suppressing the current daily action chooses a replacement for the rest of the day at
// once, so integrators keep getting an action (the same one for everybody from that moment); lifting a
// suppression on a day left without one chooses the day's action at once too.
import type { Db } from '../../infra/prisma.js';
import { contentDay } from '../../time/berlin-calendar.js';
import { markCauseSuppressed, unsuppressCause, type SuppressionActor, type SuppressionOutcome } from '../causes/suppression.service.js';
import { claimStatus } from '../refresh/job-claim.js';
import { REFRESH_JOB_NAME } from '../refresh/refresh-result.js';
import { hasPickFor } from '../refresh/startup.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { storeDailyAction } from './daily-pick.service.js';

export async function suppressCause(
  prisma: Db,
  slug: string,
  reason: string,
  now: Date,
  generator: TextGenerator,
  actor: SuppressionActor = {},
): Promise<SuppressionOutcome> {
  const { outcome, removedPickDay } = await markCauseSuppressed(prisma, slug, reason, now, actor);
  if (removedPickDay !== null) {
    const pick = await storeDailyAction(prisma, generator, removedPickDay, now, null);
    outcome.replacement = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal };
  }
  return outcome;
}

/**
 * Lets the cause be chosen again. When the content day's refresh has run and left the day without a daily
 * action (every eligible cause was suppressed), the day's action is chosen now, not at the next catch-up
 * half a minute later, during which `/daily-action` would answer 503 with nothing to wait for.
 */
export async function unsuppressCauseAndPick(
  prisma: Db,
  slug: string,
  now: Date,
  generator: TextGenerator,
  actor: SuppressionActor = {},
): Promise<SuppressionOutcome> {
  const outcome = await unsuppressCause(prisma, slug, now, actor);
  if (!outcome.changed) return outcome;
  // the catch-up's condition for a re-pick (refresh-scheduler.ts), checked now instead of at its next tick
  const day = contentDay(now);
  const [picked, claim] = await Promise.all([hasPickFor(prisma, day), claimStatus(prisma, REFRESH_JOB_NAME, day)]);
  if (picked || claim !== 'succeeded') return outcome;
  const pick = await storeDailyAction(prisma, generator, day, now, null);
  outcome.replacement = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal };
  return outcome;
}
