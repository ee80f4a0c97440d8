// Suppressing a cause as the operator does it: the use case above suppression (causes/) and the pick
// (daily-action/). Suppressing the current daily action chooses a replacement for the rest of the day at
// once, so integrators keep getting an action (the same one for everybody from that moment).
import type { Db } from '../../infra/prisma.js';
import { markCauseSuppressed, type SuppressionActor, type SuppressionOutcome } from '../causes/suppression.service.js';
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
