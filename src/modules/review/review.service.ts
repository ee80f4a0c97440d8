// The editor's desk: the review queue, the decisions on a cause (approve, release, reject), their history,
// and the coming day's daily action (a preview, and an editor's choice of it before 02:00). The use cases
// above causes/ and daily-action/: a decision that takes today's daily action away chooses a replacement.
import type { Db } from '../../infra/prisma.js';
import type { ReviewDecision, ReviewState } from '../../generated/prisma/client.js';
import { addDays, asOfInstant, berlinDate, contentDay, dateFromDb, dateToDb } from '../../time/berlin-calendar.js';
import { UnknownCauseError } from '../causes/unknown-cause-error.js';
import { rankableSelect, rankCauses } from '../causes/cause-ranking.js';
import { recordCauseChanges } from '../causes/cause-changes.service.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { PICK_ELIGIBLE_WHERE, pickCandidate, storeDailyAction } from '../daily-action/daily-pick.service.js';
import { causeFacts, type GeneratedAction, type Language, type TextGenerator } from '../texts/text-generator.js';
import { LANGUAGES } from '../causes/list-params.js';
import type { ReviewFlag } from './flags.js';
import { PENDING_STATES, reviewedWordsOf, LISTED_STATES } from './review-state.js';
import type { DailyActionPreview, Desk, EditorDecision, QueueItem, ReviewHistory, ReviewOutcome } from './desk.js';
import { setText } from '../texts/editorial.service.js';
import { EditorialError } from '../texts/text-fields.js';

/** An editor's decisions and the state each leaves the cause in. */
export const DECISIONS = { approve: 'approved', release: 'released', reject: 'rejected' } as const satisfies Record<
  Exclude<ReviewDecision, 'reopen'>,
  ReviewState
>;
export const REASON_MAX_CHARS = 500;

export class ReviewError extends Error {}

/** Who decides: the editor's name where given, else the label of the key or the operator's account. */
export interface Editor {
  by: string;
}

function cleanReason(reason: string | null | undefined, required: boolean): string | null {
  const text = reason?.replace(/\s+/g, ' ').trim() ?? '';
  if (!text && required) throw new ReviewError('A rejection needs a reason (it is recorded and reported to integrators that synced the cause).');
  if (text.length > REASON_MAX_CHARS) throw new ReviewError(`The reason has ${text.length} characters; at most ${REASON_MAX_CHARS} are kept.`);
  return text || null;
}

/**
 * Records the editor's decision on the cause. Approve: listed and may be the daily action; release: listed,
 * never the daily action; reject: listed nowhere (incremental sync reports it removed, reason "rejected").
 * An approval or release holds for the words the editor read: when the source changes them, the import
 * sends the cause back to the queue. When the cause is today's daily action and may no longer be, the day
 * gets a replacement at once; an editor's choice of it for the coming day is withdrawn.
 */
export async function decideReview(
  prisma: Db,
  generator: TextGenerator,
  slug: string,
  decision: EditorDecision,
  editor: Editor & { reason?: string | null },
  now: Date,
): Promise<ReviewOutcome> {
  const reason = cleanReason(editor.reason, decision === 'reject');
  const cause = await prisma.cause.findUnique({
    where: { slug },
    select: { id: true, reviewState: true, title: true, description: true, organisationName: true, titleEn: true, descriptionEn: true },
  });
  if (!cause) throw new UnknownCauseError(slug);
  const state = DECISIONS[decision];
  const today = contentDay(now);
  const leavesPick = state !== 'approved';
  // released or rejected: not the daily action of today, nor of a coming day, any more
  const removePicks = leavesPick ? prisma.dailyPick.deleteMany({ where: { causeId: cause.id, day: { gte: dateToDb(today) } } }) : null;
  const [, , removed] = await prisma.$transaction([
    prisma.cause.update({ where: { id: cause.id }, data: { reviewState: state, reviewedWords: state === 'rejected' ? null : reviewedWordsOf(cause) } }),
    prisma.reviewEvent.create({ data: { causeId: cause.id, decision, fromState: cause.reviewState, toState: state, reason, by: editor.by, at: now } }),
    ...(removePicks ? [removePicks] : []),
    bumpContentVersion(prisma),
  ]);
  await recordCauseChanges(prisma, now);
  const outcome: ReviewOutcome = { slug, from: cause.reviewState, state };
  if (removePicks && (removed as { count: number }).count > 0 && (await prisma.dailyPick.count({ where: { day: dateToDb(today) } })) === 0) {
    const pick = await storeDailyAction(prisma, generator, today, now, null);
    outcome.replacement = pick && { slug: pick.slug };
  }
  return outcome;
}

/**
 * The causes waiting for an editor, in the order the coming day's pick would take them once approved
 * (its urgency order on that day); with `flaggedFirst`, the heaviest flags first and that order within.
 */
export async function reviewQueue(prisma: Db, now: Date, options: { limit: number; flaggedFirst?: boolean }): Promise<{ total: number; items: QueueItem[] }> {
  const where = { active: true, reviewState: { in: PENDING_STATES } };
  const rows = await prisma.cause.findMany({
    where,
    select: {
      ...rankableSelect,
      title: true,
      titleEn: true,
      organisationName: true,
      description: true,
      sourceUrl: true,
      reviewState: true,
      reviewFlags: true,
      reviewWeight: true,
      editorialReason: true,
      source: { select: { name: true } },
      texts: { select: { language: true, summary: true } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ranked = rankCauses(rows, asOfInstant(nextContentDay(now)));
  if (options.flaggedFirst) ranked.sort((a, b) => byId.get(b.id)!.reviewWeight - byId.get(a.id)!.reviewWeight);
  const items = ranked.slice(0, options.limit).map((entry): QueueItem => {
    const row = byId.get(entry.id)!;
    const summary = (lang: Language) => row.texts.find((text) => text.language === lang)?.summary ?? null;
    return {
      slug: row.slug,
      title: row.title,
      titleEn: row.titleEn,
      category: row.category,
      organisationName: row.organisationName,
      sourceName: row.source.name,
      sourceUrl: row.sourceUrl,
      description: row.description,
      reviewState: row.reviewState,
      listed: LISTED_STATES.includes(row.reviewState),
      flags: (row.reviewFlags as ReviewFlag[] | null) ?? [],
      editorialReason: row.editorialReason,
      deadline: row.deadline ? dateFromDb(row.deadline) : null,
      urgencyTotal: entry.score.total,
      summaries: { de: summary('de'), en: summary('en') },
    };
  });
  return { total: rows.length, items };
}

/** The decisions on a cause, oldest first. */
export async function reviewHistory(prisma: Db, slug: string): Promise<ReviewHistory> {
  const cause = await prisma.cause.findUnique({
    where: { slug },
    select: {
      reviewState: true,
      reviewEvents: { orderBy: { at: 'asc' }, select: { decision: true, fromState: true, toState: true, reason: true, by: true, at: true } },
    },
  });
  if (!cause) throw new UnknownCauseError(slug);
  return { state: cause.reviewState, events: cause.reviewEvents };
}

/** The content day after the current one: the day whose daily action the 02:00 refresh chooses next. */
export const nextContentDay = (now: Date) => addDays(contentDay(now), 1);

/**
 * The coming day's daily action as things stand: the editor's choice for that day, or the cause the pick
 * would take, with the action texts the generator writes for it as of that day (not stored: the refresh
 * writes them at 02:00 with the figures of then). Null when no cause is eligible.
 */
export async function previewNextDailyAction(prisma: Db, generator: TextGenerator, now: Date): Promise<DailyActionPreview | null> {
  const day = nextContentDay(now);
  const asOf = asOfInstant(day);
  const chosen = await prisma.dailyPick.findUnique({ where: { day: dateToDb(day) }, select: { causeId: true, chosenBy: true } });
  const causeId = chosen?.causeId ?? (await pickCandidate(prisma, day, asOf))?.id;
  if (!causeId) return null;
  const cause = await prisma.cause.findUniqueOrThrow({ where: { id: causeId } });
  const facts = causeFacts(cause, berlinDate(asOf));
  const written = await Promise.all(LANGUAGES.map((lang) => generator.action(facts, lang)));
  const actions = Object.fromEntries(LANGUAGES.map((lang, i) => [lang, written[i].action])) as Record<Language, GeneratedAction>;
  return { day, slug: cause.slug, title: cause.title, chosenBy: chosen?.chosenBy ?? null, actions };
}

/**
 * An editor's choice of the coming day's daily action, made before the 02:00 refresh that would choose
 * it: stored as that day's pick (the refresh keeps it and writes its texts). The cause must be eligible
 * now (listed, approved or needing no review, not suppressed, texts publishable); if it stops being so
 * before 02:00, the refresh chooses as usual.
 */
export async function chooseNextDailyAction(prisma: Db, slug: string, editor: Editor, now: Date): Promise<{ day: string; slug: string }> {
  const cause = await prisma.cause.findUnique({ where: { slug }, select: { id: true } });
  if (!cause) throw new UnknownCauseError(slug);
  const day = nextContentDay(now);
  const eligible = await prisma.cause.findFirst({ where: { id: cause.id, ...PICK_ELIGIBLE_WHERE }, select: rankableSelect });
  if (!eligible)
    throw new ReviewError(
      `${slug} cannot be the daily action: it must be active, approved (or of a source that needs no review), not suppressed, and its texts publishable.`,
    );
  const [ranked] = rankCauses([eligible], asOfInstant(day));
  const deadlineDays = ranked.score.signals.days_until_deadline;
  if (deadlineDays !== null && deadlineDays < 1) throw new ReviewError(`${slug} cannot be the daily action of ${day}: its deadline is not after that day.`);
  const data = { causeId: cause.id, scoreTotal: ranked.score.total, chosenAt: now, chosenBy: editor.by, jobRunId: null };
  await prisma.$transaction([
    prisma.dailyPick.upsert({ where: { day: dateToDb(day) }, create: { day: dateToDb(day), ...data }, update: data }),
    bumpContentVersion(prisma),
  ]);
  return { day, slug };
}

/** The desk as the GraphQL schema reaches it (desk.ts). */
export const desk: Desk = {
  reviewQueue,
  reviewHistory,
  previewNextDailyAction,
  decideReview,
  chooseNextDailyAction,
  setText,
  expectedError: (error) =>
    error instanceof UnknownCauseError ? 'notFound' : error instanceof ReviewError || error instanceof EditorialError ? 'badInput' : null,
};
