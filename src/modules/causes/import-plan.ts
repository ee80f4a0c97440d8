// What an import of one source changes, decided as data: from the source's valid items, the items it left
// out on purpose or could not read, and the causes it has, which causes are new, changed, unchanged,
// reopened for review, ended (with the reason) or left the feed. Nothing here reads or writes the
// database; cause-import.service.ts reads the causes, builds the rows of the new and changed ones and
// writes the plan in one transaction.
import { hash } from 'node:crypto';
import type { Category, ReviewState } from '../../generated/prisma/client.js';
import { dateToDb, daysBetween } from '../../time/berlin-calendar.js';
import type { FeedItem } from '../sources/feed-item.js';
import type { SkippedItem } from '../sources/skipped-item.js';
import { weighFlags, type ReviewFlag } from '../review/flags.js';
import { nextReviewState, pendingState, reviewedLinksUnchanged, reviewedWordsOf, type ReviewMode } from '../review/review-state.js';
import { screenCause } from '../review/screens.js';
import { FIGURES_MAX_AGE_DAYS } from './staleness.js';
import { fundingProgressPct } from './urgency.js';
import { INACTIVE_REASONS } from './inactive-reasons.js';

function contentHashOf(item: FeedItem): string {
  const fields = [
    item.title,
    item.description,
    item.category,
    item.organisationName,
    item.organisationUrl,
    item.url,
    item.imageUrl ?? null,
    item.deadline ?? null,
    item.fundingGoal ?? null,
    item.fundingCurrent ?? null,
    item.progressPct ?? null,
    item.urgencyScore ?? null,
    item.leverageScore ?? null,
    item.actionsToTippingPoint ?? null,
    // The detected language follows from title and description; only a stated one is a field of its own.
    item.organisationIsPublisher ?? false,
    item.language ?? null,
  ];
  // Appended only when present, so the hash of an item without English (and its texts) stays as it was.
  if (item.titleEn || item.descriptionEn) fields.push(item.titleEn ?? null, item.descriptionEn ?? null);
  if (item.statusOpen || item.figuresAsOf) fields.push(item.statusOpen ?? false, item.figuresAsOf ?? null);
  if (item.closedReason) fields.push(item.closedReason);
  return hash('sha256', JSON.stringify(fields), 'hex').slice(0, 32);
}

/**
 * Where the cause is: not part of the content hash (no text is written from it), so a source that starts
 * giving a place changes no texts; an item whose place changed is rewritten all the same.
 */
export function causePlace(item: FeedItem, sourceRegion: string | undefined) {
  return { region: item.region ?? sourceRegion ?? null, latitude: item.latitude ?? null, longitude: item.longitude ?? null };
}

const samePlace = (a: ReturnType<typeof causePlace>, b: ReturnType<typeof causePlace>) =>
  a.region === b.region && a.latitude === b.latitude && a.longitude === b.longitude;

export function causeData(item: FeedItem, today: string) {
  const progress = fundingProgressPct({
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    progressPct: item.progressPct ?? null,
  });
  const deadlinePassed = item.deadline != null && item.deadline < today;
  // figures the source has not touched for over a year, with neither a deadline nor an open status, say nothing of now
  const stale =
    !item.deadline && !item.statusOpen && !item.closedReason && item.figuresAsOf != null && daysBetween(item.figuresAsOf, today) > FIGURES_MAX_AGE_DAYS;
  return {
    title: item.title,
    description: item.description,
    titleEn: item.titleEn ?? null,
    descriptionEn: item.descriptionEn ?? null,
    category: item.category,
    organisationName: item.organisationName,
    organisationUrl: item.organisationUrl,
    organisationIsPublisher: item.organisationIsPublisher ?? false,
    imageUrl: item.imageUrl ?? null,
    sourceUrl: item.url,
    deadline: item.deadline ? dateToDb(item.deadline) : null,
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    progressPct: item.progressPct ?? null,
    fundingProgressPct: progress,
    urgencyScore: item.urgencyScore ?? null,
    leverageScore: item.leverageScore ?? null,
    actionsToTippingPoint: item.actionsToTippingPoint ?? null,
    statusOpen: item.statusOpen ?? false,
    figuresAsOf: item.figuresAsOf ? dateToDb(item.figuresAsOf) : null,
    contentHash: contentHashOf(item),
    // the source says the action is over (a closed status), or its deadline passed: stored, not served
    active: !deadlinePassed && !item.closedReason && !stale,
    inactiveReason: item.closedReason ?? (deadlinePassed ? INACTIVE_REASONS.deadlinePassed : stale ? staleReason(item.figuresAsOf!) : null),
  };
}

export type CauseData = ReturnType<typeof causeData>;

/** Why a cause is stored inactive when its source has not updated it for too long (figuresAsOf: YYYY-MM-DD). */
export const staleReason = (figuresAsOf: string) => `not updated by its source since ${figuresAsOf}`;

/** What the screens found in an item of a source under review (null for a source that needs none), and their weight. */
export function screened(item: FeedItem, mode: ReviewMode): { reviewFlags: ReviewFlag[] | null; reviewWeight: number } {
  if (mode === 'none') return { reviewFlags: null, reviewWeight: 0 };
  const { flags, weight } = weighFlags(screenCause(item));
  return { reviewFlags: flags, reviewWeight: weight };
}

/** What the import reads of a source's causes. */
export interface PreviousCause {
  id: string;
  externalId: string;
  contentHash: string;
  active: boolean;
  inactiveReason: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  /** YYYY-MM-DD */
  deadline: string | null;
  deadlineSequence: number;
  deadlineChangedAt: Date | null;
  refreshedWithSource: boolean;
  reviewState: ReviewState;
  reviewedWords: string | null;
  /** whether the screens have looked at it (reviewFlags is set) */
  screened: boolean;
  /** what an editor's decision holds for beside the words (review-state.ts, reviewedLinksUnchanged) */
  category: Category;
  sourceUrl: string;
  organisationUrl: string;
  imageUrl: string | null;
}

/** A cause whose review state (and flags) a change of the source's review setting moves, its data unchanged. */
export interface ReviewMove {
  id: string;
  reviewState: ReviewState;
  reviewFlags: ReviewFlag[] | null;
  reviewWeight: number;
}

/** What an import counts, but its skipped items (and the causes the writer ends for a passed deadline or stale figures). */
export interface PlanCounts {
  new: number;
  updated: number;
  unchanged: number;
  reactivated: number;
  deactivated: number;
}

export interface PlanInput {
  /** the source's valid items */
  items: FeedItem[];
  /** the causes the source has */
  current: PreviousCause[];
  /** items the adapter left out on purpose, with the reason their causes end */
  excluded: SkippedItem[];
  /** items in the feed that failed validation: they did not leave it */
  invalid: SkippedItem[];
  /** false when the run saw only part of the feed: nothing is gone for being absent */
  complete: boolean;
  /** the source's review setting now, and at its last import (null: before review existed) */
  mode: ReviewMode;
  previousMode: string | null;
  /** the content day, YYYY-MM-DD (Berlin) */
  today: string;
  /** the source's `region` setting */
  region?: string;
}

export interface ImportPlan {
  /** items new to the source: their data and the review state they start in */
  creates: { item: FeedItem; data: CauseData; reviewState: ReviewState }[];
  /** items whose content, status or place changed */
  changes: { item: FeedItem; data: CauseData; previous: PreviousCause; reviewState: ReviewState; deadlineMoved: boolean }[];
  /** unchanged causes whose review state or flags a changed review setting moves */
  reviewMoves: ReviewMove[];
  /** causes an editor approved or released whose words, links or category the source has changed: reopened, from this state */
  reopened: { id: string; fromState: ReviewState }[];
  /** unchanged causes that take the source's stamp as their refreshed_at from now on */
  seen: string[];
  /** causes this run did not see that had the source's stamp: they keep the time the source last saw them */
  unseen: string[];
  /** active causes of excluded items, by the reason they end */
  ended: Map<string, string[]>;
  /** inactive causes of excluded items whose reason is now the source's */
  reasonChanged: Map<string, string[]>;
  /** active causes that left the feed */
  gone: string[];
  counts: PlanCounts;
}

/** The plan of one import (see the file's head). */
export function planImport({ items, current, excluded, invalid, complete, mode, previousMode, today, region }: PlanInput): ImportPlan {
  const plan: ImportPlan = {
    creates: [],
    changes: [],
    reviewMoves: [],
    reopened: [],
    seen: [],
    unseen: [],
    ended: new Map(),
    reasonChanged: new Map(),
    gone: [],
    counts: { new: 0, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0 },
  };
  const { counts } = plan;
  // a changed setting moves the pending causes of the source (and screens those never screened); a source
  // last imported before review existed had none
  const modeChanged = (previousMode ?? 'none') !== mode;
  const existing = new Map(current.map((row) => [row.externalId, row]));
  for (const item of items) {
    const data = causeData(item, today);
    const previous = existing.get(item.externalId);
    existing.delete(item.externalId);
    if (!previous) {
      plan.creates.push({ item, data, reviewState: pendingState(mode) });
      counts.new += 1;
      continue;
    }
    const wordsUnchanged = previous.reviewedWords === null || previous.reviewedWords === reviewedWordsOf(item);
    const review = nextReviewState(previous.reviewState, mode, wordsUnchanged && reviewedLinksUnchanged(previous, data));
    if (review.reopened) plan.reopened.push({ id: previous.id, fromState: previous.reviewState });
    if (previous.contentHash === data.contentHash && previous.active === data.active && samePlace(previous, causePlace(item, region))) {
      counts.unchanged += 1;
      if (modeChanged && (review.state !== previous.reviewState || (mode !== 'none') !== previous.screened)) {
        plan.reviewMoves.push({ id: previous.id, reviewState: review.state, ...screened(item, mode) });
      }
      // its refreshed_at follows the source's stamp from now on (already does: nothing to write)
      if (!previous.refreshedWithSource) plan.seen.push(previous.id);
      continue;
    }
    // A moved deadline is a new version of the cause's calendar event (feeds/deadline-calendar.ts).
    const deadlineMoved = previous.deadline !== (data.deadline?.toISOString().slice(0, 10) ?? null);
    plan.changes.push({ item, data, previous, reviewState: review.state, deadlineMoved });
    if (previous.active && !data.active) counts.deactivated += 1;
    else if (!previous.active && data.active) counts.reactivated += 1;
    else counts.updated += 1;
  }
  // Every cause this run saw takes its refreshed_at from the source's stamp: an unchanged one that already
  // did costs no write. A cause it did not see (gone, ended by the source, invalid today, or absent from an
  // incomplete run) keeps the time the source last saw it, as its own.
  plan.unseen = [...existing.values()].filter((row) => row.refreshedWithSource).map((row) => row.id);

  // Items the source says are over: their causes end with the source's reason. A cause that had already
  // ended for another reason ("left the feed" before it reappeared as closed) takes the reason the source
  // states now.
  for (const { externalId, reason } of excluded) {
    const row = externalId === null ? undefined : existing.get(externalId);
    if (!row) continue;
    existing.delete(row.externalId);
    if (row.active) {
      plan.ended.set(reason, [...(plan.ended.get(reason) ?? []), row.id]);
      counts.deactivated += 1;
    } else if (row.inactiveReason !== reason) {
      plan.reasonChanged.set(reason, [...(plan.reasonChanged.get(reason) ?? []), row.id]);
      counts.updated += 1;
    }
  }
  // Items that were in the feed but invalid did not leave it: they keep their last good state. A run that
  // saw only part of the feed cannot tell what left it.
  if (complete) {
    const presentButInvalid = new Set(invalid.map((skip) => skip.externalId));
    plan.gone = [...existing.entries()].filter(([externalId, row]) => row.active && !presentButInvalid.has(externalId)).map(([, row]) => row.id);
    counts.deactivated += plan.gone.length;
  }
  return plan;
}
