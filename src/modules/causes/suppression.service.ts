// Operator suppression: a suppressed cause stays in the list with its score but is never the daily
// action. Suppressing the current daily action chooses a replacement for the rest of the day at once, so
// integrators keep getting an action (the same one for everybody from that moment).
import type { Db } from '../../infra/prisma.js';
import { contentDay, dateToDb } from './berlin-calendar.js';
import { storeDailyAction } from '../daily-action/daily-pick.service.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { bumpContentVersion } from '../serving/content-version.js';

export class UnknownCauseError extends Error {
  constructor(slug: string) {
    super(`No cause with the slug "${slug}".`);
  }
}

export interface SuppressionOutcome {
  slug: string;
  changed: boolean;
  /** set when the cause was the current daily action: the replacement, or null when none is eligible */
  replacement?: { slug: string; scoreTotal: number } | null;
}

export async function suppressCause(
  prisma: Db,
  slug: string,
  reason: string,
  now: Date,
  generator: TextGenerator,
): Promise<SuppressionOutcome> {
  const cause = await prisma.cause.findUnique({ where: { slug }, select: { id: true, suppressed: true } });
  if (!cause) throw new UnknownCauseError(slug);
  const day = contentDay(now);
  // One transaction: API processes must never see the new version without the pick removed.
  const [, { count }] = await prisma.$transaction([
    prisma.cause.update({ where: { id: cause.id }, data: { suppressed: true, suppressedReason: reason, suppressedAt: now } }),
    prisma.dailyPick.deleteMany({ where: { day: dateToDb(day), causeId: cause.id } }),
    bumpContentVersion(prisma),
  ]);
  const outcome: SuppressionOutcome = { slug, changed: !cause.suppressed };
  if (count) {
    const pick = await storeDailyAction(prisma, generator, day, now, null);
    outcome.replacement = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal };
  }
  return outcome;
}

export async function unsuppressCause(prisma: Db, slug: string): Promise<SuppressionOutcome> {
  const cause = await prisma.cause.findUnique({ where: { slug }, select: { id: true, suppressed: true } });
  if (!cause) throw new UnknownCauseError(slug);
  await prisma.$transaction([
    prisma.cause.update({ where: { id: cause.id }, data: { suppressed: false, suppressedReason: null, suppressedAt: null } }),
    bumpContentVersion(prisma),
  ]);
  return { slug, changed: cause.suppressed };
}
