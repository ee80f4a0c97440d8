// Removes the bundled demo catalogue from a database: its sources, their causes (with texts and
// actions), the daily picks that named them and the archive's copies of those days. For a production database that imported the demo
// before the demo became opt-in; if today's daily action was a demo cause, another is chosen at once.
import type { Db } from '../../infra/prisma.js';
import { contentDay, dateToDb } from '../../time/berlin-calendar.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { ensureDailyPick } from './refresh.service.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { recordDeletedCauses } from '../../sql/cause-removal.js';
import { lockChangeRecording } from '../../sql/locks.js';

export interface DemoRemoval {
  sources: string[];
  causes: number;
  /** daily picks (today's and earlier days') that named a demo cause */
  picks: number;
  /** set when today's pick was a demo cause: the slug chosen instead, or null when none is eligible */
  replacement?: string | null;
}

export async function removeDemoCatalogue(prisma: Db, generator: TextGenerator, now: Date): Promise<DemoRemoval> {
  const sources = await prisma.source.findMany({ where: { type: 'demo' }, select: { id: true, name: true }, orderBy: { name: 'asc' } });
  if (!sources.length) return { sources: [], causes: 0, picks: 0 };
  const sourceIds = sources.map((s) => s.id);
  const today = dateToDb(contentDay(now));
  const todaysWasDemo = (await prisma.dailyPick.count({ where: { day: today, cause: { sourceId: { in: sourceIds } } } })) > 0;
  const causeIds = (await prisma.cause.findMany({ where: { sourceId: { in: sourceIds } }, select: { id: true } })).map((c) => c.id);
  const [, picks, , , causes] = await prisma.$transaction([
    lockChangeRecording(prisma),
    prisma.dailyPick.deleteMany({ where: { cause: { sourceId: { in: sourceIds } } } }),
    // the archive's copies of the days they were served, the demo's made-up month among them
    prisma.dailyActionSnapshot.deleteMany({ where: { causeId: { in: causeIds } } }),
    recordDeletedCauses(prisma, sourceIds, now),
    prisma.cause.deleteMany({ where: { sourceId: { in: sourceIds } } }),
    prisma.source.deleteMany({ where: { id: { in: sourceIds } } }),
    bumpContentVersion(prisma),
  ]);
  const removal: DemoRemoval = { sources: sources.map((s) => s.name), causes: causes.count, picks: picks.count };
  if (todaysWasDemo) removal.replacement = (await ensureDailyPick(prisma, generator, now))?.slug ?? null;
  return removal;
}

/** What the log and /status say after the demo catalogue was retired because the configuration has none. */
export function describeDemoRetirement(removal: DemoRemoval): string {
  const replaced =
    removal.replacement === undefined
      ? ''
      : removal.replacement === null
        ? "; today's daily action was a demo cause and no other cause is eligible yet"
        : `; today's daily action was a demo cause and is now ${removal.replacement}`;
  return (
    `the configured sources do not include the demo catalogue: retired it (${removal.sources.length} demo ${removal.sources.length === 1 ? 'source' : 'sources'}, ` +
    `${removal.causes} ${removal.causes === 1 ? 'cause' : 'causes'}, ${removal.picks} daily ${removal.picks === 1 ? 'pick' : 'picks'})${replaced}`
  );
}
