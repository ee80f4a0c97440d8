// The demo's month of history: on the first start with the demo catalogue, each of the DEMO_ARCHIVE_DAYS
// content days before today gets the daily action a refresh of that day would have chosen among the demo's
// causes (the pick's rules and cooldown, never today's pick), its action texts written as of that day, and
// the archive's copy as it would have been served: so `/daily-actions`, `/daily-actions/{date}` and the
// daily-action feeds answer with items from the first start. Made up like the catalogue itself: the picks
// belong to a job run of trigger DEMO_HISTORY_TRIGGER, and retiring the demo removes them with their days.
import type { Db } from '../../infra/prisma.js';
import { addDays, asOfInstant, contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { REFRESH_JOB_NAME } from '../refresh/refresh-result.js';
import { generateActions } from '../texts/texts.service.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { pickCandidate } from './daily-pick.service.js';
import { recordServedDailyAction } from './served-snapshot.service.js';

export const DEMO_ARCHIVE_DAYS = 30;
/** The trigger of the job run the demo's made-up past picks belong to. */
export const DEMO_HISTORY_TRIGGER = 'demo-history';

/** Days of the archive written: 0 when any day before today already has a pick (nothing is made up then). */
export async function recordDemoArchive(prisma: Db, generator: TextGenerator, now: Date): Promise<number> {
  const today = contentDay(now);
  if (await prisma.dailyPick.count({ where: { day: { lt: dateToDb(today) } } })) return 0;
  const todays = await prisma.dailyPick.findUnique({ where: { day: dateToDb(today) }, select: { causeId: true } });
  // today's action is not also one of the past month's: its texts are today's
  const notPicked = new Set(todays ? [todays.causeId] : []);
  const run = await prisma.jobRun.create({
    data: { job: REFRESH_JOB_NAME, trigger: DEMO_HISTORY_TRIGGER, status: 'succeeded', startedAt: now, finishedAt: now },
  });
  const imported = await prisma.cause.findMany({ select: { id: true, firstImportedAt: true } });
  let written = 0;
  for (let back = DEMO_ARCHIVE_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const at = asOfInstant(day);
    // nor a cause the demo says was first imported after that day
    const notYet = imported.filter((c) => c.firstImportedAt > at).map((c) => c.id);
    const pick = await pickCandidate(prisma, day, at, new Set([...notPicked, ...notYet]));
    if (!pick) continue;
    const data = { day: dateToDb(day), causeId: pick.id, scoreTotal: pick.score.total, jobRunId: run.id, chosenAt: at };
    // another process starting on the same database writes the history: this one leaves it to that one
    if (!(await prisma.dailyPick.createMany({ data: [data], skipDuplicates: true })).count) return written;
    await generateActions(prisma, generator, pick.id, at);
    if ((await recordServedDailyAction(prisma, at)) !== 'served') continue;
    // served as that day's refresh would have: refreshed then, not at this start
    const copies = await prisma.dailyActionSnapshot.findMany({ where: { day: dateToDb(day) } });
    for (const copy of copies) {
      const body = copy.body as { cause: { refreshed_at: string } };
      body.cause.refreshed_at = at.toISOString();
      await prisma.dailyActionSnapshot.update({ where: { day_language: { day: copy.day, language: copy.language } }, data: { body } });
    }
    written += 1;
  }
  return written;
}
