// The demo's month of history: on the first start with the demo catalogue, each of the DEMO_ARCHIVE_DAYS
// content days before today gets the daily action a refresh of that day would have chosen among the demo's
// causes (the pick's rules and cooldown, never today's pick), its action texts written as of that day, and
// the archive's copy as it would have been served: so `/daily-actions`, `/daily-actions/{date}` and the
// daily-action feeds answer with items from the first start. Made up like the catalogue itself (each copy
// names its source, "… (Demo)"); retiring the demo removes the picks with their days. Written before the
// start answers with keys: the embedded database serves one statement at a time, and these writes beside
// requests' reads broke both.
import type { Db } from '../../infra/prisma.js';
import { addDays, asOfInstant, contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { generateActions } from '../texts/texts.service.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { pickCandidate } from './daily-pick.service.js';
import { recordServedDailyAction } from './served-snapshot.service.js';

export const DEMO_ARCHIVE_DAYS = 30;

/**
 * What the archive holds after it (for the start's log). Nothing is made up when a day before today
 * already has a pick, nor while today's has not been chosen (another process's refresh still running):
 * the past month never takes today's action, whose texts are today's.
 */
export async function recordDemoArchive(prisma: Db, generator: TextGenerator, now: Date): Promise<string> {
  const today = contentDay(now);
  if (await prisma.dailyPick.count({ where: { day: { lt: dateToDb(today) } } })) return 'kept: earlier days have their daily actions already';
  const todays = await prisma.dailyPick.findUnique({ where: { day: dateToDb(today) }, select: { causeId: true } });
  if (!todays) return "not written: today's daily action is not chosen yet";
  const notPicked = new Set([todays.causeId]);
  const imported = await prisma.cause.findMany({ select: { id: true, firstImportedAt: true } });
  let written = 0;
  for (let back = DEMO_ARCHIVE_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const at = asOfInstant(day);
    // nor a cause the demo says was first imported after that day
    const notYet = imported.filter((c) => c.firstImportedAt > at).map((c) => c.id);
    const pick = await pickCandidate(prisma, day, at, new Set([...notPicked, ...notYet]));
    if (!pick) continue;
    const data = { day: dateToDb(day), causeId: pick.id, scoreTotal: pick.score.total, jobRunId: null, chosenAt: at };
    // another process starting on the same database writes the history: this one leaves it to that one
    if (!(await prisma.dailyPick.createMany({ data: [data], skipDuplicates: true })).count) break;
    await generateActions(prisma, generator, pick.id, at);
    if ((await recordServedDailyAction(prisma, at, { announce: false })) !== 'served') continue;
    // served as that day's refresh would have: refreshed then, not at this start
    const copies = await prisma.dailyActionSnapshot.findMany({ where: { day: dateToDb(day) } });
    for (const copy of copies) {
      const body = copy.body as { cause: { refreshed_at: string } };
      body.cause.refreshed_at = at.toISOString();
      await prisma.dailyActionSnapshot.update({ where: { day_language: { day: copy.day, language: copy.language } }, data: { body } });
    }
    written += 1;
  }
  return `the daily actions of the ${written} days before today`;
}
