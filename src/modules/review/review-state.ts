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

/**
 * The causes review lets anyone but an editor see, active or not: the dashboards' searches, counts and
 * histories (an editor finds the others in the review queue).
 */
export const SEEN_BEYOND_REVIEW = { reviewState: { in: LISTED_STATES } } satisfies Prisma.CauseWhereInput;

/** The causes integrators see in lists, feeds and by slug: active, and not kept off the lists by review. */
export const LISTED_WHERE = { active: true, reviewState: { in: LISTED_STATES } } satisfies Prisma.CauseWhereInput;

/** What an editor reads before deciding: a change of these words (or of the links, below) sends an approved or released cause back for review. */
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

/**
 * Beside the words, what an approval or release holds for: where the cause sends readers (its page on the
 * platform, the organisation's site), the image shown with it, and its category. A source that changes any
 * of them after the decision sends the cause back for review, as a change of the words does.
 */
export interface ReviewedLinks {
  category: string;
  sourceUrl: string;
  organisationUrl: string;
  imageUrl: string | null;
}

export const reviewedLinksUnchanged = (before: ReviewedLinks, after: ReviewedLinks): boolean =>
  before.category === after.category &&
  before.sourceUrl === after.sourceUrl &&
  before.organisationUrl === after.organisationUrl &&
  before.imageUrl === after.imageUrl;

/** Why the import sent an approved or released cause back for review (its ReviewEvent, decision reopen). */
export const REOPEN_REASON = 'the source changed the words, links or category after the decision';

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
