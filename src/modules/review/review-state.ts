// Which causes an editor's review lets readers see: the source's review setting, the state a new cause of
// it starts in, and the conditions "listed" and "may be the daily action" as Prisma filters (and, built
// from the same states, in the SQL of src/sql/cause.ts and src/sql/daily-pick.ts). One place for these
// rules: every list, feed, count and the pick read them from here.
import { hash } from 'node:crypto';
import type { Prisma, ReviewState } from '../../generated/prisma/client.js';

/**
 * A source's `review` setting: "none", its causes need no review (a verified source: the demo catalogue,
 * a platform that verifies each organisation); "pick", they are listed before review but never the daily
 * action until an editor approves them; "list", they are neither listed nor picked before review.
 */
export const REVIEW_MODES = ['none', 'pick', 'list'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

/** The setting of a source that says nothing: the safe one, except for the bundled demo catalogue (ours, made up). */
export function reviewModeOf(source: { type: string; review?: ReviewMode }): ReviewMode {
  return source.review ?? (source.type === 'demo' ? 'none' : 'list');
}

/** The state a cause of a source with this setting waits in until an editor decides. */
export const pendingState = (mode: ReviewMode): ReviewState => (mode === 'none' ? 'not_required' : mode === 'pick' ? 'pending_listed' : 'pending_unlisted');

export const PENDING_STATES: ReviewState[] = ['pending_listed', 'pending_unlisted'];
/** States in which a cause is listed (while it is active). */
export const LISTED_STATES: ReviewState[] = ['not_required', 'pending_listed', 'released', 'approved'];
/** States in which a cause may be the daily action. */
export const PICKABLE_STATES: ReviewState[] = ['not_required', 'approved'];

/** The causes integrators see in lists, feeds and by slug: active, and not kept off the lists by review. */
export const LISTED_WHERE = { active: true, reviewState: { in: LISTED_STATES } } satisfies Prisma.CauseWhereInput;

/** What an editor reads before deciding: a change of these words sends an approved or released cause back for review. */
export function reviewedWordsOf(words: {
  title: string;
  description: string;
  organisationName: string;
  titleEn?: string | null;
  descriptionEn?: string | null;
}): string {
  const fields = [words.title, words.description, words.organisationName, words.titleEn ?? null, words.descriptionEn ?? null];
  return hash('sha256', JSON.stringify(fields), 'hex').slice(0, 32);
}

/** Why the import sent an approved or released cause back for review (its ReviewEvent, decision reopen). */
export const REOPEN_REASON = 'the source changed the words after the decision';

/**
 * The state a cause takes at an import, from the state it had and the source's setting: a decision stays
 * (an approval or release only while the words the editor read are unchanged), a pending cause follows the
 * setting. Returns whether an approval or release lapsed (recorded as a reopen).
 */
export function nextReviewState(previous: ReviewState | null, mode: ReviewMode, wordsUnchanged: boolean): { state: ReviewState; reopened: boolean } {
  if (previous === 'rejected') return { state: previous, reopened: false };
  if (previous === 'approved' || previous === 'released') {
    if (wordsUnchanged) return { state: previous, reopened: false };
    return { state: pendingState(mode), reopened: mode !== 'none' };
  }
  return { state: pendingState(mode), reopened: false };
}
