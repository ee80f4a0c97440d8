// The archive of daily actions, read side: for each content day, what the daily action served (the
// snapshot kept that day, served-snapshot.service.ts) or why there is none on record. The range rules
// and messages are shared by GraphQL and REST v1.
import type { Db } from '../../infra/prisma.js';
import { REFRESH_JOB_NAME } from '../refresh/refresh-result.js';
import { addDays, dateFromDb, dateToDb, daysBetween, isCalendarDate } from '../../time/berlin-calendar.js';
import type { Language } from '../texts/text-generator.js';

/** Without `from`, the range is the 30 days up to `to`. */
export const ARCHIVE_DEFAULT_DAYS = 30;
/** At most this many days from `from` to `to`, both included. */
export const ARCHIVE_MAX_DAYS = 366;

/** Why a day has no archived daily action (the `reason` of its entry). */
export const ARCHIVE_REASONS = {
  notArchived: 'Not archived: a daily action was chosen for this day, but what was served is not on record.',
  withdrawn: 'Withdrawn: the daily action of this day was suppressed and no other cause was eligible.',
  rejected: "Withdrawn: an editor rejected the cause of this day's daily action after it was served.",
  noneEligible: 'No cause was eligible for the daily action on this day.',
  noRefresh: 'No refresh completed for this day, so no daily action was chosen.',
} as const;

export const archiveMessages = {
  notADate: (name: string) => `Invalid value for "${name}": expected a date written YYYY-MM-DD.`,
  future: (name: string) => `Invalid value for "${name}": expected a day no later than the current content day.`,
  fromAfterTo: 'Invalid value for "from": expected a day no later than "to".',
  tooLong: `Invalid value for "from": expected a day at most ${ARCHIVE_MAX_DAYS - 1} days before "to".`,
  notRecorded: (date: string) => `No daily action recorded for the day "${date}".`,
} as const;

/** The JSON GET /daily-action served (cause and action), as kept. */
export type ServedBody = { cause: Record<string, unknown> & { id: string }; action: Record<string, unknown> | null };

export interface ArchivedDay {
  date: string;
  /** what was served, by language; null when `reason` says why nothing is on record */
  bodies: Partial<Record<Language, ServedBody>> | null;
  reason: string | null;
}

/** Checks a day given as `name`: a calendar date, not after `today` (the current content day). */
export function dayProblem(name: string, value: string, today: string): string | null {
  if (!isCalendarDate(value)) return archiveMessages.notADate(name);
  if (value > today) return archiveMessages.future(name);
  return null;
}

/** The range asked for, with its defaults (`to`: today; `from`: 29 days before `to`), or the 400 message. */
export function archiveRange(
  from: string | null | undefined,
  to: string | null | undefined,
  today: string,
): { from: string; to: string } | { problem: string } {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const problem = value == null ? null : dayProblem(name, value, today);
    if (problem) return { problem };
  }
  const last = to ?? today;
  const first = from ?? addDays(last, -(ARCHIVE_DEFAULT_DAYS - 1));
  if (first > last) return { problem: archiveMessages.fromAfterTo };
  if (daysBetween(first, last) + 1 > ARCHIVE_MAX_DAYS) return { problem: archiveMessages.tooLong };
  return { from: first, to: last };
}

/** The first content day the service has a record of (a refresh, a pick or a snapshot), or null. */
export async function firstRecordedDay(prisma: Db): Promise<string | null> {
  const [pick, run, snapshot] = await Promise.all([
    prisma.dailyPick.aggregate({ _min: { day: true } }),
    prisma.jobRun.aggregate({ where: { job: REFRESH_JOB_NAME }, _min: { day: true } }),
    prisma.dailyActionSnapshot.aggregate({ _min: { day: true } }),
  ]);
  const days = [pick._min.day, run._min.day, snapshot._min.day].flatMap((d) => (d ? [dateFromDb(d)] : []));
  return days.length ? days.sort()[0] : null;
}

/**
 * One page of the days from `from` to `to`, newest first. Days before the service's first recorded day
 * are not listed (the service did not run then); every later day is, with a reason when it has no action.
 */
export async function archivePage(prisma: Db, from: string, to: string, page: number, pageSize: number): Promise<{ total: number; days: ArchivedDay[] }> {
  const first = await firstRecordedDay(prisma);
  const start = first !== null && first > from ? first : from;
  const total = first === null || start > to ? 0 : daysBetween(start, to) + 1;
  const dates: string[] = [];
  for (let i = (page - 1) * pageSize; i < Math.min(total, page * pageSize); i += 1) dates.push(addDays(to, -i));
  return { total, days: await archivedDays(prisma, dates) };
}

/** One day, or null when it is before the service's first recorded day (nothing recorded). */
export async function archivedDay(prisma: Db, date: string): Promise<ArchivedDay | null> {
  const first = await firstRecordedDay(prisma);
  if (first === null || date < first) return null;
  return (await archivedDays(prisma, [date]))[0];
}

async function archivedDays(prisma: Db, dates: string[]): Promise<ArchivedDay[]> {
  if (!dates.length) return [];
  const days = dates.map(dateToDb);
  const [snapshots, picks, runs] = await Promise.all([
    prisma.dailyActionSnapshot.findMany({ where: { day: { in: days } }, select: { day: true, language: true, body: true, causeId: true } }),
    prisma.dailyPick.findMany({ where: { day: { in: days } }, select: { day: true } }),
    prisma.jobRun.findMany({ where: { job: REFRESH_JOB_NAME, status: 'succeeded', day: { in: days } }, select: { day: true, chosenCauseId: true } }),
  ]);
  // what an editor rejected after its day is served no more: not in the archive, nor in the feeds read from it
  const servedCauses = [...new Set(snapshots.flatMap((s) => (s.body !== null && s.causeId ? [s.causeId] : [])))];
  const rejected = new Set(
    servedCauses.length
      ? (await prisma.cause.findMany({ where: { id: { in: servedCauses }, reviewState: 'rejected' }, select: { id: true } })).map((c) => c.id)
      : [],
  );
  return dates.map((date): ArchivedDay => {
    const on = (d: Date | null) => d !== null && dateFromDb(d) === date;
    const kept = snapshots.filter((s) => on(s.day));
    if (kept.length) {
      const served = kept.filter((s) => s.body !== null);
      if (!served.length) return { date, bodies: null, reason: ARCHIVE_REASONS.withdrawn };
      if (served.some((s) => s.causeId && rejected.has(s.causeId))) return { date, bodies: null, reason: ARCHIVE_REASONS.rejected };
      return { date, bodies: Object.fromEntries(served.map((s) => [s.language, s.body as ServedBody])), reason: null };
    }
    if (picks.some((p) => on(p.day))) return { date, bodies: null, reason: ARCHIVE_REASONS.notArchived };
    const dayRuns = runs.filter((r) => on(r.day));
    // a run chose a cause but the day has no pick: it was suppressed later (before the archive kept days)
    if (dayRuns.some((r) => r.chosenCauseId !== null)) return { date, bodies: null, reason: ARCHIVE_REASONS.withdrawn };
    if (dayRuns.length) return { date, bodies: null, reason: ARCHIVE_REASONS.noneEligible };
    return { date, bodies: null, reason: ARCHIVE_REASONS.noRefresh };
  });
}
