// First start on an empty catalogue: imports the demo sources' items that say they were first imported
// on an earlier day, through the same import as the refresh, and dates each one's first import back to
// that day, so the demo shows a believable spread of import ages. Items of today are left to the
// refresh itself. One import per source (as of the latest earlier day) and one update of the first
// import times give the rows a day-by-day replay gave, in a fraction of the start-up time.
import type { Db } from '../../infra/prisma.js';
import { berlinDate } from '../causes/berlin-calendar.js';
import { importSourceItems } from '../causes/cause-import.service.js';
import { readDemoFeed } from './demo-feed.js';
import type { SourceConfig } from './sources-config.js';

const DAY_MS = 86_400_000;

export async function importDemoHistory(prisma: Db, sources: SourceConfig[], now: Date): Promise<boolean> {
  const demos = sources.filter((s) => s.type === 'demo');
  if (!demos.length || (await prisma.cause.count()) > 0) return false;
  const today = berlinDate(now);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  for (const source of demos) {
    const earlier = readDemoFeed(source.location, today).filter((i) => i.importedDaysAgo > 0);
    if (!earlier.length) continue;
    // as of the last earlier import day: what the source's causes looked like when last seen before today
    await importSourceItems(prisma, source, earlier.map((i) => i.item), daysAgo(Math.min(...earlier.map((i) => i.importedDaysAgo))));
    const externalIds = earlier.map((i) => String(i.item.externalId));
    const firstImportedAt = earlier.map((i) => daysAgo(i.importedDaysAgo));
    await prisma.$executeRaw`
      UPDATE "Cause" AS c SET "firstImportedAt" = v.at
      FROM unnest(${externalIds}::text[], ${firstImportedAt}::timestamptz[]) AS v(id, at), "Source" AS s
      WHERE s."name" = ${source.name} AND c."sourceId" = s."id" AND c."externalId" = v.id`;
  }
  return true;
}
