// Chooses and stores the daily action of a content day: the active, non-suppressed cause with the
// highest urgency score, in the order of compareByUrgency, that was not the daily action on any of the
// previous PICK_COOLDOWN_DAYS days, and whose deadline is after the content day: the daily action is
// served until 02:00 the next day, so a cause that closes at the end of the content day itself would be
// shown for two hours after it closed. A cause held for an editor (editorialState needs_editor) is never
// chosen, nor one whose figures the source dates more than FIGURES_MAX_AGE_DAYS before the content day
// (betterplace's updated_at): a call to act today needs figures of about now. Stored once per day (the day
// is the primary key).
import type { Db } from '../../infra/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { addDays, berlinDate, contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { rankableSelect, rankCauses, type RankedCause } from '../causes/cause-ranking.js';
import { generateActions, hasCurrentActions } from '../texts/texts.service.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { FIGURES_MAX_AGE_DAYS } from '../causes/staleness.js';
import { PICKABLE_STATES } from '../review/review-state.js';
import { recordServedDailyAction } from './served-snapshot.service.js';
import { insertDailyPick } from '../../sql/daily-pick.js';

export const PICK_COOLDOWN_DAYS = 7;
/** The oldest day (YYYY-MM-DD) whose figures a daily action of `day` may carry. */
export const oldestPickableFigures = (day: string) => addDays(day, -FIGURES_MAX_AGE_DAYS);

export function choosePick(ranked: RankedCause[], recentlyPicked: Set<string>, day: string, now: Date): RankedCause | undefined {
  const today = berlinDate(now);
  const openAfterDay = (entry: RankedCause) => {
    const days = entry.score.signals.days_until_deadline;
    return days === null || addDays(today, days) > day;
  };
  return ranked.find((entry) => !entry.suppressed && !recentlyPicked.has(entry.id) && openAfterDay(entry));
}

/** What may be the daily action at all: listed, not suppressed, cleared by review, its texts publishable. */
export const PICK_ELIGIBLE_WHERE = {
  active: true,
  suppressed: false,
  editorialState: 'ok',
  reviewState: { in: PICKABLE_STATES },
} satisfies Prisma.CauseWhereInput;

/**
 * The cause the pick of `day` would take now (choosePick over the eligible causes), without storing it;
 * never one of `notPicked`, as if it had been picked in the cooldown.
 */
export async function pickCandidate(prisma: Db, day: string, now: Date, notPicked: ReadonlySet<string> = new Set()): Promise<RankedCause | undefined> {
  const [rows, recent] = await Promise.all([
    // only causes whose texts pass the editorial check in both languages, and whose figures are not old
    prisma.cause.findMany({
      where: { ...PICK_ELIGIBLE_WHERE, OR: [{ figuresAsOf: null }, { figuresAsOf: { gte: dateToDb(oldestPickableFigures(day)) } }] },
      select: rankableSelect,
    }),
    prisma.dailyPick.findMany({
      where: { day: { gte: dateToDb(addDays(day, -PICK_COOLDOWN_DAYS)), lt: dateToDb(day) } },
      select: { causeId: true },
    }),
  ]);
  return choosePick(rankCauses(rows, now), new Set([...notPicked, ...recent.map((r) => r.causeId)]), day, now);
}

export interface StoredPick {
  day: string;
  causeId: string;
  slug: string;
  scoreTotal: number;
  /** false when another run had already stored the pick of that day */
  created: boolean;
}

export async function storeDailyPick(prisma: Db, day: string, now: Date, jobRunId: string | null): Promise<StoredPick | null> {
  const existing = await prisma.dailyPick.findUnique({ where: { day: dateToDb(day) }, include: { cause: { select: { slug: true } } } });
  if (existing && existing.chosenBy !== null && !(await prisma.cause.count({ where: { id: existing.causeId, ...PICK_ELIGIBLE_WHERE } }))) {
    // an editor chose it in advance, and it has since been rejected, suppressed or ended: the day is picked anew
    await prisma.dailyPick.deleteMany({ where: { day: dateToDb(day), causeId: existing.causeId } });
    return storeDailyPick(prisma, day, now, jobRunId);
  }
  if (existing) return { day, causeId: existing.causeId, slug: existing.cause.slug, scoreTotal: existing.scoreTotal, created: false };

  const pick = await pickCandidate(prisma, day, now);
  if (!pick) return null;
  // Inserted only while the cause is still active and not suppressed (a suppression may have landed
  // since the candidates were read), and only if no other run stored the day's pick first.
  const [count] = await prisma.$transaction([
    insertDailyPick(prisma, { day: dateToDb(day), causeId: pick.id, scoreTotal: pick.score.total, jobRunId, chosenAt: now }),
    bumpContentVersion(prisma),
  ]);
  if (count === 0) return storeDailyPick(prisma, day, now, jobRunId); // lost a race: look again
  return { day, causeId: pick.id, slug: pick.slug, scoreTotal: pick.score.total, created: true };
}

/**
 * The day's pick (stored now if it has none) with its action texts, written when the pick is new or its
 * texts are missing or from another day: the refresh, the catch-up's re-pick and a suppression's
 * replacement all go through here. On the current content day what is then served is kept for the
 * archive (also when nothing is: a withdrawn pick).
 */
export async function storeDailyAction(
  prisma: Db,
  generator: TextGenerator,
  day: string,
  now: Date,
  jobRunId: string | null,
  options: { announce?: boolean } = {},
): Promise<StoredPick | null> {
  const pick = await storeDailyPick(prisma, day, now, jobRunId);
  if (pick && (pick.created || !(await hasCurrentActions(prisma, pick.causeId, now)))) {
    await generateActions(prisma, generator, pick.causeId, now);
  }
  if (day === contentDay(now)) await recordServedDailyAction(prisma, now, options);
  return pick;
}
