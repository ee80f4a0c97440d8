// What `GET /causes/{slug}` (and GraphQL's `cause(slug:)`) says of a cause that was listed and is no longer:
// 410 Gone with why and since when, in the incremental sync's terms (cause-changes.service.ts): its reason
// codes (goneReasonSql, src/sql/cause.ts), the state it recorded for the cause (Cause.syncState,
// changedAt) and, for a cause deleted since, its tombstone (CauseRemoval). A suppressed cause is still
// listed (spec 2.3) and is not ended; a slug that never belonged to a listed cause stays unknown (404).
// Read only after the listed cause was not found, so the answer for a listed cause costs nothing more.
import type { Db } from '../../infra/prisma.js';
import { berlinDate, dateFromDb } from '../../time/berlin-calendar.js';
import type { REMOVAL_REASONS } from './cause-changes.service.js';
import { causeEndingState } from '../../sql/cause.js';

/** The removal reasons that end a cause for REST (a suppressed or recategorised cause is still listed). */
export const ENDED_REASONS = ['expired', 'removed', 'inactive', 'rejected', 'unreviewed'] as const satisfies readonly (typeof REMOVAL_REASONS)[number][];
export type EndedReason = (typeof ENDED_REASONS)[number];

export interface CauseEnding {
  reason: EndedReason;
  /** when the service took it off the list */
  endedAt: Date;
  /** YYYY-MM-DD; null when unknown (the cause was deleted since) or it had none */
  deadline: string | null;
}

const isEndedReason = (value: unknown): value is EndedReason => (ENDED_REASONS as readonly unknown[]).includes(value);

/** Why, per reason: the first sentence of the 410's message. */
const WHY: Record<EndedReason, (deadline: string | null) => string> = {
  expired: (deadline) => (deadline ? `This cause has ended: its deadline was ${deadline}.` : 'This cause has ended: its deadline passed.'),
  removed: () => 'This cause has ended: its source no longer lists it.',
  inactive: () => 'This cause has ended: its source closed it.',
  rejected: () => 'This cause was withdrawn: an editor rejected it.',
  unreviewed: () => 'This cause is withdrawn until an editor has reviewed it again.',
};

/** The 410's message: why, then the Berlin day it left the list. */
export const endedMessage = (ending: CauseEnding) => `${WHY[ending.reason](ending.deadline)} It left the list on ${berlinDate(ending.endedAt)}.`;

/** Every message endedMessage writes matches this (the OpenAPI document's pattern). */
export const ENDED_MESSAGE_PATTERN = '^This cause (has ended|was withdrawn|is withdrawn)[: ].* It left the list on \\d{4}-\\d{2}-\\d{2}\\.$';

/**
 * Why and since when the cause of `slug` is no longer listed, or null when it is listed or was never
 * listed (or nothing is known of the slug). `now` dates an ending the sync has not recorded yet (the
 * moment between a write and its recording).
 */
export async function causeEnding(prisma: Db, slug: string, now: Date): Promise<CauseEnding | null> {
  const cause = await causeEndingState(prisma, slug);
  if (cause) {
    if (!cause.wasListed || !isEndedReason(cause.reason)) return null;
    const recorded = cause.syncState === `gone:${cause.reason}` && cause.changedAt !== null;
    return { reason: cause.reason, endedAt: recorded ? cause.changedAt! : now, deadline: cause.deadline ? dateFromDb(cause.deadline) : null };
  }
  // deleted since (the demo catalogue's removal): its last tombstone, while it is kept
  const tombstone = await prisma.causeRemoval.findFirst({ where: { slug }, orderBy: { seq: 'desc' }, select: { reason: true, removedAt: true } });
  return tombstone && isEndedReason(tombstone.reason) ? { reason: tombstone.reason, endedAt: tombstone.removedAt, deadline: null } : null;
}
