// Operator suppression: a suppressed cause stays in the list with its score but is never the daily
// action. Suppressing the current daily action also removes it as the day's pick; choosing the
// replacement is the daily action's job (daily-action/suppress-cause.service.ts, the use case the
// operator commands call), so this module knows nothing of picking. Every change is also kept as a
// SuppressionEvent (the cause holds only the current state), in the same transaction.
import type { Db } from '../../infra/prisma.js';
import { contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { UnknownCauseError } from './unknown-cause-error.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { recordCauseChanges } from './cause-changes.service.js';

export interface SuppressionOutcome {
  slug: string;
  changed: boolean;
  /** set when the cause was the current daily action: the replacement, or null when none is eligible */
  replacement?: { slug: string; scoreTotal: number } | null;
}

export interface SuppressedCause {
  outcome: SuppressionOutcome;
  /** the content day whose daily action the cause was and no longer is (a replacement is due), else null */
  removedPickDay: string | null;
}

/** Who changed a suppression, when the operator says so (recorded in the event's `by`). */
export interface SuppressionActor {
  by?: string | null;
}

/**
 * Marks the cause suppressed and, when it is the daily action of the content day of `now`, removes that
 * pick. Suppressing it again records another event: its reason and time are replaced.
 */
export async function markCauseSuppressed(prisma: Db, slug: string, reason: string, now: Date, actor: SuppressionActor = {}): Promise<SuppressedCause> {
  const cause = await prisma.cause.findUnique({ where: { slug }, select: { id: true, suppressed: true } });
  if (!cause) throw new UnknownCauseError(slug);
  const day = contentDay(now);
  // One transaction: API processes must never see the new version without the pick removed.
  const [, { count }] = await prisma.$transaction([
    prisma.cause.update({ where: { id: cause.id }, data: { suppressed: true, suppressedReason: reason, suppressedAt: now } }),
    prisma.dailyPick.deleteMany({ where: { day: dateToDb(day), causeId: cause.id } }),
    prisma.suppressionEvent.create({ data: { causeId: cause.id, action: 'suppress', reason, at: now, by: actor.by ?? null } }),
    bumpContentVersion(prisma),
  ]);
  await recordCauseChanges(prisma, now);
  return { outcome: { slug, changed: !cause.suppressed }, removedPickDay: count ? day : null };
}

/** Lets the cause be chosen again; an event is recorded only when it was suppressed (else nothing changed). */
export async function unsuppressCause(prisma: Db, slug: string, now: Date, actor: SuppressionActor = {}): Promise<SuppressionOutcome> {
  const cause = await prisma.cause.findUnique({ where: { slug }, select: { id: true, suppressed: true } });
  if (!cause) throw new UnknownCauseError(slug);
  await prisma.$transaction([
    prisma.cause.update({ where: { id: cause.id }, data: { suppressed: false, suppressedReason: null, suppressedAt: null } }),
    ...(cause.suppressed
      ? [prisma.suppressionEvent.create({ data: { causeId: cause.id, action: 'unsuppress', reason: null, at: now, by: actor.by ?? null } })]
      : []),
    bumpContentVersion(prisma),
  ]);
  await recordCauseChanges(prisma, now);
  return { slug, changed: cause.suppressed };
}
